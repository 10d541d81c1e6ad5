import { formatTimeRange, formatTimestampBR } from './format';

describe('pt-BR formatters', () => {
  it('formats wire timestamps in Sao Paulo time', () => {
    expect(formatTimestampBR('2026-11-22T02:30:00Z')).toBe('21/11/2026 23:30');
    expect(formatTimestampBR('2026-11-22T02:30:00Z', { dateOnly: true })).toBe('21/11/2026');
    expect(formatTimestampBR(null)).toBe('—');
    expect(formatTimestampBR('garbage')).toBe('—');
  });

  it('formats a time range', () => {
    expect(formatTimeRange('08:00', '14:00:00')).toBe('08:00 às 14:00');
  });
});
