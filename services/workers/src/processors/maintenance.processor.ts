import { UnrecoverableError, type Job } from 'bullmq';
import {
  geocodeStoresWithoutLocation,
  geocoderSettingsFromEnv,
  nominatimGeocoder,
  pruneDomainEvents,
  type EntityManager,
  type Geocoder,
} from '@turno/core';
import { JOB_NAMES } from '../queues';

export interface MaintenanceResult {
  /** Live-update events deleted past their retention. */
  prunedEvents?: number;
  /** Business addresses geocoded (found, not found or ambiguous) and left for the next run. */
  geocoded?: number;
  geocodeFailed?: number;
}

let geocoder: Geocoder | undefined;
/** The geocoder of GEOCODER_URL / ADDRESS_SEARCH_URL (services/core presence/geocoder.ts). */
const storeGeocoder = () => (geocoder ??= nominatimGeocoder(geocoderSettingsFromEnv()));

/**
 * The maintenance queue. prune-domain-events (daily): deletes the live-update events older than
 * their retention; a stream resuming from before them is told to resync. Idempotent: a second
 * delivery finds nothing old left to delete. geocode-stores (every 10 min): the business addresses
 * never geocoded or changed since, one a second, up to 20 a run (issue 23).
 */
export async function processMaintenanceJob(
  job: Job,
  em: EntityManager,
  now: Date,
): Promise<MaintenanceResult> {
  if (job.name === JOB_NAMES.geocodeStores) {
    const { geocoded, failed } = await geocodeStoresWithoutLocation(em, storeGeocoder(), now, {
      pauseMs: 1_000,
    });
    return { geocoded, geocodeFailed: failed };
  }
  if (job.name !== JOB_NAMES.pruneDomainEvents) {
    throw new UnrecoverableError(`Unknown job on the maintenance queue: ${job.name}`);
  }
  return { prunedEvents: await pruneDomainEvents(em, now) };
}
