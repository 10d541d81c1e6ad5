/**
 * What a page load may start before the session check answers (services/gateway/src/page-hints.ts
 * lists it in the dashboard's HTML, shells/host/src/early-start.ts starts it, the remotes' first
 * screens ask for it): one list, so a preload and the request that should take its answer never
 * drift apart. No zod here: a remote's first screen imports it.
 */

/**
 * The area hint cookie (`turno_area=freelancer|restaurant`): the signed-in person's dashboard area,
 * written by the host at sign-in and setup, removed at sign-out. Not a secret and never used to
 * authorize anything: a wrong or stale hint only costs a download.
 */
export const AREA_HINT_COOKIE = 'turno_area';

/** The areas the hint may name: the two whose first screen is `/dashboard` itself. */
export const HINTED_AREAS = ['freelancer', 'restaurant'] as const;
export type HintedArea = (typeof HINTED_AREAS)[number];

/**
 * The BFF reads each area's first screen (Vagas, the business's Dashboard) makes before anything
 * else, exactly as the screen asks for them (same origin, through the gateway's `/bff/<role>`).
 */
export const FIRST_SCREEN_READS = {
  freelancer: {
    openJobs: '/bff/freelancer/api/jobs',
    me: '/bff/freelancer/api/freelancers/me',
  },
  restaurant: {
    profile: '/bff/restaurant/api/restaurant/profile',
    pendingRequests: '/bff/restaurant/api/restaurant/assignments/pending-requests',
    spending: '/bff/restaurant/api/restaurant/spending-analytics',
  },
} as const satisfies Record<HintedArea, Record<string, string>>;

/** The first screen's reads of an area, in the order they start. */
export function firstScreenReads(area: HintedArea): readonly string[] {
  return Object.values(FIRST_SCREEN_READS[area]);
}
