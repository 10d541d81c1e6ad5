import fc from 'fast-check';
import {
  billingWeek,
  billingWeekInstants,
  billingWeekJustEnded,
  billingWeekOfDate,
  customInvoicePeriodError,
  invoiceNumber,
  invoiceNumberPrefix,
  nextWeeklyRunAt,
  parseInvoiceNumber,
  shouldBecomeOverdue,
} from './billing';
import * as MESSAGES from './messages';
import { addDays, isoWeekday, saoPauloDate } from './time';

describe('billingWeek', () => {
  it('Sunday 23:59 SP (Monday 02:59 UTC) still belongs to the week ending that Sunday', () => {
    expect(billingWeek(new Date('2026-11-23T02:59:59Z'))).toEqual({
      weekStart: '2026-11-16',
      weekEnd: '2026-11-22',
      issueDate: '2026-11-25',
      dueDate: '2026-12-02',
    });
  });

  it('Monday 00:00 SP (Monday 03:00 UTC) starts the next week', () => {
    expect(billingWeek(new Date('2026-11-23T03:00:00Z'))).toEqual({
      weekStart: '2026-11-23',
      weekEnd: '2026-11-29',
      issueDate: '2026-12-02',
      dueDate: '2026-12-09',
    });
  });

  it('moves by whole weeks with the offset', () => {
    const now = new Date('2026-11-25T15:00:00Z'); // Wednesday
    expect(billingWeek(now).weekStart).toBe('2026-11-23');
    expect(billingWeek(now, -1).weekStart).toBe('2026-11-16');
    expect(billingWeek(now, -2).weekStart).toBe('2026-11-09');
    expect(billingWeek(now, -3)).toEqual({
      weekStart: '2026-11-02',
      weekEnd: '2026-11-08',
      issueDate: '2026-11-11',
      dueDate: '2026-11-18',
    });
    expect(billingWeek(now, 1).weekStart).toBe('2026-11-30');
    expect(() => billingWeek(now, 0.5)).toThrow(RangeError);
  });

  it('crosses the year', () => {
    expect(billingWeekOfDate('2027-01-01')).toEqual({
      weekStart: '2026-12-28',
      weekEnd: '2027-01-03',
      issueDate: '2027-01-06',
      dueDate: '2027-01-13',
    });
  });

  it('property: weekStart is a Monday ≤ the SP date ≤ weekEnd (a Sunday); issue is Wednesday; due is 7 days later', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: -3, max: 0 }),
        (instant, offset) => {
          const week = billingWeek(instant, offset);
          const current = billingWeek(instant);
          const date = saoPauloDate(instant);
          return (
            isoWeekday(current.weekStart) === 1 &&
            current.weekStart <= date &&
            date <= current.weekEnd &&
            isoWeekday(week.weekEnd) === 7 &&
            week.weekEnd === addDays(week.weekStart, 6) &&
            week.weekStart === addDays(current.weekStart, 7 * offset) &&
            isoWeekday(week.issueDate) === 3 &&
            week.issueDate === addDays(week.weekEnd, 3) &&
            week.dueDate === addDays(week.issueDate, 7)
          );
        },
      ),
    );
  });
});

describe('weekly run', () => {
  it('bills the week just ended when run on Monday 01:00 SP', () => {
    const runAt = new Date('2026-11-23T04:00:00Z'); // Monday 01:00 SP
    expect(billingWeekJustEnded(runAt)).toEqual({
      weekStart: '2026-11-16',
      weekEnd: '2026-11-22',
      issueDate: '2026-11-25',
      dueDate: '2026-12-02',
    });
  });

  it('schedules the next run on Monday 01:00 SP', () => {
    expect(nextWeeklyRunAt(new Date('2026-11-22T12:00:00Z')).toISOString()).toBe('2026-11-23T04:00:00.000Z');
    expect(nextWeeklyRunAt(new Date('2026-11-23T03:59:59Z')).toISOString()).toBe('2026-11-23T04:00:00.000Z');
    expect(nextWeeklyRunAt(new Date('2026-11-23T04:00:00Z')).toISOString()).toBe('2026-11-30T04:00:00.000Z');
  });

  it('gives the week as a half-open range of instants', () => {
    const { from, to } = billingWeekInstants({ weekStart: '2026-11-16', weekEnd: '2026-11-22' });
    expect(from.toISOString()).toBe('2026-11-16T03:00:00.000Z');
    expect(to.toISOString()).toBe('2026-11-23T03:00:00.000Z');
  });
});

describe('invoiceNumber', () => {
  it('formats TUR-{ISO year}-W{week}-{sequence}', () => {
    expect(invoiceNumber('2026-11-09', 7)).toBe('TUR-2026-W46-0007');
    expect(invoiceNumber({ year: 2026, week: 46 }, 7)).toBe('TUR-2026-W46-0007');
    expect(invoiceNumber(2026, 46, 7)).toBe('TUR-2026-W46-0007');
    expect(invoiceNumber('2026-01-05', 1)).toBe('TUR-2026-W02-0001');
    expect(invoiceNumber('2026-01-05', 12345)).toBe('TUR-2026-W02-12345');
  });

  it('uses the ISO week-numbering year of the week start', () => {
    expect(invoiceNumber('2024-12-30', 3)).toBe('TUR-2025-W01-0003');
    expect(invoiceNumber('2026-12-28', 3)).toBe('TUR-2026-W53-0003');
  });

  it('rejects impossible parts', () => {
    expect(() => invoiceNumber(2026, 54, 1)).toThrow(RangeError);
    expect(() => invoiceNumber(2026, 0, 1)).toThrow(RangeError);
    expect(() => invoiceNumber(2026, 10, -1)).toThrow(RangeError);
    expect(() => invoiceNumber('2026-11-09', 1.5)).toThrow(RangeError);
  });

  it('parses its own output', () => {
    expect(parseInvoiceNumber('TUR-2026-W46-0007')).toEqual({ year: 2026, week: 46, sequence: 7 });
    expect(parseInvoiceNumber('FAT-001')).toBeNull();
  });
});

describe('overdue and custom periods', () => {
  it('a pending invoice becomes overdue the day after its due date (Sao Paulo)', () => {
    const invoice = { status: 'pending' as const, due_date: '2026-12-02' };
    expect(shouldBecomeOverdue(invoice, new Date('2026-12-03T02:59:59Z'))).toBe(false); // 02/12 23:59 SP
    expect(shouldBecomeOverdue(invoice, new Date('2026-12-03T03:00:00Z'))).toBe(true); // 03/12 00:00 SP
    expect(shouldBecomeOverdue({ ...invoice, status: 'paid' }, new Date('2027-01-01T12:00:00Z'))).toBe(false);
    expect(shouldBecomeOverdue({ ...invoice, status: 'overdue' }, new Date('2027-01-01T12:00:00Z'))).toBe(
      false,
    );
  });

  it('checks a custom invoice period', () => {
    expect(customInvoicePeriodError('', '2026-11-22')).toBe(MESSAGES.invoices.datesRequired);
    expect(customInvoicePeriodError('2026-11-01', null)).toBe(
      'Por favor, selecione as datas de início e fim',
    );
    expect(customInvoicePeriodError('2026-11-23', '2026-11-22')).toBe(
      'A data de início deve ser anterior à data de fim',
    );
    expect(customInvoicePeriodError('2026-11-31', '2026-12-01')).toBe(MESSAGES.validation.invalidDate);
    expect(customInvoicePeriodError('2026-11-22', '2026-11-22')).toBeNull();
    expect(customInvoicePeriodError('2026-11-01', '2026-11-30')).toBeNull();
  });
});

describe('invoiceNumberPrefix', () => {
  it('is the start every invoice number of the week shares', () => {
    expect(invoiceNumberPrefix('2026-11-09')).toBe('TUR-2026-W46-');
    expect(invoiceNumberPrefix({ year: 2026, week: 2 })).toBe('TUR-2026-W02-');
    expect(invoiceNumberPrefix('2024-12-30')).toBe('TUR-2025-W01-');
    for (const [week, sequence] of [
      ['2026-11-09', 7],
      ['2026-12-28', 12345],
    ] as const) {
      expect(invoiceNumber(week, sequence).startsWith(invoiceNumberPrefix(week))).toBe(true);
    }
  });
});
