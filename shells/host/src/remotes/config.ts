import { RemotesConfigSchema, type RemotesConfig } from '@turno/contracts';

export const REMOTES_CONFIG_URL = '/remotes.json';

/**
 * The remotes of this environment, served by the gateway at /remotes.json (written at deploy
 * time, so one host build serves every environment).
 */
export async function fetchRemotesConfig(fetchImpl: typeof fetch = globalThis.fetch): Promise<RemotesConfig> {
  const response = await fetchImpl(REMOTES_CONFIG_URL, {
    headers: { Accept: 'application/json' },
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered HTTP ${response.status}`);
  const parsed = RemotesConfigSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`${REMOTES_CONFIG_URL} is invalid: ${parsed.error.message}`);
  return parsed.data;
}
