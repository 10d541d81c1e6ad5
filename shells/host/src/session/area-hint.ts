import { AREA_HINT_COOKIE, type CurrentUser, HINTED_AREAS } from '@turno/contracts';
import { dashboardRoute, type DashboardArea } from '../pages/dashboard-area';

/**
 * The area hint: a cookie naming the signed-in person's dashboard area (`freelancer` or
 * `restaurant`), so a later page load starts that remote's download — and the gateway hints its
 * files in the HTML (services/gateway/src/page-hints.ts) — before the session check answers. Not a
 * secret and never used to authorize anything: the session decides what the page shows; a wrong or
 * stale hint only costs a download. Written at sign-in (and after profile setup), removed when
 * there is nobody (sign-out, an expired session).
 */
export { AREA_HINT_COOKIE };
const AREAS: readonly DashboardArea[] = HINTED_AREAS;
/** A month; renewed by every page load that confirms it. */
const MAX_AGE_S = 30 * 24 * 60 * 60;

/** The area of the hint cookie, when it names one. */
export function readAreaHint(cookie: string = globalThis.document?.cookie ?? ''): DashboardArea | undefined {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === AREA_HINT_COOKIE && AREAS.includes(value as DashboardArea)) return value as DashboardArea;
  }
  return undefined;
}

/** The cookie string that keeps (or removes, with no area) the hint. */
export function areaHintCookie(area: DashboardArea | undefined, secure: boolean): string {
  const attributes = `; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return area
    ? `${AREA_HINT_COOKIE}=${area}${attributes}; Max-Age=${MAX_AGE_S}`
    : `${AREA_HINT_COOKIE}=${attributes}; Max-Age=0`;
}

/**
 * Writes the hint of `user`'s area, or removes it when there is nobody (or no area). Only when the
 * session changes (sign-in, setup, sign-out, an expired session), never on an ordinary page load,
 * so a cookie the page cannot see (one a tool sends as a header) is never overwritten.
 */
export function writeAreaHint(
  user: CurrentUser | null,
  doc: Document | undefined = globalThis.document,
): void {
  if (!doc) return;
  const route = dashboardRoute(user);
  const area = route.kind === 'area' ? route.area : undefined;
  if (readAreaHint(doc.cookie) === area) return;
  doc.cookie = areaHintCookie(area, doc.location?.protocol === 'https:');
}
