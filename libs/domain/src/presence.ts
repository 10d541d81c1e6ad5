/**
 * Proof of presence (issue 23): where a store is, when a reported position counts as "at the store"
 * (the geofence) and the store's rotating presence code. Every number here; services/core and the
 * screens import them.
 *
 * - A position is inside when its distance to the store (haversine, metres) is at most the store's
 *   radius (its own or `DEFAULT_GEOFENCE_RADIUS_M`) plus the accuracy the device reported, the
 *   allowance capped at `MAX_ACCURACY_ALLOWANCE_M`: a phone that says "±5 km" proves nothing.
 * - The presence code is a 6-digit TOTP (RFC 6238, SHA-1, 30 s) per store; a code is good for its
 *   step and the one before (`PRESENCE_CODE_ACCEPTED_PAST_STEPS`), and each step serves one shift.
 */

/** Check-in radius around a store when the store has none of its own. */
export const DEFAULT_GEOFENCE_RADIUS_M = 200;
/** The most a reported accuracy widens the radius. */
export const MAX_ACCURACY_ALLOWANCE_M = 100;
/** Radii an admin may set for a store. */
export const GEOFENCE_RADIUS_MIN_M = 50;
export const GEOFENCE_RADIUS_MAX_M = 2_000;
/** The presence code: digits, seconds per code, and how many earlier codes are still accepted. */
export const PRESENCE_CODE_DIGITS = 6;
export const PRESENCE_CODE_STEP_SECONDS = 30;
export const PRESENCE_CODE_ACCEPTED_PAST_STEPS = 1;
/** Longest wait for the browser's position before the app offers the code instead. */
export const GEOLOCATION_TIMEOUT_MS = 15_000;

/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6_371_008.8;

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** A position reported by a device: where, and how sure (metres, 68 % confidence as the Geolocation API says). */
export interface ReportedPosition extends GeoPoint {
  accuracy: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres between two points (haversine). */
export function distanceMeters(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The store's radius: its own, or the default. */
export function geofenceRadius(storeRadiusM: number | null | undefined): number {
  return storeRadiusM ?? DEFAULT_GEOFENCE_RADIUS_M;
}

/** How far from the store a position may be: the radius plus the reported accuracy, capped. */
export function allowedDistance(storeRadiusM: number | null | undefined, accuracyM: number): number {
  const allowance = Math.min(Math.max(0, accuracyM), MAX_ACCURACY_ALLOWANCE_M);
  return geofenceRadius(storeRadiusM) + allowance;
}

export type GeofenceDecision =
  | { inside: true; distanceM: number; radiusM: number }
  | { inside: false; reason: 'no_store_location' }
  | { inside: false; reason: 'outside'; distanceM: number; radiusM: number };

/**
 * Whether a reported position is at the store. `distanceM` is rounded to the metre (as stored);
 * `radiusM` is the store's radius (without the accuracy allowance), as the app shows it.
 */
export function geofenceDecision(
  store: { latitude: number | null; longitude: number | null; radiusM: number | null },
  position: ReportedPosition,
): GeofenceDecision {
  if (store.latitude === null || store.longitude === null) {
    return { inside: false, reason: 'no_store_location' };
  }
  const exact = distanceMeters({ latitude: store.latitude, longitude: store.longitude }, position);
  const distanceM = Math.round(exact);
  const radiusM = geofenceRadius(store.radiusM);
  if (exact <= allowedDistance(store.radiusM, position.accuracy)) return { inside: true, distanceM, radiusM };
  return { inside: false, reason: 'outside', distanceM, radiusM };
}

/** True when the value is a presence code as typed: exactly 6 digits (spaces ignored). */
export function normalizePresenceCode(value: string): string | null {
  const digits = value.replace(/\s+/g, '');
  return new RegExp(`^[0-9]{${PRESENCE_CODE_DIGITS}}$`).test(digits) ? digits : null;
}

/** The TOTP step of an instant. */
export function presenceCodeStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / PRESENCE_CODE_STEP_SECONDS);
}

/** Whole seconds until the code shown at `now` changes (1..30). */
export function presenceCodeSecondsLeft(now: Date): number {
  const ms = PRESENCE_CODE_STEP_SECONDS * 1000;
  return Math.ceil((ms - (now.getTime() % ms)) / 1000);
}

/** True when a code of `codeStep` may be used at `now`: its own step or up to 1 before. */
export function presenceCodeStepAccepted(codeStep: number, now: Date): boolean {
  const current = presenceCodeStep(now);
  return codeStep <= current && current - codeStep <= PRESENCE_CODE_ACCEPTED_PAST_STEPS;
}

/** Metres for screen: "180 m", "1,2 km". */
export function formatDistance(meters: number): string {
  if (meters < 1000) return `${Math.round(meters)} m`;
  return `${(Math.round(meters / 100) / 10).toFixed(1).replace('.', ',')} km`;
}

/**
 * Geocoding a store's address: the first two answers of the geocoder are asked for; a second answer
 * farther than this from the first makes the address ambiguous (left for the admin to place).
 */
export const GEOCODE_AMBIGUITY_M = 250;
