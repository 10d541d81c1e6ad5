import * as MESSAGES from './messages';
import { REPORT_MAX_DAYS, reportPeriodError } from './reports';

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
