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
}

function earlyFiles(doc: Document): EarlyFiles {
  try {
    const value = JSON.parse(doc.getElementById(EARLY_FILES_ID)?.textContent ?? '{}') as Partial<EarlyFiles>;
    const urls = (list: unknown) => (Array.isArray(list) ? list.filter((u) => typeof u === 'string') : []);
    return { scripts: urls(value.scripts), fetches: urls(value.fetches) };
  } catch {
    return { scripts: [], fetches: [] };
  }
}

/** `<link rel="preload">` of each file, as the page will ask for it (so the browser reuses the answer). */
export function preloadEarlyFiles(doc: Document): void {
  const { scripts, fetches } = earlyFiles(doc);
  const link = (href: string, as: 'script' | 'fetch') => {
    const element = doc.createElement('link');
    element.rel = 'preload';
    element.setAttribute('as', as);
    if (as === 'fetch') element.crossOrigin = 'anonymous';
    element.href = href;
    doc.head.append(element);
  };
  fetches.forEach((href) => link(href, 'fetch'));
  scripts.forEach((href) => link(href, 'script'));
}

/** Runs `task` once the first frame is out (the next task after the next animation frame). */
function afterFirstPaint(task: () => void): void {
  if (typeof requestAnimationFrame !== 'function') return void setTimeout(task, 0);
  requestAnimationFrame(() => setTimeout(task, 0));
}

/**
 * A dashboard page load starts what it would otherwise ask for one after the other (host JS →
 * session → page chunk → /remotes.json → manifest → remoteEntry.js → chunks): the session check at
 * once and, right after the first paint (so none of it competes with the main bundle for the first
 * paint), the files the gateway listed for the page (its chunks; with the area hint cookie, the
 * remote's manifest, remoteEntry.js and first chunks) and that remote's `./App` itself. The page
 * still decides from the session what to show: it uses these promises, which are cached; a wrong
 * hint only costs a download.
 */
export function startDashboardEarly(pathname: string, cookie: string, doc: Document = document): void {
  if (pathname !== '/dashboard' && !pathname.startsWith('/dashboard/')) return;
  void sessionStore().load();
  afterFirstPaint(() => {
    preloadEarlyFiles(doc);
    const area = readAreaHint(cookie);
    // Its failure is the remote area's to show (it gets this same promise), not an unhandled rejection here.
    if (area) loadRemoteApp(area, 0).catch(() => undefined);
  });
}
