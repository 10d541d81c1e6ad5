import { fetchRemotesConfig } from './config';

const config = { remotes: [{ name: 'restaurant', entry: 'http://localhost:3102/mf-manifest.json' }] };

describe('fetchRemotesConfig', () => {
  it('reads /remotes.json without cache', async () => {
    const fetchImpl = jest.fn(async () => Response.json(config));
    await expect(fetchRemotesConfig(fetchImpl)).resolves.toEqual(config);
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it('rejects an unknown remote name', async () => {
    const fetchImpl = async () =>
      Response.json({ remotes: [{ name: 'intruder', entry: 'http://x/mf-manifest.json' }] });
    await expect(fetchRemotesConfig(fetchImpl)).rejects.toThrow(/invalid/);
  });

  it('rejects an error answer', async () => {
    const fetchImpl = async () => new Response('nope', { status: 503 });
    await expect(fetchRemotesConfig(fetchImpl)).rejects.toThrow(/503/);
  });
});
