import {
  CHECK_OUT_CONFIRM_AFTER_END_MINUTES,
  approvedCheckOutAt,
  canConfirmCheckOutWithoutRequest,
  checkOutConfirmableAt,
  checkOutPreview,
  formatHoursMinutes,
} from './check-out-rules';

const shift = { date: '2026-03-02', start: '10:45', end: '19:05' };
const sp = (time: string, date = '2026-03-02') => new Date(`${date}T${time}:00-03:00`);

describe('check-out rules', () => {
  it('lets the business confirm a check-out nobody asked for from the end + 2 h on, not a minute earlier', () => {
    expect(CHECK_OUT_CONFIRM_AFTER_END_MINUTES).toBe(120);
    expect(checkOutConfirmableAt(shift)).toEqual(sp('21:05'));
    const state = { checkInAt: sp('10:40'), checkoutRequestedAt: null, checkOutAt: null };
    expect(canConfirmCheckOutWithoutRequest(shift, state, sp('21:04'))).toBe(false);
    expect(canConfirmCheckOutWithoutRequest(shift, state, sp('21:05'))).toBe(true);
    expect(canConfirmCheckOutWithoutRequest(shift, { ...state, checkInAt: null }, sp('23:00'))).toBe(false);
    expect(
      canConfirmCheckOutWithoutRequest(shift, { ...state, checkoutRequestedAt: sp('19:00') }, sp('23:00')),
    ).toBe(false);
  });

  it('an overnight shift is confirmable 2 h after its end on the next day', () => {
    expect(checkOutConfirmableAt({ date: '2026-03-02', start: '22:00', end: '02:00' })).toEqual(
      sp('04:00', '2026-03-03'),
    );
  });

  it('records the requested time, or the scheduled end without a request', () => {
    expect(approvedCheckOutAt(shift, sp('09:53'))).toEqual(sp('09:53'));
    expect(approvedCheckOutAt(shift, null)).toEqual(sp('19:05'));
  });

  it('previews the new-user case: in 09:52, out 09:53 pays nothing by worked time, R$ 149 in full', () => {
    const preview = checkOutPreview({
      fullChargeCents: 14_900,
      shift,
      checkInAt: sp('09:52'),
      checkOutAt: sp('09:53'),
    });
    expect(preview).toMatchObject({ earlyDeparture: true, workedMinutes: 0, scheduledMinutes: 500 });
    expect(preview.worked).toMatchObject({ chargeCents: 0, payoutCents: 0, paidMinutes: 0 });
    expect(preview.full).toMatchObject({ chargeCents: 14_900, payoutCents: 12_000, paidMinutes: 500 });
  });

  it('formats minutes as hours and minutes', () => {
    expect(formatHoursMinutes(0)).toBe('0h00min');
    expect(formatHoursMinutes(500)).toBe('8h20min');
    expect(formatHoursMinutes(61.9)).toBe('1h01min');
  });
});
