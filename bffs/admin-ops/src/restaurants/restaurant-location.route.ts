import { route, type RouteAudit } from '@turno/bff-kit';
import {
  AdminIdParamsSchema,
  StoreLocationRequestSchema,
  StoreLocationResponseSchema,
  type StoreLocationResponse,
} from '@turno/contracts';
import {
  geocodeStore,
  geocoderSettingsFromEnv,
  nominatimGeocoder,
  setStoreLocation,
  storeLocationGeocodedIfMissing,
  type GeocodeAnswer,
  type Geocoder,
  type StoreLocation,
} from '@turno/core';
import { MESSAGES } from '@turno/domain';

let geocoder: Geocoder | undefined;
/** The geocoder of GEOCODER_URL / ADDRESS_SEARCH_URL (services/core presence/geocoder.ts), built on first use. */
const storeGeocoder = () => (geocoder ??= nominatimGeocoder(geocoderSettingsFromEnv()));

const OUTCOME_MESSAGES: Record<GeocodeAnswer['status'], string> = {
  found: MESSAGES.presence.geocodeFound,
  not_found: MESSAGES.presence.geocodeNotFound,
  ambiguous: MESSAGES.presence.geocodeAmbiguous,
  failed: MESSAGES.presence.geocodeFailed,
};

function answer(location: StoreLocation, message?: string): StoreLocationResponse {
  return {
    restaurant_id: location.restaurantId,
    address: location.address,
    latitude: location.latitude,
    longitude: location.longitude,
    geocode_status: location.geocodeStatus,
    geocoded_at: location.geocodedAt ? location.geocodedAt.toISOString() : null,
    radius_m: location.radiusM,
    default_radius_m: location.defaultRadiusM,
    ...(message ? { message } : {}),
  };
}

/** The store's record before and after (coordinates, status, radius: audit-snapshots.ts). */
const storeRecord: RouteAudit<{ id: number }> = {
  records: ({ params }) => [{ type: 'restaurants', id: params.id }],
};

/**
 * GET /api/admin/restaurants/:id/location — where the store is ("Localização" in Mercados). A store
 * never geocoded is geocoded now (on demand: the first look at it), so its status says what the
 * geocoder found. Admins only: store coordinates never reach a freelancer.
 */
export const storeLocationRoute = route({
  method: 'get',
  path: '/api/admin/restaurants/:id/location',
  access: 'admin',
  params: AdminIdParamsSchema,
  response: StoreLocationResponseSchema,
  handler: async ({ em, actor, params }) =>
    answer(await storeLocationGeocodedIfMissing(em, actor, storeGeocoder(), params.id)),
});

/** POST /api/admin/restaurants/:id/location/geocode — "Buscar pelo endereço": geocodes the address again (audited). */
export const geocodeStoreRoute = route({
  method: 'post',
  path: '/api/admin/restaurants/:id/location/geocode',
  access: 'admin',
  params: AdminIdParamsSchema,
  response: StoreLocationResponseSchema,
  audit: storeRecord,
  handler: async ({ em, actor, params }) => {
    const { location, outcome } = await geocodeStore(em, actor, storeGeocoder(), params.id);
    return answer(location, OUTCOME_MESSAGES[outcome]);
  },
});

/**
 * PUT /api/admin/restaurants/:id/location — `{ latitude, longitude, radius_m, reason }`: the admin
 * places the store by hand (status 'manual') and/or sets its check-in radius (null: the default).
 * Audited with the reason (a "Correção de localização" record in `after`).
 */
export const setStoreLocationRoute = route({
  method: 'put',
  path: '/api/admin/restaurants/:id/location',
  access: 'admin',
  params: AdminIdParamsSchema,
  body: StoreLocationRequestSchema,
  response: StoreLocationResponseSchema,
  audit: {
    ...storeRecord,
    answer: (result: { restaurant_id: number; correctionReason?: string }) => ({
      [`location-corrections:${result.restaurant_id}`]: {
        correction_reason: result.correctionReason ?? null,
      },
    }),
  },
  handler: async ({ em, actor, params, body }) => ({
    ...answer(
      await setStoreLocation(em, actor, params.id, {
        latitude: body.latitude,
        longitude: body.longitude,
        radiusM: body.radius_m,
      }),
      MESSAGES.presence.locationSaved,
    ),
    // For the audit trail only; the response schema leaves it out of the answer.
    correctionReason: body.reason,
  }),
});
