/**
 * Where a store is (issue 23): its address geocoded (the result cached on the business) or placed by
 * an admin, and its check-in radius. A not-found or ambiguous answer leaves the coordinates unset
 * and says so (geocodeStatus); a geocoder that did not answer changes nothing. Only admins read or
 * change a location: store coordinates never reach a freelancer.
 */
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_GEOFENCE_RADIUS_M,
  GEOFENCE_RADIUS_MAX_M,
  GEOFENCE_RADIUS_MIN_M,
  MESSAGES,
  type GeocodeStatus,
} from '@turno/domain';
import { recordEvent } from '../events';
import { Restaurant } from '../model';
import type { Actor } from '../shared/actor';
import { requireRole } from '../shared/access';
import { conflict, invalid, notFound } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';
import type { GeocodeAnswer, Geocoder } from './geocoder';
import { geocodeQueryOf } from '../rows/store-address';

export { geocodeQueryOf, markForGeocodingIfMoved } from '../rows/store-address';

export interface StoreLocation {
  restaurantId: number;
  /** The address as geocoded ('' when the business has none). */
  address: string;
  latitude: number | null;
  longitude: number | null;
  geocodeStatus: GeocodeStatus | null;
  geocodedAt: Date | null;
  /** The store's own radius (null: the default). */
  radiusM: number | null;
  defaultRadiusM: number;
}

/** A stored coordinate as a number (the double column reads as text), or null. */
export function coordinate(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

function locationOf(store: Restaurant): StoreLocation {
  return {
    restaurantId: store.id,
    address: geocodeQueryOf(store),
    latitude: coordinate(store.latitude),
    longitude: coordinate(store.longitude),
    geocodeStatus: store.geocodeStatus ?? null,
    geocodedAt: store.geocodedAt ?? null,
    radiusM: store.geofenceRadiusM ?? null,
    defaultRadiusM: DEFAULT_GEOFENCE_RADIUS_M,
  };
}

async function storeFor(em: EntityManager, actor: Actor, restaurantId: number): Promise<Restaurant> {
  requireRole(actor, ['admin']);
  const store = await em.findOne(Restaurant, { id: restaurantId }, { refresh: true });
  if (!store) throw notFound('restaurant_not_found', MESSAGES.restaurants.notFound);
  return store;
}

/** A store placed or moved: every freelancer's "Vagas" shows its distance anew (issue 26). */
function storeMoved(tx: EntityManager, restaurantId: number): Promise<void> {
  return recordEvent(tx, {
    type: 'restaurant_updated',
    restaurantId,
    allFreelancers: true,
    payload: { restaurantId, change: 'location' },
  });
}

/** The admin reads a store's location. */
export async function storeLocation(em: EntityManager, actor: Actor, restaurantId: number) {
  return locationOf(await storeFor(em, actor, restaurantId));
}

/** Applies a geocoder's answer to the store (not 'failed': that changes nothing). */
function applyAnswer(store: Restaurant, answer: GeocodeAnswer, now: Date): void {
  if (answer.status === 'failed') return;
  store.geocodeStatus = answer.status;
  store.geocodedAt = now;
  store.latitude = answer.status === 'found' ? answer.latitude : null;
  store.longitude = answer.status === 'found' ? answer.longitude : null;
}

/**
 * The admin (re)geocodes a store's address ("Buscar pelo endereço"). The geocoder runs outside any
 * transaction (it may take seconds); its answer is then written unless an admin placed the store by
 * hand meanwhile. Answers the location and what the geocoder said.
 */
export async function geocodeStore(
  em: EntityManager,
  actor: Actor,
  geocoder: Geocoder,
  restaurantId: number,
  now: Date = new Date(),
): Promise<{ location: StoreLocation; outcome: GeocodeAnswer['status'] }> {
  const store = await storeFor(em, actor, restaurantId);
  if (!store.address?.trim())
    throw conflict('restaurant_without_address', MESSAGES.presence.geocodeNoAddress);
  return geocodeAndApply(em, geocoder, store, now);
}

async function geocodeAndApply(
  em: EntityManager,
  geocoder: Geocoder,
  store: Restaurant,
  now: Date,
): Promise<{ location: StoreLocation; outcome: GeocodeAnswer['status'] }> {
  const query = geocodeQueryOf(store);
  const answer = await geocoder(query);
  const location = await inTransaction(em, async (tx) => {
    const locked = await tx.findOneOrFail(
      Restaurant,
      { id: store.id },
      { refresh: true, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    const before = [coordinate(locked.latitude), coordinate(locked.longitude)].join();
    if (geocodeQueryOf(locked) === query) applyAnswer(locked, answer, now);
    if ([coordinate(locked.latitude), coordinate(locked.longitude)].join() !== before)
      await storeMoved(tx, locked.id);
    return locationOf(locked);
  });
  return { location, outcome: answer.status };
}

/**
 * The stores whose address was never geocoded, or changed since (geocodeStatus null), geocoded one
 * after the other (Nominatim's policy: at most one request a second), at most `limit` per run: the
 * workers' maintenance sweep. A geocoder that does not answer leaves them for the next run.
 */
export async function geocodeStoresWithoutLocation(
  em: EntityManager,
  geocoder: Geocoder,
  now: Date = new Date(),
  options: { limit?: number; pauseMs?: number } = {},
): Promise<{ geocoded: number; failed: number }> {
  const stores = await em.find(
    Restaurant,
    { geocodeStatus: null, address: { $ne: null } },
    { orderBy: { id: 'asc' }, limit: options.limit ?? 20 },
  );
  let geocoded = 0;
  let failed = 0;
  for (const [index, store] of stores.entries()) {
    if (index > 0 && options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    const { outcome } = await geocodeAndApply(em.fork(), geocoder, store, now);
    if (outcome === 'failed') failed += 1;
    else geocoded += 1;
  }
  return { geocoded, failed };
}

/**
 * Geocodes a store that was never geocoded (on demand, the first time an admin opens its location).
 * Answers the location as it is afterwards.
 */
export async function storeLocationGeocodedIfMissing(
  em: EntityManager,
  actor: Actor,
  geocoder: Geocoder,
  restaurantId: number,
  now: Date = new Date(),
): Promise<StoreLocation> {
  const store = await storeFor(em, actor, restaurantId);
  if (store.geocodeStatus || !store.address?.trim()) return locationOf(store);
  return (await geocodeStore(em, actor, geocoder, restaurantId, now)).location;
}

export interface StoreLocationChange {
  /** Both or neither: null clears the coordinates. */
  latitude: number | null;
  longitude: number | null;
  /** null: the default radius. */
  radiusM: number | null;
}

/** The admin places the store by hand and/or sets its radius (audited by the route, with a reason). */
export async function setStoreLocation(
  em: EntityManager,
  actor: Actor,
  restaurantId: number,
  change: StoreLocationChange,
  now: Date = new Date(),
): Promise<StoreLocation> {
  requireRole(actor, ['admin']);
  if ((change.latitude === null) !== (change.longitude === null))
    throw invalid('coordinates_together', MESSAGES.presence.coordinatesTogether);
  if (change.latitude !== null && Math.abs(change.latitude) > 90)
    throw invalid('latitude_range', MESSAGES.presence.latitudeRange);
  if (change.longitude !== null && Math.abs(change.longitude) > 180)
    throw invalid('longitude_range', MESSAGES.presence.longitudeRange);
  if (
    change.radiusM !== null &&
    (!Number.isInteger(change.radiusM) ||
      change.radiusM < GEOFENCE_RADIUS_MIN_M ||
      change.radiusM > GEOFENCE_RADIUS_MAX_M)
  )
    throw invalid(
      'radius_range',
      MESSAGES.presence.radiusRange(GEOFENCE_RADIUS_MIN_M, GEOFENCE_RADIUS_MAX_M),
    );
  return inTransaction(em, async (tx) => {
    const store = await tx.findOne(
      Restaurant,
      { id: restaurantId },
      { refresh: true, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!store) throw notFound('restaurant_not_found', MESSAGES.restaurants.notFound);
    const moved =
      coordinate(store.latitude) !== change.latitude || coordinate(store.longitude) !== change.longitude;
    if (moved) {
      store.latitude = change.latitude;
      store.longitude = change.longitude;
      store.geocodeStatus = change.latitude === null ? null : 'manual';
      store.geocodedAt = now;
    }
    store.geofenceRadiusM = change.radiusM;
    if (moved) await storeMoved(tx, store.id);
    return locationOf(store);
  });
}
