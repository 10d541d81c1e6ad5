import { type RemoteName, type RemotesConfig } from '@turno/contracts';

/** `REMOTE_NAMES` of libs/contracts (config.test.ts checks they agree), without its zod schemas. */
export const KNOWN_REMOTES: readonly RemoteName[] = [
  'freelancer',
  'restaurant',
  'admin_ops',
  'admin_billing',
];

export const REMOTES_CONFIG_URL = '/remotes.json';

const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * The shape of `RemotesConfigSchema` (libs/contracts), checked by hand: zod stays out of the
 * host's bundles (config.test.ts checks both agree).
 */
export function parseRemotesConfig(value: unknown): RemotesConfig | string {
  if (!value || typeof value !== 'object' || !Array.isArray((value as { remotes?: unknown }).remotes))
    return 'remotes: expected an array';
  const remotes: RemotesConfig['remotes'] = [];
  for (const [index, remote] of (value as { remotes: unknown[] }).remotes.entries()) {
    const { name, entry } = (remote ?? {}) as { name?: unknown; entry?: unknown };
    if (!KNOWN_REMOTES.includes(name as RemoteName))
      return `remotes.${index}.name: unknown remote ${JSON.stringify(name)}`;
    if (!isHttpUrl(entry)) return `remotes.${index}.entry: expected an http(s) URL`;
    remotes.push({ name: name as RemoteName, entry });
  }
  return { remotes };
}

/** The id of the data block in which the gateway writes /remotes.json into a page's HTML. */
export const INLINE_REMOTES_CONFIG_ID = 'turno-remotes';

/**
 * The remotes written into the page by the gateway (services/gateway/src/page-hints.ts), when it
 * did and they are valid: one request less before the first remote loads.
 */
export function inlineRemotesConfig(
  doc: Document | undefined = globalThis.document,
): RemotesConfig | undefined {
  const text = doc?.getElementById(INLINE_REMOTES_CONFIG_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = parseRemotesConfig(JSON.parse(text));
    return typeof parsed === 'string' ? undefined : parsed;
  } catch {
    return undefined;
  }
}

/**
 * The remotes of this environment: written into the page by the gateway, else from /remotes.json
 * (both written at deploy time, so one host build serves every environment).
 */
export async function fetchRemotesConfig(
  fetchImpl: typeof fetch = globalThis.fetch,
  doc?: Document,
): Promise<RemotesConfig> {
  const inline = inlineRemotesConfig(doc);
  if (inline) return inline;
  const response = await fetchImpl(REMOTES_CONFIG_URL, {
    headers: { Accept: 'application/json' },
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered HTTP ${response.status}`);
  const parsed = parseRemotesConfig(await response.json());
  if (typeof parsed === 'string') throw new Error(`${REMOTES_CONFIG_URL} is invalid: ${parsed}`);
  return parsed;
}
