import * as MESSAGES from './messages';
import { freelancerPayoutCents } from './pricing';
import { REPORT_MAX_DAYS, reportPeriodError, reportRowAmountsCents } from './reports';

describe('reportPeriodError', () => {
  const today = '2026-11-25';

  it('accepts a single date or a range up to today', () => {
    expect(reportPeriodError(today, today, today)).toBeNull();
    expect(reportPeriodError('2026-11-16', '2026-11-22', today)).toBeNull();
    expect(reportPeriodError('2026-11-01', today, today)).toBeNull();
  });

  it('requires both ends and valid dates', () => {
    expect(reportPeriodError(null, today, today)).toBe(MESSAGES.analytics.reportDateRequired);
    expect(reportPeriodError('2026-11-01', '', today)).toBe(MESSAGES.analytics.reportDateRequired);
    expect(reportPeriodError('2026-02-30', '2026-03-01', today)).toBe(MESSAGES.validation.invalidDate);
  });

  it('refuses any date beyond today', () => {
    expect(reportPeriodError('2026-11-26', '2026-11-26', today)).toBe(
      'A data do relatório não pode ser posterior a hoje.',
    );
    expect(reportPeriodError('2026-11-20', '2026-11-26', today)).toBe(
      MESSAGES.analytics.reportDateAfterToday,
    );
  });

  it('refuses an end before the start', () => {
    expect(reportPeriodError('2026-11-20', '2026-11-19', today)).toBe(
      'A data final não pode ser anterior à data inicial.',
    );
  });

  it(`limits a range to ${REPORT_MAX_DAYS} days`, () => {
    expect(reportPeriodError('2025-11-24', '2026-11-25', today)).toBe(
      'O período do relatório pode ter no máximo 366 dias.',
    );
    expect(reportPeriodError('2025-11-25', '2026-11-25', today)).toBeNull();
  });
});

describe('reportRowAmountsCents', () => {
  it('a completed assignment shows the amounts stored at completion, even when the job charge differs', () => {
    expect(
      reportRowAmountsCents({
        completed: true,
        jobChargeCents: 99_999,
        storedChargeCents: 12_000,
        storedPayoutCents: 9_000,
        storedCommissionCents: 2_500,
      }),
    ).toEqual({ chargeCents: 12_000, payoutCents: 9_000, commissionCents: 2_500 });
  });

  it('a completed assignment without a stored commission has charge − payout; missing amounts count 0', () => {
    expect(
      reportRowAmountsCents({
        completed: true,
        jobChargeCents: 99_999,
        storedChargeCents: 12_000,
        storedPayoutCents: 9_000,
        storedCommissionCents: null,
      }),
    ).toEqual({ chargeCents: 12_000, payoutCents: 9_000, commissionCents: 3_000 });
    expect(reportRowAmountsCents({ completed: true, jobChargeCents: 99_999 })).toEqual({
      chargeCents: 0,
      payoutCents: 0,
      commissionCents: 0,
    });
  });

  it('any other job shows what its charge will produce, whatever is stored', () => {
    const payout = freelancerPayoutCents(15_000);
    expect(payout).toBeLessThan(15_000);
    expect(
      reportRowAmountsCents({
        completed: false,
        jobChargeCents: 15_000,
        storedChargeCents: 1,
        storedPayoutCents: 1,
        storedCommissionCents: 1,
      }),
    ).toEqual({ chargeCents: 15_000, payoutCents: payout, commissionCents: 15_000 - payout });
  });
});
