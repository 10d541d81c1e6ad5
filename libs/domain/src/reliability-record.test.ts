import {
  APPEAL_WINDOW_DAYS,
  RELIABILITY_MIN_SHIFTS,
  RELIABILITY_WEIGHTS,
  STRIKE_LIFETIME_DAYS,
  activeStrikes,
  appealDeadline,
  appealRefusal,
  canAppeal,
  isStrikeActive,
  reliabilityScore,
  reliabilityWindowStart,
  strikeExpiresAt,
  suspendedUntil,
  MESSAGES,
} from './index';

const DAY = 24 * 3600_000;
const T0 = new Date('2026-03-01T12:00:00.000Z');
const at = (days: number, ms = 0) => new Date(T0.getTime() + days * DAY + ms);
const strike = (givenDays: number, removed = false) => ({
  createdAt: at(givenDays),
  expiresAt: strikeExpiresAt(at(givenDays)),
  removedAt: removed ? at(givenDays + 1) : null,
  appealStatus: null,
});

describe('strike expiry (90 days)', () => {
  it('counts on day 89, still 1 ms before day 90, and no more from day 90 or 91', () => {
    const s = strike(0);
    expect(STRIKE_LIFETIME_DAYS).toBe(90);
    expect(isStrikeActive(s, at(89))).toBe(true);
    expect(isStrikeActive(s, at(90, -1))).toBe(true);
    expect(isStrikeActive(s, at(90))).toBe(false);
    expect(isStrikeActive(s, at(91))).toBe(false);
  });

  it('90 days are 90 × 24 h across the clocks of São Paulo and elsewhere (no DST arithmetic)', () => {
    // Given in October, when some zones change clocks: still exactly 90 × 24 h.
    const given = new Date('2026-10-20T03:00:00.000Z');
    expect(strikeExpiresAt(given).getTime() - given.getTime()).toBe(90 * DAY);
  });

  it('a removed strike never counts', () => {
    expect(isStrikeActive(strike(0, true), at(2))).toBe(false);
    expect(activeStrikes([strike(0), strike(1, true), strike(-100)], at(2))).toHaveLength(1);
  });
});

describe('suspension (3 active strikes → 30 days from the third)', () => {
  it('two strikes do not suspend; the third suspends for 30 days from it', () => {
    expect(suspendedUntil([strike(0), strike(10)], at(11))).toBeNull();
    const three = [strike(0), strike(10), strike(20)];
    expect(suspendedUntil(three, at(20))).toEqual(at(50));
    expect(suspendedUntil(three, at(50, -1))).toEqual(at(50));
    expect(suspendedUntil(three, at(50))).toBeNull();
  });

  it('a strike expired before the third one does not count toward it (89/90/91 days)', () => {
    expect(suspendedUntil([strike(0), strike(1), strike(89)], at(89))).toEqual(at(119));
    expect(suspendedUntil([strike(0), strike(1), strike(90)], at(90))).toBeNull();
    expect(suspendedUntil([strike(0), strike(1), strike(91)], at(91))).toBeNull();
  });

  it('removing one of the three lifts the suspension; a fourth one renews it from itself', () => {
    expect(suspendedUntil([strike(0), strike(10, true), strike(20)], at(21))).toBeNull();
    expect(suspendedUntil([strike(0), strike(10), strike(20), strike(25)], at(26))).toEqual(at(55));
  });

  it('ignores strikes given after `now` (a clock in the past)', () => {
    expect(suspendedUntil([strike(0), strike(1), strike(5)], at(3))).toBeNull();
  });
});

describe('appeals (once, within 7 days)', () => {
  it('may appeal until 7 days after the strike, exclusive', () => {
    const s = strike(0);
    expect(APPEAL_WINDOW_DAYS).toBe(7);
    expect(appealDeadline(s.createdAt)).toEqual(at(7));
    expect(canAppeal(s, at(6))).toBe(true);
    expect(canAppeal(s, at(7, -1))).toBe(true);
    expect(appealRefusal(s, at(7))).toBe('window_closed');
    expect(appealRefusal(s, at(8))).toBe('window_closed');
  });

  it('only once, and not a removed strike', () => {
    expect(appealRefusal({ ...strike(0), appealStatus: 'pending' }, at(1))).toBe('already_appealed');
    expect(appealRefusal({ ...strike(0), appealStatus: 'upheld' }, at(1))).toBe('already_appealed');
    expect(appealRefusal(strike(0, true), at(1))).toBe('removed');
  });
});

describe('reliability score', () => {
  const counts = { completed: 0, noShows: 0, checkIns: 0, lateCheckIns: 0, lateCancellations: 0 };

  it('weights add up to 100', () => {
    const { attendance, punctuality, cancellations } = RELIABILITY_WEIGHTS;
    expect(attendance + punctuality + cancellations).toBe(100);
  });

  it('is null ("Sem histórico") under 3 shifts, a number from 3', () => {
    expect(RELIABILITY_MIN_SHIFTS).toBe(3);
    expect(reliabilityScore({ ...counts, completed: 2, checkIns: 2 })).toBeNull();
    expect(reliabilityScore({ ...counts, completed: 1, noShows: 1 })).toBeNull();
    expect(reliabilityScore({ ...counts, completed: 3, checkIns: 3 })).toBe(100);
  });

  it('weighs attendance 50, punctuality 30 and late cancellations 20', () => {
    // 3 of 4 attended (37.5), 2 of 3 check-ins on time (20), 1 late cancellation of 5 (16): 73.5 → 74.
    expect(
      reliabilityScore({ completed: 3, noShows: 1, checkIns: 3, lateCheckIns: 1, lateCancellations: 1 }),
    ).toBe(74);
    expect(reliabilityScore({ ...counts, noShows: 3 })).toBe(20);
    expect(reliabilityScore({ ...counts, lateCancellations: 3 })).toBe(0);
    expect(reliabilityScore({ ...counts, completed: 4, checkIns: 4, lateCheckIns: 4 })).toBe(70);
  });

  it('looks back exactly 90 × 24 h', () => {
    expect(reliabilityWindowStart(at(90))).toEqual(T0);
  });

  it('explains itself in one pt-BR line', () => {
    expect(MESSAGES.reliability.scoreExplanation).toContain('50% presença');
    expect(MESSAGES.reliability.scoreExplanation).toContain('3 turnos');
  });
});
