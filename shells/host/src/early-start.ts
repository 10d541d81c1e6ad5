import { loadRemoteApp } from './remotes/load';
import { readAreaHint } from './session/area-hint';
import { sessionStore } from './session/useSession';

/** The data block of the files the page will ask for (services/gateway/src/page-hints.ts). */
export const EARLY_FILES_ID = 'turno-early-files';

interface EarlyFiles {
  /** Classic scripts (the host's chunks, the remote's remoteEntry.js and chunks). */
  scripts: string[];
  /** What is read with fetch() across origins without credentials (the remote's manifest). */
  fetches: string[];
  /** The first screen's reads of this origin, with credentials (its BFF's first answers). */
  reads: string[];
}

function earlyFiles(doc: Document): EarlyFiles {
  try {
    const value = JSON.parse(doc.getElementById(EARLY_FILES_ID)?.textContent ?? '{}') as Partial<EarlyFiles>;
    const urls = (list: unknown) => (Array.isArray(list) ? list.filter((u) => typeof u === 'string') : []);
    return { scripts: urls(value.scripts), fetches: urls(value.fetches), reads: urls(value.reads) };
  } catch {
    return { scripts: [], fetches: [], reads: [] };
  }
}

/** `<link rel="preload">` of each file, as the page will ask for it (so the browser reuses the answer). */
export function preloadEarlyFiles(doc: Document): void {
  const { scripts, fetches, reads } = earlyFiles(doc);
  const link = (href: string, as: 'script' | 'fetch', crossOrigin?: 'anonymous' | 'use-credentials') => {
    const element = doc.createElement('link');
    element.rel = 'preload';
    element.setAttribute('as', as);
    if (crossOrigin) element.crossOrigin = crossOrigin;
    element.href = href;
    doc.head.append(element);
  };
  reads.forEach((href) => link(href, 'fetch', 'use-credentials'));
  fetches.forEach((href) => link(href, 'fetch', 'anonymous'));
  scripts.forEach((href) => link(href, 'script'));
}

/** Sao Paulo's time zone (`SAO_PAULO_TIME_ZONE` of @turno/domain, not imported: see `warmIntl`). */
export const WARM_TIME_ZONE = 'America/Sao_Paulo';

/**
 * Loads the ICU data every area's first screen formats with (Sao Paulo's time zone, pt-BR money)
 * while the remote downloads: a renderer's first `Intl` formatters cost tens of milliseconds on a
 * phone, once, and `@turno/domain` creates its formatters when the remote's modules are evaluated,
 * which would otherwise make that task a long one. One task per step (ICU itself, the time zone,
 * pt-BR numbers), so none of them is long. (@turno/domain is not imported for its time zone: its
 * formatters would move into main.js.)
 */
export const INTL_WARM_UP: readonly (() => unknown)[] = [
  () => new Intl.DateTimeFormat('en-US').format(0),
  () => new Intl.DateTimeFormat('en-US', { timeZone: WARM_TIME_ZONE, hour: 'numeric' }).format(0),
  () => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(0),
];

/** Runs the steps of `INTL_WARM_UP`, each in a task of its own. */
export function warmIntl(steps: readonly (() => unknown)[] = INTL_WARM_UP): void {
  const [step, ...rest] = steps;
  if (!step) return;
  try {
    step();
  } catch {
    return; // no Intl data in this browser: the screens' own formatting says so where it matters
  }
  if (rest.length > 0) setTimeout(() => warmIntl(rest), 0);
}

/** Runs `task` once the first frame is out (the next task after the next animation frame). */
function afterFirstPaint(task: () => void): void {
  if (typeof requestAnimationFrame !== 'function') return void setTimeout(task, 0);
  requestAnimationFrame(() => setTimeout(task, 0));
}

/**
 * A dashboard page load starts at once what it would otherwise ask for one after the other (host JS →
 * session → page chunk → /remotes.json → manifest → remoteEntry.js → chunks → first reads), right
 * after the first paint (nothing competes with the main bundle for it): the session check, the
 * files the gateway listed for the page (its chunks; with the area hint cookie, the remote's
 * manifest, remoteEntry.js and first chunks, and its first screen's BFF reads) and that remote's
 * `./App` itself. The page
 * still decides from the session what to show: it uses these promises, which are cached; a wrong
 * hint only costs a download.
 */
export function startDashboardEarly(pathname: string, cookie: string, doc: Document = document): void {
  if (pathname !== '/dashboard' && !pathname.startsWith('/dashboard/')) return;
  afterFirstPaint(() => {
    void sessionStore().load();
    preloadEarlyFiles(doc);
    const area = readAreaHint(cookie);
    // Its failure is the remote area's to show (it gets this same promise), not an unhandled rejection here.
    if (area) loadRemoteApp(area, 0).catch(() => undefined);
    // The next task: the requests above are on their way meanwhile.
    setTimeout(() => warmIntl(), 0);
  });
}
