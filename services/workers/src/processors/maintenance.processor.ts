import { UnrecoverableError, type Job } from 'bullmq';
import {
  applyRetention,
  carryOutDueAccountDeletions,
  geocodeFreelancerHomes,
  geocodeStoresWithoutLocation,
  geocoderSettingsFromEnv,
  nominatimGeocoder,
  pruneDomainEvents,
  type EntityManager,
  type Geocoder,
  type DeletionRunReport,
  type RetentionReport,
} from '@turno/core';
import { JOB_NAMES } from '../queues';

export interface MaintenanceResult {
  /** Live-update events deleted past their retention. */
  prunedEvents?: number;
  /** Business addresses geocoded (found, not found or ambiguous) and left for the next run. */
  geocoded?: number;
  geocodeFailed?: number;
  /** Freelancers' home addresses geocoded, and left for the next run (issue 26). */
  homesGeocoded?: number;
  homesFailed?: number;
  /** Issue 27: what the retention run removed, per row of the retention table (also in the audit trail). */
  retention?: RetentionReport;
  /** Issue 27: account deletions carried out (deleted / anonymized), failed, photos removed. */
  accountDeletions?: DeletionRunReport;
}

let geocoder: Geocoder | undefined;
/** The geocoder of GEOCODER_URL / ADDRESS_SEARCH_URL (services/core presence/geocoder.ts). */
const storeGeocoder = () => (geocoder ??= nominatimGeocoder(geocoderSettingsFromEnv()));

/**
 * The maintenance queue. prune-domain-events (daily): deletes the live-update events older than
 * their retention; a stream resuming from before them is told to resync. Idempotent: a second
 * delivery finds nothing old left to delete. geocode-stores (every 10 min): the business addresses
 * never geocoded or changed since, one a second, up to 20 a run (issue 23), then as many freelancers'
 * home addresses (issue 26: the profile save geocodes at once; this is the backstop).
 * apply-retention (daily, issue 27): the retention table's rows the workers apply (core
 * applyRetention: one transaction, counts in the audit trail; idempotent).
 * carry-out-account-deletions (hourly, issue 27): the deletions whose 7-day grace ended, with the
 * admin deletion's rules, photos and documents out of storage (core carryOutDueAccountDeletions:
 * idempotent, counts in the audit trail).
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
    const homes = await geocodeFreelancerHomes(em, storeGeocoder(), now, { pauseMs: 1_000 });
    return { geocoded, geocodeFailed: failed, homesGeocoded: homes.geocoded, homesFailed: homes.failed };
  }
  if (job.name === JOB_NAMES.applyRetention) return { retention: await applyRetention(em, now) };
  if (job.name === JOB_NAMES.carryOutAccountDeletions)
    return { accountDeletions: await carryOutDueAccountDeletions(em, now) };
  if (job.name !== JOB_NAMES.pruneDomainEvents) {
    throw new UnrecoverableError(`Unknown job on the maintenance queue: ${job.name}`);
  }
  return { prunedEvents: await pruneDomainEvents(em, now) };
}
