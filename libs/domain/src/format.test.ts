import {
  WEEKDAY_LABELS,
  formatDateBR,
  formatDateTimeBR,
  formatDayBR,
  formatMoney,
  formatMoneyCents,
  formatPeriodBR,
  formatRatingAverage,
  formatWholeReais,
  relativeDayLabel,
  weekdayLabel,
} from './format';

describe('formatMoney', () => {
  it('writes R$ with pt-BR separators and an ordinary space', () => {
    expect(formatMoney(1234.56)).toBe('R$ 1.234,56');
    expect(formatMoney(189.9)).toBe('R$ 189,90');
    expect(formatMoney(149)).toBe('R$ 149,00');
    expect(formatMoney(0)).toBe('R$ 0,00');
    expect(formatMoney(1_000_000)).toBe('R$ 1.000.000,00');
    expect(formatMoney(-5)).toBe('-R$ 5,00');
    expect(formatMoney(-0)).toBe('R$ 0,00');
    expect(formatMoney(-0.001)).toBe('R$ 0,00');
    expect(formatWholeReais(-0.4)).toBe('R$ 0');
    expect(formatMoney(189.9 - 170)).toBe('R$ 19,90');
    expect(formatMoney(1234.56)).not.toContain('\u00A0');
  });

  it('formats centavos and whole reais', () => {
    expect(formatMoneyCents(18_990)).toBe('R$ 189,90');
    expect(formatMoneyCents(123_456)).toBe('R$ 1.234,56');
    expect(formatWholeReais(1234.56)).toBe('R$ 1.235');
    expect(formatWholeReais(149)).toBe('R$ 149');
  });
});

describe('dates', () => {
  it('formats YYYY-MM-DD as dd/mm/aaaa', () => {
    expect(formatDateBR('2026-11-09')).toBe('09/11/2026');
    expect(formatDateBR('2027-01-01')).toBe('01/01/2027');
    expect(formatDateBR('09/11/2026')).toBe('09/11/2026');
    expect(formatDateBR('')).toBe('');
  });

  it('formats an instant in Sao Paulo time', () => {
    expect(formatDateTimeBR(new Date('2026-11-23T02:30:00Z'))).toBe('22/11/2026 23:30');
  });

  it('says Hoje and Amanhã in Sao Paulo time', () => {
    const lateSunday = new Date('2026-11-23T02:30:00Z'); // Sunday 22/11 23:30 in Sao Paulo
    expect(relativeDayLabel('2026-11-22', lateSunday)).toBe('Hoje');
    expect(relativeDayLabel('2026-11-23', lateSunday)).toBe('Amanhã');
    expect(relativeDayLabel('2026-11-24', lateSunday)).toBeNull();
    expect(relativeDayLabel('2026-11-21', lateSunday)).toBeNull();
    expect(relativeDayLabel('2026-12-31', new Date('2027-01-01T02:00:00Z'))).toBe('Hoje');
    expect(relativeDayLabel('2027-01-01', new Date('2027-01-01T02:00:00Z'))).toBe('Amanhã');
    expect(formatDayBR('2026-11-24', lateSunday)).toBe('24/11/2026');
    expect(formatDayBR('2026-11-23', lateSunday)).toBe('Amanhã');
  });

  it('names weekdays', () => {
    expect(WEEKDAY_LABELS).toHaveLength(7);
    expect(weekdayLabel('2026-11-23')).toBe('Segunda-feira');
    expect(weekdayLabel('2026-11-25')).toBe('Quarta-feira');
    expect(weekdayLabel('2026-11-29')).toBe('Domingo');
    expect(weekdayLabel('x')).toBe('');
  });
});

describe('formatRatingAverage', () => {
  it('shows one decimal with a comma', () => {
    expect(formatRatingAverage(4.75)).toBe('4,8');
    expect(formatRatingAverage(5)).toBe('5,0');
  });
});

describe('formatPeriodBR', () => {
  it('writes a week as two pt-BR dates, a single day once', () => {
    expect(formatPeriodBR('2026-11-16', '2026-11-22')).toBe('16/11/2026 a 22/11/2026');
    expect(formatPeriodBR('2026-11-16', '2026-11-16')).toBe('16/11/2026');
  });
});
