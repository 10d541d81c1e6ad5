import {
  NOTIFICATION_CHANNELS,
  QUIET_HOURS_URGENT_WITHIN_HOURS,
  VACANCY_ALERTS_PER_HOUR,
  canTurnOff,
  channelOn,
  defaultChannelOn,
  inQuietHours,
  notificationKindsFor,
  quietHoursHoldUntil,
} from './notification-preferences';

/** An instant by its Sao Paulo wall clock (UTC−3 all year: no daylight saving since 2019). */
const sp = (wall: string) => new Date(`${wall}:00-03:00`);
const hours = (n: number) => n * 3_600_000;
const minutes = (n: number) => n * 60_000;

describe('quiet hours (22:00–07:00 Sao Paulo)', () => {
  it.each([
    ['2026-03-10T21:59', false],
    ['2026-03-10T22:00', true],
    ['2026-03-11T00:00', true],
    ['2026-03-11T06:59', true],
    ['2026-03-11T07:00', false],
  ])('at %s in quiet hours: %s', (wall, quiet) => {
    expect(inQuietHours(sp(wall))).toBe(quiet);
  });

  it('sends at once outside quiet hours (21:59, 07:00)', () => {
    expect(quietHoursHoldUntil(sp('2026-03-10T21:59'))).toBeNull();
    expect(quietHoursHoldUntil(sp('2026-03-11T07:00'))).toBeNull();
  });

  it('holds a message of 22:00 until 07:00 the next day, and one of 06:59 until 07:00 the same day', () => {
    expect(quietHoursHoldUntil(sp('2026-03-10T22:00'))).toEqual(sp('2026-03-11T07:00'));
    expect(quietHoursHoldUntil(sp('2026-03-10T23:59'))).toEqual(sp('2026-03-11T07:00'));
    expect(quietHoursHoldUntil(sp('2026-03-11T00:00'))).toEqual(sp('2026-03-11T07:00'));
    expect(quietHoursHoldUntil(sp('2026-03-11T06:59'))).toEqual(sp('2026-03-11T07:00'));
  });

  it("reads the Sao Paulo clock, not the server's: 01:30 UTC is 22:30 in Sao Paulo", () => {
    const now = new Date('2026-03-11T01:30:00Z');
    expect(inQuietHours(now)).toBe(true);
    expect(quietHoursHoldUntil(now)).toEqual(new Date('2026-03-11T10:00:00Z'));
  });

  it('lets a shift that starts within 12 hours through (11:59 yes, 12:00 yes, 12:01 no)', () => {
    const now = sp('2026-03-10T23:00');
    expect(QUIET_HOURS_URGENT_WITHIN_HOURS).toBe(12);
    expect(quietHoursHoldUntil(now, new Date(now.getTime() + hours(12) - minutes(1)))).toBeNull();
    expect(quietHoursHoldUntil(now, new Date(now.getTime() + hours(12)))).toBeNull();
    expect(quietHoursHoldUntil(now, new Date(now.getTime() + hours(12) + minutes(1)))).toEqual(
      sp('2026-03-11T07:00'),
    );
    // One that started already is urgent as well.
    expect(quietHoursHoldUntil(now, new Date(now.getTime() - hours(1)))).toBeNull();
  });

  it('holds a year-end night the same way (no daylight saving: 31/12 22:00 → 01/01 07:00)', () => {
    expect(quietHoursHoldUntil(sp('2026-12-31T22:00'))).toEqual(sp('2027-01-01T07:00'));
  });
});

describe('preferences', () => {
  it('defaults: the bell, push and e-mail on, WhatsApp off; no e-mail for a new vacancy nearby', () => {
    expect(defaultChannelOn('application_accepted', 'in_app')).toBe(true);
    expect(defaultChannelOn('application_accepted', 'web_push')).toBe(true);
    expect(defaultChannelOn('application_accepted', 'email')).toBe(true);
    expect(defaultChannelOn('application_accepted', 'whatsapp')).toBe(false);
    expect(defaultChannelOn('vacancy_nearby', 'email')).toBe(false);
    expect(defaultChannelOn('vacancy_nearby', 'web_push')).toBe(true);
  });

  it('a stored choice wins over the default, except turning off the in-app of a shift-critical kind', () => {
    const choices = [
      { kind: 'payment_sent', channel: 'email' as const, enabled: false },
      { kind: 'payment_sent', channel: 'whatsapp' as const, enabled: true },
      { kind: 'application_accepted', channel: 'in_app' as const, enabled: false },
    ];
    expect(channelOn('payment_sent', 'email', choices)).toBe(false);
    expect(channelOn('payment_sent', 'whatsapp', choices)).toBe(true);
    expect(channelOn('payment_sent', 'web_push', choices)).toBe(true);
    expect(channelOn('application_accepted', 'in_app', choices)).toBe(true);
  });

  it('locks only the in-app channel of shift-critical kinds', () => {
    expect(canTurnOff('application_accepted', 'in_app')).toBe(false);
    expect(canTurnOff('freelancer_cancelled', 'in_app')).toBe(false);
    expect(canTurnOff('application_accepted', 'email')).toBe(true);
    expect(canTurnOff('payment_sent', 'in_app')).toBe(true);
    for (const channel of NOTIFICATION_CHANNELS.filter((name) => name !== 'in_app')) {
      expect(canTurnOff('application_accepted', channel)).toBe(true);
    }
  });

  it('lists each side its own kinds', () => {
    expect(notificationKindsFor('freelancer')).toContain('application_accepted');
    expect(notificationKindsFor('freelancer')).not.toContain('new_application');
    expect(notificationKindsFor('restaurant')).toContain('new_application');
  });

  it('allows 5 new-vacancy alerts an hour by default', () => {
    expect(VACANCY_ALERTS_PER_HOUR).toBe(5);
  });
});
