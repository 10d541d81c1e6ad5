import {
  DEFAULT_MONTHLY_SHIFTS_PER_BUSINESS,
  INVITATION_MESSAGES,
  invitationExclusiveUntil,
  isInvitationWindowHours,
  monthlyShiftsPerBusiness,
  repeatedVacancyDate,
} from './invitations';

describe('invitations and the monthly cap (issue 26)', () => {
  it('caps at 12 unless MONTHLY_SHIFTS_PER_BUSINESS says otherwise, and refuses a nonsense value', () => {
    expect(DEFAULT_MONTHLY_SHIFTS_PER_BUSINESS).toBe(12);
    expect(monthlyShiftsPerBusiness({})).toBe(12);
    expect(monthlyShiftsPerBusiness({ MONTHLY_SHIFTS_PER_BUSINESS: ' 8 ' })).toBe(8);
    for (const bad of ['0', '-1', '2.5', 'doze', '32'])
      expect(() => monthlyShiftsPerBusiness({ MONTHLY_SHIFTS_PER_BUSINESS: bad })).toThrow(
        'MONTHLY_SHIFTS_PER_BUSINESS',
      );
  });

  it('offers windows of 2, 6 and 24 hours, ending at the shift start when that comes first', () => {
    expect([2, 6, 24].every(isInvitationWindowHours)).toBe(true);
    expect([0, 3, '6', null].some(isInvitationWindowHours)).toBe(false);
    const now = new Date('2026-11-18T10:00:00Z');
    const start = new Date('2026-11-18T19:00:00Z');
    expect(invitationExclusiveUntil(now, 6, start).toISOString()).toBe('2026-11-18T16:00:00.000Z');
    expect(invitationExclusiveUntil(now, 24, start)).toEqual(start);
  });

  it('proposes the repeated vacancy’s own day only when still ahead (São Paulo), else today', () => {
    // 23:30 on the 22nd in São Paulo is the 23rd in UTC.
    const now = new Date('2026-11-23T02:30:00Z');
    expect(repeatedVacancyDate('2026-11-18', now)).toBe('2026-11-22');
    expect(repeatedVacancyDate('2026-11-22', now)).toBe('2026-11-22');
    expect(repeatedVacancyDate('2026-11-25', now)).toBe('2026-11-25');
  });

  it('says until when, in São Paulo time', () => {
    expect(INVITATION_MESSAGES.badgeUntil('2026-11-18T16:00:00Z')).toBe(
      'Só convidados até 18/11/2026 às 13:00',
    );
    expect(INVITATION_MESSAGES.monthlyCapReachedOwn(12)).toContain('12 turnos neste mês com esta empresa');
  });
});
