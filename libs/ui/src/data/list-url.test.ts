import { listQueryString, listUrl } from './list-url';

describe('listUrl', () => {
  it('keeps the plain URL for the default list', () => {
    expect(
      listUrl(
        '/bff/restaurant/api/jobs',
        { period: 'week', status: 'all', q: '' },
        { period: 'week', status: 'all' },
      ),
    ).toBe('/bff/restaurant/api/jobs');
  });

  it('puts non-default filters in order, trimmed and encoded', () => {
    expect(
      listUrl(
        '/api/jobs',
        { q: '  Bom Preço ', period: 'today', status: 'all', date: undefined },
        { period: 'week', status: 'all' },
      ),
    ).toBe('/api/jobs?q=Bom+Pre%C3%A7o&period=today');
  });

  it('leaves out empty text, null and undefined', () => {
    expect(listQueryString({ q: '   ', date: null, status: undefined })).toBe('');
  });

  it('compares numbers with their default as text', () => {
    expect(listQueryString({ limit: 50, cursor: 'abc' }, { limit: 50 })).toBe('cursor=abc');
    expect(listQueryString({ limit: 120 }, { limit: 50 })).toBe('limit=120');
  });

  it('appends to a URL that already has a query', () => {
    expect(listUrl('/api/jobs?status=open', { limit: 100 })).toBe('/api/jobs?status=open&limit=100');
  });
});
