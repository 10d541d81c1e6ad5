import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { GEOCODE_STATUSES, SEARCH_ORIGINS, SEARCH_RADIUS_MAX_KM, SEARCH_RADIUS_MIN_KM } from '@turno/domain';
import { createdAtColumn, updatedAtColumn } from '../shared/columns';
import { Freelancer } from './freelancer.entity';

/**
 * Where a freelancer searches from, in SQL over `freelancer_search_areas` (no alias): the device's
 * position when they chose it (and shared one), else their home as geocoded, else null. The GiST
 * index below is on exactly this expression (a posted vacancy finds the freelancers around its store).
 */
export const SEARCH_ORIGIN_EARTH_SQL = `ll_to_earth(case when origin = 'current' and current_latitude is not null then current_latitude when home_geocode_status in ('found', 'manual') then home_latitude end, case when origin = 'current' and current_latitude is not null then current_longitude when home_geocode_status in ('found', 'manual') then home_longitude end)`;

/**
 * Where a freelancer looks for vacancies (issue 26, libs/domain nearby.ts), apart from the profile
 * row: the home address as geocoded (the cache of its answer, keyed by the address text it was for),
 * the chosen origin (home, or the device's position the freelancer shared), and the maximum
 * distance (null: the default). Written by services/core nearby/search-area.service.ts; the
 * vacancies' read (jobs.queries.ts) reads it in its statement. Positions never leave the server
 * except to their owner.
 */
export const FreelancerSearchArea = defineEntity({
  name: 'FreelancerSearchArea',
  tableName: 'freelancer_search_areas',
  properties: {
    freelancer: p.oneToOne(Freelancer).ref().owner().primary().deleteRule('cascade'),
    /** The address text the home answer is for; a profile address that differs is geocoded again. */
    homeQuery: p.text().nullable(),
    homeLatitude: p.double().nullable(),
    homeLongitude: p.double().nullable(),
    /** found / not_found / ambiguous (null: not geocoded yet). */
    homeGeocodeStatus: p.enum([...GEOCODE_STATUSES]).nullable(),
    homeGeocodedAt: p.datetime().nullable(),
    origin: p.enum([...SEARCH_ORIGINS]).default('home'),
    /** The device's position, kept only while the origin is 'current'. */
    currentLatitude: p.double().nullable(),
    currentLongitude: p.double().nullable(),
    currentAt: p.datetime().nullable(),
    /** Maximum distance in km; null: DEFAULT_SEARCH_RADIUS_KM. */
    radiusKm: p.integer().nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  indexes: [
    {
      name: 'freelancer_search_areas_origin_earth_index',
      expression: `create index "freelancer_search_areas_origin_earth_index" on "freelancer_search_areas" using gist (${SEARCH_ORIGIN_EARTH_SQL})`,
    },
  ],
  checks: [
    {
      name: 'freelancer_search_areas_radius_range',
      expression: `radius_km >= ${SEARCH_RADIUS_MIN_KM} and radius_km <= ${SEARCH_RADIUS_MAX_KM}`,
    },
    {
      name: 'freelancer_search_areas_home_together',
      expression: '(home_latitude is null) = (home_longitude is null)',
    },
    {
      name: 'freelancer_search_areas_current_together',
      expression: '(current_latitude is null) = (current_longitude is null)',
    },
  ],
});
export type FreelancerSearchArea = InferEntity<typeof FreelancerSearchArea>;
