/**
 * Small builders for the billing and analytics tests (not exported by the package): shifts with
 * the amounts libs/domain computes, dated in Sao Paulo, and a reset between tests.
 */
import { ref } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  saoPauloDateTimeToInstant,
  shiftAmountsCents,
  shiftEndTime,
  workloadMinutes,
  type JobStatus,
} from '@turno/domain';
import type { Freelancer, Restaurant, Store } from '../model';
import { insertCompletedAssignment, insertJob } from '../testing';
import { Assignment } from '../model';

/** Sao Paulo wall clock → instant. */
export const sp = (date: string, time: string) => saoPauloDateTimeToInstant(date, time);

export interface ShiftSpec {
  date: string;
  start?: string;
  hours?: number;
  /** Completion instant; defaults to the shift's end. */
  completedAt?: Date;
  /** Stored amounts in centavos, when a test wants them wrong. */
  amounts?: { chargeCents: number; payoutCents: number };
  /** The store of a chain (issue 28); the business's main store by default. */
  store?: Store;
}

/** A completed job and assignment with the domain's amounts (or `amounts`). Returns both ids. */
export async function completedShift(
  em: EntityManager,
  restaurant: Restaurant,
  freelancer: Freelancer,
  spec: ShiftSpec,
): Promise<{ jobId: number; assignmentId: number; chargeCents: number }> {
  const start = spec.start ?? '08:00';
  const hours = spec.hours ?? 6;
  const computed = shiftAmountsCents(hours, start);
  const chargeCents = spec.amounts?.chargeCents ?? computed.chargeCents;
  const payoutCents = spec.amounts?.payoutCents ?? computed.payoutCents;
  const job = await insertJob(em, restaurant, {
    dateNeeded: spec.date,
    startTime: start,
    endTime: shiftEndTime(start, hours),
    workloadMinutes: workloadMinutes(hours),
    chargeCents: computed.chargeCents,
    status: 'completed',
    ...(spec.store ? { store: ref(spec.store) } : {}),
  });
  const assignment = await insertCompletedAssignment(em, job, freelancer, {
    restaurantChargeCents: chargeCents,
    freelancerPayoutCents: payoutCents,
    commissionCents: chargeCents - payoutCents,
    completedAt: spec.completedAt ?? sp(spec.date, shiftEndTime(start, hours)),
  });
  return { jobId: job.id, assignmentId: assignment.id, chargeCents };
}

/** A job that is not completed: open, cancelled, or assigned to `freelancer`. */
export async function scheduledJob(
  em: EntityManager,
  restaurant: Restaurant,
  spec: {
    date: string;
    start?: string;
    hours?: number;
    status: Exclude<JobStatus, 'completed'>;
    freelancer?: Freelancer;
  },
): Promise<number> {
  const start = spec.start ?? '08:00';
  const hours = spec.hours ?? 6;
  const job = await insertJob(em, restaurant, {
    dateNeeded: spec.date,
    startTime: start,
    endTime: shiftEndTime(start, hours),
    workloadMinutes: workloadMinutes(hours),
    chargeCents: shiftAmountsCents(hours, start).chargeCents,
    status: spec.status,
  });
  if (spec.status === 'assigned') {
    if (!spec.freelancer) throw new Error('an assigned job needs a freelancer');
    em.create(Assignment, { job, freelancer: spec.freelancer, status: 'assigned' });
    await em.flush();
  }
  return job.id;
}

/** Empties every table the billing tests write, ids restarting at 1. */
export async function resetBillingData(em: EntityManager): Promise<void> {
  await em.execute(
    `truncate invoice_lines, invoices, invoice_number_sequences, ratings, applications, assignments, blocks,
              jobs, freelancers, restaurants, identities, users restart identity cascade`,
  );
  em.clear();
}
