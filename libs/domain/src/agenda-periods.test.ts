import {
  AGENDA_DEFAULT_PERIOD,
  AGENDA_PERIOD_CHOICES,
  AGENDA_PERIODS,
  agendaPeriodRange,
} from './agenda-periods';
import { selectableDates } from './vacancies';
import { saoPauloDate } from './time';

describe('agenda periods', () => {
  // Saturday 28 November 2026, 10:00 in Sao Paulo: the form offers 28/11 to 04/12.
  const now = new Date('2026-11-28T13:00:00Z');
  const today = saoPauloDate(now);

  it('opens on the next 7 days, exactly the dates the vacancy form offers', () => {
    expect(AGENDA_DEFAULT_PERIOD).toBe('next7');
    const range = agendaPeriodRange('next7', today);
    const offered = selectableDates(now);
    expect([range.from, range.to]).toEqual([offered[0], offered[offered.length - 1]]);
    expect(range).toMatchObject({ from: '2026-11-28', to: '2026-12-04', unfinishedFrom: '2026-11-27' });
  });

  it("reaches every date the form offers in every period, the earlier releases' ones included", () => {
    for (const period of AGENDA_PERIODS.filter((p) => p !== 'today')) {
      const range = agendaPeriodRange(period, today);
      for (const date of selectableDates(now)) {
        expect({ period, date, inside: range.from <= date && date <= range.to }).toEqual({
          period,
          date,
          inside: true,
        });
      }
    }
    // "Este mês" no longer stops on 30/11 while the form offers 01/12.
    expect(agendaPeriodRange('month', today)).toMatchObject({ from: '2026-11-01', to: '2026-12-04' });
    expect(agendaPeriodRange('week', today)).toMatchObject({ from: '2026-11-23', to: '2026-12-04' });
  });

  it('offers the next 7 and 30 days and the last 30 with the next 7; a date replaces the period', () => {
    expect(AGENDA_PERIOD_CHOICES).toEqual(['next7', 'next30', 'last30']);
    expect(agendaPeriodRange('next30', today)).toMatchObject({ from: '2026-11-28', to: '2026-12-27' });
    expect(agendaPeriodRange('last30', today)).toMatchObject({
      from: '2026-10-29',
      to: '2026-12-04',
      unfinishedFrom: null,
      hideCompletedBefore: null,
    });
    expect(agendaPeriodRange('next7', today, '2026-11-02')).toEqual({
      from: '2026-11-02',
      to: '2026-11-02',
      unfinishedFrom: null,
      hideCompletedBefore: null,
    });
  });

  it("keeps the earlier releases' rule: this month hides completed jobs from before this week", () => {
    expect(agendaPeriodRange('month', today).hideCompletedBefore).toBe('2026-11-23');
    expect(agendaPeriodRange('next7', today).hideCompletedBefore).toBeNull();
  });
});
