/**
 * Small helpers for the domain-service tests (not exported from the package): actors for fixture
 * rows, a fixed clock, and an assertion on refusals.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  Application,
  Invoice,
  InvoiceLine,
  type Assignment,
  type Freelancer,
  type Job,
  type Restaurant,
} from '../model';
import { insertFreelancer, insertJob } from '../testing';
import type { Actor } from './actor';
import { DomainError } from './domain-error';
import { OWNER_MEMBERSHIP } from './actor';

/** Monday 2026-03-02, 09:00 in Sao Paulo (12:00 UTC): "today" of the service tests. */
export const NOW = new Date('2026-03-02T12:00:00Z');
export const TODAY = '2026-03-02';
export const TOMORROW = '2026-03-03';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** `now` moved by `ms` milliseconds. */
export const at = (ms: number, from: Date = NOW) => new Date(from.getTime() + ms);

export const admin: Actor = { role: 'admin', adminId: 1 };

export function asRestaurant(restaurant: Restaurant): Actor {
  return {
    role: 'restaurant',
    restaurantId: restaurant.id,
    userId: restaurant.user.id,
    member: OWNER_MEMBERSHIP,
  };
}

export function asFreelancer(freelancer: Freelancer): Actor {
  return { role: 'freelancer', freelancerId: freelancer.id, userId: freelancer.user.id };
}

/** An approved, available freelancer with a photo: one who may apply. */
export function insertEligibleFreelancer(
  em: EntityManager,
  fields: Partial<Freelancer> = {},
): Promise<Freelancer> {
  return insertFreelancer(em, { profilePhotoUrl: '/static/avatars/test.svg', ...fields });
}

/** An open job dated today (08:00–14:00 unless told otherwise). */
export function insertTodayJob(
  em: EntityManager,
  restaurant: Restaurant,
  fields: Partial<Job> = {},
): Promise<Job> {
  return insertJob(em, restaurant, { dateNeeded: TODAY, ...fields });
}

/** A pending application made at `appliedAt` (expires 2 h later). */
export async function insertPendingApplication(
  em: EntityManager,
  job: Job,
  freelancer: Freelancer,
  appliedAt: Date = NOW,
): Promise<Application> {
  const application = em.create(Application, {
    job,
    freelancer,
    status: 'pending',
    appliedAt,
    expiresAt: new Date(appliedAt.getTime() + 2 * HOUR),
  });
  await em.flush();
  return application;
}

/** A custom invoice of the assignment's restaurant billing this (completed) assignment. */
export async function insertInvoiceOf(em: EntityManager, assignment: Assignment, job: Job): Promise<Invoice> {
  const invoice = em.create(Invoice, {
    invoiceNumber: `TUR-TEST-${assignment.id}`,
    invoiceType: 'restaurant_custom_invoice',
    restaurant: job.restaurant,
    amountCents: job.chargeCents,
    issueDate: TODAY,
    dueDate: TODAY,
  });
  em.create(InvoiceLine, {
    invoice,
    assignment,
    dateNeeded: job.dateNeeded,
    positionType: job.positionType,
    freelancerName: 'Freela',
    amountCents: job.chargeCents,
  });
  await em.flush();
  return invoice;
}

/** Expects `promise` to be refused with a DomainError of this status and exact pt-BR message. */
export async function expectRefusal(
  promise: Promise<unknown>,
  status: number,
  message: string,
): Promise<void> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect({ status: (error as DomainError).status, message: (error as DomainError).message }).toEqual({
    status,
    message,
  });
}

/**
 * Plays an admin's edit that moves a job to another business while holding the job's row lock:
 * starts it, lets `action` begin (it reads, then waits for the lock), commits after `waitMs`, and
 * returns how `action` ended. For the "ownership checked again after locking" tests.
 */
export async function whileJobMovesToAnotherBusiness<T>(
  em: EntityManager,
  jobId: number,
  toRestaurantId: number,
  action: () => Promise<T>,
  waitMs = 200,
): Promise<PromiseSettledResult<T>> {
  const knex = em.getConnection().getKnex();
  const client = knex.client as {
    acquireConnection(): Promise<unknown>;
    releaseConnection(connection: unknown): Promise<void>;
  };
  const connection = await client.acquireConnection();
  const run = (sql: string, params: readonly unknown[] = []) =>
    knex.raw(sql, params as never).connection(connection as never);
  try {
    await run('begin');
    await run('select id from jobs where id = ? for update', [jobId]);
    // With its business, the job moves to that business's first store (a job stays at a store of its own business).
    await run(
      'update jobs set restaurant_id = ?, store_id = (select min(id) from stores where restaurant_id = ?) where id = ?',
      [toRestaurantId, toRestaurantId, jobId],
    );
    const outcome = Promise.allSettled([action()]).then(([result]) => result!);
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    await run('commit');
    return await outcome;
  } finally {
    await client.releaseConnection(connection);
  }
}
