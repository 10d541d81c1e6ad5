import {
  CONFIRMATION_REQUEST_HOURS,
  SHIFT_CONFIRMATION_MESSAGES,
  SHIFT_REMINDER_HOURS,
  UNCONFIRMED_DEADLINE_HOURS,
  confirmationRefusal,
  confirmationStepDelayMs,
  confirmationStepDue,
  confirmationStepDueAt,
  shiftDayWords,
  unconfirmedReleaseAllowed,
  unconfirmedStepApplies,
} from './shift-confirmation';
import { NOTIFICATION_TEMPLATES, renderNotification } from './notifications';
import { saoPauloDateTimeToInstant } from './time';

const SHIFT = { date: '2026-12-02', start: '07:00' };
const at = (date: string, time: string) => saoPauloDateTimeToInstant(date, time);
const START = at('2026-12-02', '07:00');
const HOUR = 3_600_000;
const before = (hours: number) => new Date(START.getTime() - hours * HOUR);

describe('confirmation thresholds', () => {
  it('are 24 h, 12 h and 2 h', () => {
    expect([CONFIRMATION_REQUEST_HOURS, UNCONFIRMED_DEADLINE_HOURS, SHIFT_REMINDER_HOURS]).toEqual([
      24, 12, 2,
    ]);
  });

  it.each([
    ['request', 24],
    ['unconfirmed', 12],
    ['reminder', 2],
  ] as const)('%s is due exactly %i h before the start, not a millisecond earlier', (step, hours) => {
    expect(confirmationStepDueAt(SHIFT, step)).toEqual(before(hours));
    expect(confirmationStepDue(SHIFT, step, before(hours))).toBe(true);
    expect(confirmationStepDue(SHIFT, step, new Date(before(hours).getTime() - 1))).toBe(false);
  });

  it('is no longer due once the shift has started (the start minute included)', () => {
    expect(confirmationStepDue(SHIFT, 'reminder', new Date(START.getTime() - 1))).toBe(true);
    expect(confirmationStepDue(SHIFT, 'reminder', START)).toBe(false);
    expect(confirmationStepDue(SHIFT, 'request', START)).toBe(false);
  });

  it('waits until the step is due, and not at all when accepted after it (at acceptance)', () => {
    expect(confirmationStepDelayMs(SHIFT, 'request', before(30))).toBe(6 * HOUR);
    expect(confirmationStepDelayMs(SHIFT, 'request', before(20))).toBe(0);
    expect(confirmationStepDelayMs(SHIFT, 'reminder', before(20))).toBe(18 * HOUR);
  });

  it('is false on invalid input', () => {
    expect(confirmationStepDue({ date: 'x', start: '07:00' }, 'request', START)).toBe(false);
  });
});

describe('confirmationRefusal', () => {
  it('accepts an allocated shift before its start, refuses it from the start and when cancelled', () => {
    expect(
      confirmationRefusal({ status: 'assigned', shift: SHIFT }, new Date(START.getTime() - 1)),
    ).toBeNull();
    expect(confirmationRefusal({ status: 'assigned', shift: SHIFT }, START)).toBe('started');
    expect(confirmationRefusal({ status: 'in_progress', shift: SHIFT }, before(1))).toBe('started');
    expect(confirmationRefusal({ status: 'cancelled', shift: SHIFT }, before(30))).toBe('cancelled');
  });
});

describe('unconfirmedReleaseAllowed', () => {
  it('from 12 h before the start until the start, only when not confirmed', () => {
    expect(unconfirmedReleaseAllowed(SHIFT, null, before(12))).toBe(true);
    expect(unconfirmedReleaseAllowed(SHIFT, null, new Date(before(12).getTime() - 1))).toBe(false);
    expect(unconfirmedReleaseAllowed(SHIFT, null, START)).toBe(false);
    expect(unconfirmedReleaseAllowed(SHIFT, before(20), before(6))).toBe(false);
  });
});

describe('the question', () => {
  it('says hoje, amanhã or the date as seen from now in São Paulo', () => {
    expect(shiftDayWords('2026-12-02', at('2026-12-01', '23:59'))).toBe('amanhã');
    expect(shiftDayWords('2026-12-02', at('2026-12-02', '00:00'))).toBe('hoje');
    expect(shiftDayWords('2026-12-02', at('2026-11-30', '23:59'))).toBe('em 02/12');
    expect(SHIFT_CONFIRMATION_MESSAGES.question('2026-12-02', '07:00', before(24))).toBe(
      'Confirma presença amanhã às 07:00?',
    );
  });
});

describe('the notifications of confirmations', () => {
  const facts = {
    position: 'Repositor',
    businessName: 'Mercado Bom Preço',
    date: '2026-12-02',
    start: '07:00',
    assignmentId: 41,
  };

  it('asks the freelancer with the day as seen when asked, and links to that shift', () => {
    const text = renderNotification('shift_confirmation_request', { ...facts, askedAt: before(24) });
    expect(text.title).toBe('Confirma presença amanhã às 07:00?');
    expect(text.link).toBe('/dashboard/trabalhos?turno=41');
    expect(NOTIFICATION_TEMPLATES.shift_confirmation_request.to).toBe('freelancer');
  });

  it('tells the business whether the shift was released automatically or may be released', () => {
    expect(renderNotification('shift_unconfirmed', { ...facts, freelancerName: 'Ana' }).body).toContain(
      'Você pode liberar a vaga',
    );
    expect(renderNotification('shift_unconfirmed', { ...facts, released: true }).title).toBe(
      'Turno liberado automaticamente',
    );
    expect(NOTIFICATION_TEMPLATES.shift_unconfirmed.to).toBe('restaurant');
    expect(NOTIFICATION_TEMPLATES.shift_released_unconfirmed.to).toBe('freelancer');
  });
});

describe('unconfirmedStepApplies', () => {
  it('only to shifts accepted before the 12 h deadline', () => {
    expect(unconfirmedStepApplies(SHIFT, new Date(before(12).getTime() - 1))).toBe(true);
    expect(unconfirmedStepApplies(SHIFT, before(12))).toBe(false);
    expect(unconfirmedStepApplies(SHIFT, before(5))).toBe(false);
  });
});
