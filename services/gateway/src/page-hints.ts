/**
 * Early hints in the host's HTML for the pages that show a remote (`/dashboard…`, `/admin/dashboard`),
 * so what the page will need starts at once instead of one request after the other (host JS →
 * session → /remotes.json → manifest → remoteEntry.js → chunks):
 *
 * - the remotes of this environment inline (`<script type="application/json" id="turno-remotes">`, a
 *   data block: no script runs, the CSP is unchanged), so the host needs no `/remotes.json` request;
 * - the files the page will ask for (`<script type="application/json" id="turno-early-files">`),
 *   which the host preloads right after its first paint (shells/host/src/early-start.ts): the host's
 *   own chunks for that page (its chunk group and the federation runtime's, from the build's
 *   `bundle-graph.json`) and, with the area hint cookie (`turno_area=freelancer|restaurant`, written
 *   by the host at sign-in, removed at sign-out; a hint, never used to authorize anything), that
 *   remote's `mf-manifest.json`, `remoteEntry.js` and the synchronous chunks of its `./App`, read from
 *   the remote's manifest (runtime configuration: the remotes' URLs are the gateway's environment,
 *   never the host's build), with a `preconnect` to the remote's origin. A manifest out of reach costs
 *   only its hints;
 * - with the area hint on `/dashboard` itself, the first screen's BFF reads (`FIRST_READS`), which the
 *   host preloads with the files (credentials included) while it checks the session; the remote's
 *   first `fetch()` of each takes that answer.
 *
 * Nothing is asked for before the host's first paint but its main bundle: a request started earlier
 * shares the network with it, and one whose server is slow holds the first paint back (in
 * Lighthouse's estimate too).
 *
 * Every other page (the landing page) is served as built.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AREA_HINT_COOKIE, HINTED_AREAS, type HintedArea, firstScreenReads } from '@turno/contracts';
import { type GatewayRemotesConfig } from './gateway';

/** The hinted areas (`AREA_HINT_COOKIE` of @turno/contracts, written by the host). */
const HINTED: ReadonlySet<string> = new Set(HINTED_AREAS);

/**
 * The reads each area's first screen (`/dashboard` itself: Vagas, the business's Dashboard) makes
 * before anything else (`FIRST_SCREEN_READS` of @turno/contracts, the URLs the screens ask for),
 * preloaded by the host with the remote's files while it checks the session: the remote's first
 * `fetch()` of each (credentials included) takes the preloaded answer.
 */
export const FIRST_READS: Readonly<Record<HintedArea, readonly string[]>> = {
  freelancer: firstScreenReads('freelancer'),
  restaurant: firstScreenReads('restaurant'),
};
const FIRST_SCREEN = /^\/dashboard\/?$/;

/** The host's chunk groups each page needs beyond the main bundle (its `React.lazy` page and the runtime). */
const PAGE_GROUPS: readonly {
  path: RegExp;
  groups: readonly string[];
  areaHint: boolean;
}[] = [
  {
    path: /^\/dashboard(?:\/[^/]*)?\/?$/,
    groups: ['page-dashboard', 'federation'],
    areaHint: true,
  },
  {
    path: /^\/admin\/dashboard\/?$/,
    groups: ['page-admin-dashboard', 'federation'],
    areaHint: false,
  },
];

/** The data block of the files a page will ask for, which the host preloads after its first paint. */
export const EARLY_FILES_ID = 'turno-early-files';

/**
 * Scripts (classic `<script>`, no CORS), fetches (`fetch()` across origins, no credentials) and reads
 * (`fetch()` of this origin with credentials: the first screen's BFF reads).
 */
export interface EarlyFiles {
  scripts: string[];
  fetches: string[];
  reads: string[];
}

/** What a remote's first screen loads, read from its `mf-manifest.json`. */
export interface RemoteHints {
  manifest: string;
  scripts: string[];
}

interface ManifestShape {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
}

/** The remoteEntry.js and the synchronous chunks of `./App` of a manifest, as absolute URLs. */
export function remoteHintsOf(manifestUrl: string, manifest: unknown): RemoteHints {
  const { metaData, exposes } = (manifest ?? {}) as ManifestShape;
  const publicPath = metaData?.publicPath;
  const base =
    publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl) : new URL('.', manifestUrl);
  const scripts: string[] = [];
  const entry = metaData?.remoteEntry;
  if (entry?.name) scripts.push(new URL(`${entry.path ? `${entry.path}/` : ''}${entry.name}`, base).href);
  const app = exposes?.find((e) => e.name === 'App' || e.name === './App');
  for (const file of app?.assets?.js?.sync ?? []) scripts.push(new URL(file, base).href);
  return { manifest: manifestUrl, scripts };
}

/** The area hint of a Cookie header, when it names an area the gateway hints. */
export function areaHintOf(cookieHeader: string | undefined): HintedArea | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === AREA_HINT_COOKIE && value && HINTED.has(value)) return value as HintedArea;
  }
  return undefined;
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
/** JSON inside a `<script>` data block: `<` escaped so no `</script>` can close it. */
const jsonInHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export interface PageHintsOptions {
  hostDist: string;
  remotesConfig: GatewayRemotesConfig;
  /** Reads a remote's manifest (default: fetch with a 1 s timeout). */
  fetchManifest?: (url: string) => Promise<unknown>;
  /** How long a manifest's hints are kept (default 5 s: a rebuilt remote is hinted within seconds). */
  manifestTtlMs?: number;
}

export interface PageHints {
  /** The host's HTML with the hints of `pathname`, or undefined for a page served as built. */
  htmlFor(pathname: string, cookieHeader: string | undefined): Promise<string | undefined>;
}

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  return response.json();
}

export function createPageHints({
  hostDist,
  remotesConfig,
  fetchManifest = fetchJson,
  manifestTtlMs = 5000,
}: PageHintsOptions): PageHints {
  const manifests = new Map<string, { at: number; hints: Promise<RemoteHints | undefined> }>();
  const inlineConfig = `<script type="application/json" id="turno-remotes">${jsonInHtml(remotesConfig)}</script>`;

  function remoteHints(manifestUrl: string): Promise<RemoteHints | undefined> {
    const kept = manifests.get(manifestUrl);
    if (kept && Date.now() - kept.at < manifestTtlMs) return kept.hints;
    const hints = fetchManifest(manifestUrl).then(
      (manifest) => remoteHintsOf(manifestUrl, manifest),
      () => undefined,
    );
    manifests.set(manifestUrl, { at: Date.now(), hints });
    return hints;
  }

  async function hostChunks(groups: readonly string[]): Promise<string[]> {
    try {
      const graph = JSON.parse(await readFile(join(hostDist, 'bundle-graph.json'), 'utf8')) as {
        entrypoints?: Record<string, string[]>;
        chunkGroups?: Record<string, string[]>;
      };
      const initial = new Set(Object.values(graph.entrypoints ?? {}).flat());
      const files = groups.flatMap((group) => graph.chunkGroups?.[group] ?? []);
      return [...new Set(files)].filter((file) => !initial.has(file)).map((file) => `/${file}`);
    } catch {
      return []; // a build without its graph: the page works without hints
    }
  }

  return {
    async htmlFor(pathname, cookieHeader) {
      const page = PAGE_GROUPS.find((p) => p.path.test(pathname));
      if (!page) return undefined;
      let html: string;
      try {
        html = await readFile(join(hostDist, 'index.html'), 'utf8');
      } catch {
        return undefined;
      }
      const area = page.areaHint ? areaHintOf(cookieHeader) : undefined;
      const entry = area && remotesConfig.remotes.find((r) => r.name === area)?.entry;
      const [chunks, remote] = await Promise.all([
        hostChunks(page.groups),
        entry ? remoteHints(entry) : undefined,
      ]);
      const head = [inlineConfig];
      if (remote) {
        // The remote's origin, connected while the host's bundle downloads: for its scripts (classic,
        // with credentials) and for its manifest (fetch(): CORS, no credentials), two connections.
        const origin = new URL(remote.manifest).origin;
        head.push(`<link rel="preconnect" href="${attr(origin)}">`);
        head.push(`<link rel="preconnect" href="${attr(origin)}" crossorigin>`);
      }
      // The files themselves are asked for by the host right after its first paint
      // (shells/host/src/early-start.ts): preloaded from here they would share the network with the
      // main bundle and hold the first paint back.
      const files: EarlyFiles = {
        scripts: [...chunks, ...(remote?.scripts ?? [])],
        fetches: remote ? [remote.manifest] : [],
        reads: area && FIRST_SCREEN.test(pathname) ? [...FIRST_READS[area]] : [],
      };
      head.push(`<script type="application/json" id="${EARLY_FILES_ID}">${jsonInHtml(files)}</script>`);
      const hints = head.join('');
      return html.includes('</head>') ? html.replace('</head>', `${hints}</head>`) : `${hints}${html}`;
    },
  };
}
