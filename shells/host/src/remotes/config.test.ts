import { REMOTE_NAMES, RemotesConfigSchema } from '@turno/contracts';
import { fetchRemotesConfig, KNOWN_REMOTES, parseRemotesConfig } from './config';

const config = { remotes: [{ name: 'restaurant', entry: 'http://localhost:3102/mf-manifest.json' }] };

describe('fetchRemotesConfig', () => {
  it('reads /remotes.json without cache', async () => {
    const fetchImpl = jest.fn(async () => Response.json(config));
    await expect(fetchRemotesConfig(fetchImpl)).resolves.toEqual(config);
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it('takes the remotes the gateway wrote into the page instead of asking for them', async () => {
    const data = { textContent: JSON.stringify(config) };
    const doc = {
      getElementById: (id: string) => (id === 'turno-remotes' ? data : null),
    } as unknown as Document;
    const fetchImpl = jest.fn(async () => Response.json({ remotes: [] }));
    await expect(fetchRemotesConfig(fetchImpl, doc)).resolves.toEqual(config);
    expect(fetchImpl).not.toHaveBeenCalled();
    // A block that is not a valid config is ignored: /remotes.json answers.
    data.textContent = '{"remotes":[{"name":"intruder"}]}';
    await expect(fetchRemotesConfig(fetchImpl, doc)).resolves.toEqual({ remotes: [] });
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

describe('parseRemotesConfig', () => {
  it.each([
    { remotes: [] },
    { remotes: [{ name: 'restaurant', entry: 'http://localhost:3102/mf-manifest.json' }] },
    { remotes: [{ name: 'admin_ops', entry: 'https://cdn.example.com/admin-ops/mf-manifest.json' }] },
    { remotes: [{ name: 'intruder', entry: 'http://x/mf-manifest.json' }] },
    { remotes: [{ name: 'freelancer', entry: 'not a url' }] },
    { remotes: [{ name: 'freelancer' }] },
    { remotes: 'x' },
    null,
    [],
  ])('agrees with RemotesConfigSchema on %j', (value) => {
    const parsed = parseRemotesConfig(value);
    const expected = RemotesConfigSchema.safeParse(value);
    expect(typeof parsed !== 'string').toBe(expected.success);
    if (expected.success) expect(parsed).toEqual(expected.data);
  });
});

it('knows the remotes of the contract', () => {
  expect([...KNOWN_REMOTES].sort()).toEqual([...REMOTE_NAMES].sort());
});
