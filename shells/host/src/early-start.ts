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
  });
}
