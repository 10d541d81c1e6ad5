/**
 * Where a freelancer searches vacancies from (issue 26, libs/domain nearby.ts): their home address
 * geocoded with the same Nominatim-compatible client as the stores (the answer cached in
 * freelancer_search_areas with the address text it was for, and reused for the same text), or the
 * device's position they chose to share; and their maximum distance. Plain SQL: the vacancies' read
 * (jobs.queries.ts) reads the same row inside its statement.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SearchArea } from '@turno/contracts';
import {
  NEARBY_TEXTS,
  isSearchOrigin,
  isSearchRadiusKm,
  searchRadiusKm,
  type HomePlaceStatus,
  type SearchOrigin,
} from '@turno/domain';
import { recordEvent } from '../events';
import type { Actor } from '../shared/actor';
import { requireRole } from '../shared/access';
import { invalid } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';
import type { GeocodeAnswer, Geocoder } from './geocoder';
import { coordinate } from './store-location.service';

interface SearchAreaRow {
  address: string | null;
  home_query: string | null;
  home_geocode_status: string | null;
  origin: SearchOrigin | null;
  current_latitude: number | string | null;
  current_at: Date | string | null;
  radius_km: number | null;
}

/** The home address as a geocoder query ('' when none). */
export function homeQueryOf(address: string | null | undefined): string {
  return (address ?? '').replace(/\s+/g, ' ').trim();
}

function homeStatusOf(row: Pick<SearchAreaRow, 'address' | 'home_query' | 'home_geocode_status'>) {
  const query = homeQueryOf(row.address);
  if (!query) return 'missing' satisfies HomePlaceStatus;
  if (row.home_query !== query || !row.home_geocode_status || row.home_geocode_status === 'failed')
    return 'pending' satisfies HomePlaceStatus;
  if (row.home_geocode_status === 'manual') return 'found' satisfies HomePlaceStatus;
  return row.home_geocode_status as HomePlaceStatus;
}

function freelancerOf(actor: Actor): number {
  requireRole(actor, ['freelancer']);
  return (actor as Extract<Actor, { role: 'freelancer' }>).freelancerId;
}

/** The freelancer's search area as they see it in Perfil. */
export async function readSearchArea(em: EntityManager, freelancerId: number): Promise<SearchArea> {
  const [row] = await em.getConnection().execute<SearchAreaRow[]>(
    `select f.address, s.home_query, s.home_geocode_status, s.origin, s.current_latitude,
       s.current_at, s.radius_km
     from freelancers f left join freelancer_search_areas s on s.freelancer_id = f.id where f.id = ?`,
    [freelancerId],
  );
  const hasCurrent = coordinate(row?.current_latitude) !== null;
  return {
    origin: row?.origin ?? 'home',
    radius_km: searchRadiusKm(row?.radius_km),
    home_address: homeQueryOf(row?.address) || null,
    home_status: row ? homeStatusOf(row) : 'missing',
    has_current_position: hasCurrent,
    current_at: hasCurrent && row?.current_at ? new Date(row.current_at).toISOString() : null,
  };
}

export interface SearchAreaChange {
  origin: SearchOrigin;
  radiusKm: number;
  /** The device's position, given with consent; required for 'current' unless one is kept. */
  position?: { latitude: number; longitude: number };
}

/**
 * The freelancer chooses where to search from and how far. Choosing 'home' forgets the device's
 * position (it is kept only while it is used). Records an event for this freelancer, so their
 * "Vagas" is read again.
 */
export async function setSearchArea(
  em: EntityManager,
  actor: Actor,
  change: SearchAreaChange,
  now: Date = new Date(),
): Promise<SearchArea> {
  const freelancerId = freelancerOf(actor);
  if (!isSearchOrigin(change.origin)) throw invalid('invalid_origin', NEARBY_TEXTS.invalidOrigin);
  if (!isSearchRadiusKm(change.radiusKm)) throw invalid('invalid_radius', NEARBY_TEXTS.invalidRadius);
  const position = change.origin === 'current' ? (change.position ?? null) : null;
  await inTransaction(em, async (tx) => {
    const [kept] = await tx.execute<{ current_latitude: number | null }[]>(
      `select current_latitude from freelancer_search_areas where freelancer_id = ? for update`,
      [freelancerId],
    );
    if (change.origin === 'current' && !position && coordinate(kept?.current_latitude) === null)
      throw invalid('current_position_required', NEARBY_TEXTS.currentMissing);
    const keepCurrent = change.origin === 'current' && !position;
    await tx.execute(
      `insert into freelancer_search_areas (freelancer_id, origin, radius_km, current_latitude,
         current_longitude, current_at)
       values (?, ?, ?, ?, ?, ?)
       on conflict (freelancer_id) do update set origin = excluded.origin, radius_km = excluded.radius_km,
         current_latitude = case when ? then freelancer_search_areas.current_latitude else excluded.current_latitude end,
         current_longitude = case when ? then freelancer_search_areas.current_longitude else excluded.current_longitude end,
         current_at = case when ? then freelancer_search_areas.current_at else excluded.current_at end,
         updated_at = now()`,
      [
        freelancerId,
        change.origin,
        change.radiusKm,
        position?.latitude ?? null,
        position?.longitude ?? null,
        position ? now : null,
        keepCurrent,
        keepCurrent,
        keepCurrent,
      ],
      'run',
    );
    await recordEvent(tx, {
      type: 'freelancer_updated',
      freelancerId,
      payload: { freelancerId, change: 'search_area' },
    });
  });
  return readSearchArea(em, freelancerId);
}

/** A cached answer for this address text (another freelancer's home geocoded the same), if any. */
async function cachedAnswer(em: EntityManager, query: string): Promise<GeocodeAnswer | null> {
  const [row] = await em
    .getConnection()
    .execute<{ home_geocode_status: string; home_latitude: number | null; home_longitude: number | null }[]>(
      `select home_geocode_status, home_latitude, home_longitude from freelancer_search_areas
     where home_query = ? and home_geocode_status in ('found', 'not_found', 'ambiguous')
     order by home_geocoded_at desc limit 1`,
      [query],
    );
  if (!row) return null;
  if (row.home_geocode_status === 'found')
    return {
      status: 'found',
      latitude: coordinate(row.home_latitude)!,
      longitude: coordinate(row.home_longitude)!,
    };
  return { status: row.home_geocode_status as 'not_found' | 'ambiguous' };
}

/**
 * Geocodes one freelancer's home address when it was never geocoded or changed since (the cache
 * first, then the geocoder, outside any transaction); the answer is written only if the address is
 * still the one asked about. A geocoder that did not answer changes nothing (the sweep tries again).
 * Answers what happened: 'unchanged' when there was nothing to do.
 */
export async function geocodeFreelancerHome(
  em: EntityManager,
  geocoder: Geocoder,
  freelancerId: number,
  now: Date = new Date(),
): Promise<GeocodeAnswer['status'] | 'unchanged'> {
  const [row] = await em
    .getConnection()
    .execute<SearchAreaRow[]>(
      `select f.address, s.home_query, s.home_geocode_status from freelancers f left join freelancer_search_areas s on s.freelancer_id = f.id where f.id = ?`,
      [freelancerId],
    );
  if (!row) return 'unchanged';
  const query = homeQueryOf(row.address);
  if (homeStatusOf(row) !== 'pending') {
    if (query || row.home_query === null) return 'unchanged';
  }
  const answer: GeocodeAnswer = query
    ? ((await cachedAnswer(em, query)) ?? (await geocoder(query)))
    : { status: 'not_found' };
  if (answer.status === 'failed') return 'failed';
  await inTransaction(em, async (tx) => {
    const written = await tx.execute<{ freelancer_id: number }[]>(
      `insert into freelancer_search_areas (freelancer_id, home_query, home_latitude, home_longitude,
         home_geocode_status, home_geocoded_at)
       select f.id, ?, ?, ?, ?, ? from freelancers f
        where f.id = ? and coalesce(regexp_replace(trim(f.address), '\\s+', ' ', 'g'), '') = ?
       on conflict (freelancer_id) do update set home_query = excluded.home_query,
         home_latitude = excluded.home_latitude, home_longitude = excluded.home_longitude,
         home_geocode_status = excluded.home_geocode_status, home_geocoded_at = excluded.home_geocoded_at,
         updated_at = now()
       returning freelancer_id`,
      [
        query || null,
        answer.status === 'found' ? answer.latitude : null,
        answer.status === 'found' ? answer.longitude : null,
        query ? answer.status : null,
        now,
        freelancerId,
        query,
      ],
    );
    if (written.length > 0)
      await recordEvent(tx, {
        type: 'freelancer_updated',
        freelancerId,
        payload: { freelancerId, change: 'home_place' },
      });
  });
  return answer.status;
}

/**
 * The freelancers whose home address was never geocoded or changed since, geocoded one after the
 * other (Nominatim: at most one request a second), at most `limit` a run: the workers' sweep, with
 * the stores'. A geocoder that does not answer leaves them for the next run.
 */
export async function geocodeFreelancerHomes(
  em: EntityManager,
  geocoder: Geocoder,
  now: Date = new Date(),
  options: { limit?: number; pauseMs?: number } = {},
): Promise<{ geocoded: number; failed: number }> {
  const due = await em.getConnection().execute<{ id: number }[]>(
    `select f.id from freelancers f left join freelancer_search_areas s on s.freelancer_id = f.id
     where (nullif(trim(f.address), '') is not null
            and (s.freelancer_id is null or s.home_geocode_status is null
                 or s.home_query is distinct from regexp_replace(trim(f.address), '\\s+', ' ', 'g')))
        or (nullif(trim(f.address), '') is null and s.home_query is not null)
     order by f.id limit ?`,
    [options.limit ?? 20],
  );
  let geocoded = 0;
  let failed = 0;
  for (const [index, { id }] of due.entries()) {
    if (index > 0 && options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    const outcome = await geocodeFreelancerHome(em.fork(), geocoder, id, now);
    if (outcome === 'failed') failed += 1;
    else if (outcome !== 'unchanged') geocoded += 1;
  }
  return { geocoded, failed };
}
