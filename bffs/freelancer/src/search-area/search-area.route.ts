import { route } from '@turno/bff-kit';
import { SearchAreaSchema, SearchAreaUpdateSchema } from '@turno/contracts';
import {
  geocodeFreelancerHome,
  geocoderSettingsFromEnv,
  nominatimGeocoder,
  readSearchArea,
  setSearchArea,
  type Geocoder,
} from '@turno/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * "Vagas perto de você" in Perfil (issue 26): where the freelancer searches from — their home
 * address as geocoded, or the position their browser gave with their consent — and how far.
 */
export const getSearchArea = route({
  method: 'get',
  path: '/api/freelancers/search-area',
  access: 'freelancer',
  response: SearchAreaSchema,
  handler: ({ em, actor }) => readSearchArea(em, actor.freelancerId),
});

export const updateSearchArea = route({
  method: 'put',
  path: '/api/freelancers/search-area',
  access: 'freelancer',
  rateLimit: 'profileWrite',
  body: SearchAreaUpdateSchema,
  response: SearchAreaSchema,
  handler: ({ em, actor, body }) =>
    setSearchArea(em, actor, { origin: body.origin, radiusKm: body.radius_km, position: body.position }),
});

let geocoder: Geocoder | undefined;
/** The geocoder of GEOCODER_URL / ADDRESS_SEARCH_URL (services/core presence/geocoder.ts). */
const homeGeocoder = () => (geocoder ??= nominatimGeocoder(geocoderSettingsFromEnv()));

/**
 * After a profile save (its transaction committed): the home address is geocoded now, without
 * making the answer wait on the geocoder; a failure or a lost process leaves it to the workers'
 * sweep (geocode-stores, which places freelancers' homes too).
 */
export function geocodeHomeAfterSave(em: EntityManager, freelancerId: number): void {
  void geocodeFreelancerHome(em.fork(), homeGeocoder(), freelancerId).catch(() => undefined);
}
