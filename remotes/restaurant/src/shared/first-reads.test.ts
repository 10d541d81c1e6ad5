import { firstReadFetch, startFirstReads } from './first-reads';

describe('first reads', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    jest.useRealTimers();
  });

  it('gives the first plain GET of a URL started early that answer, once', async () => {
    const early = jest.fn(async () => new Response('{"early":true}'));
    startFirstReads(['/bff/restaurant/api/a'], early);
    expect(early).toHaveBeenCalledWith(
      '/bff/restaurant/api/a',
      expect.objectContaining({ credentials: 'include', cache: 'no-store' }),
    );
    const network = jest.fn(async () => new Response('{"network":true}'));
    globalThis.fetch = network;
    await expect((await firstReadFetch('/bff/restaurant/api/a', {})).json()).resolves.toEqual({
      early: true,
    });
    await expect((await firstReadFetch('/bff/restaurant/api/a', {})).json()).resolves.toEqual({
      network: true,
    });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('sends a conditional read, another URL or a stale early answer to the network', async () => {
    jest.useFakeTimers({ now: 0 });
    const early = jest.fn(async () => new Response('{}'));
    startFirstReads(['/b', '/c'], early);
    const network = jest.fn(async () => new Response('{}'));
    globalThis.fetch = network;
    await firstReadFetch('/b', { headers: { 'If-None-Match': '"1"' } });
    await firstReadFetch('/other');
    jest.setSystemTime(60_000);
    await firstReadFetch('/c');
    expect(network).toHaveBeenCalledTimes(3);
  });

  it('keeps a failed early read for the screen to show, without an unhandled rejection', async () => {
    startFirstReads(['/d'], () => Promise.reject(new TypeError('offline')));
    await expect(firstReadFetch('/d')).rejects.toThrow('offline');
  });
});
