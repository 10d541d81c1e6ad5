/**
 * Payloads of the background jobs (BullMQ, services/workers): the contract between whoever enqueues
 * a job (a BFF, a scheduler, a domain write) and the worker that runs it. The worker parses every
 * payload with these schemas before acting on it, so a job written by an older or broken producer,
 * or put into Redis by hand, fails at once and visibly instead of billing or expiring the wrong thing.
 */
import { z } from 'zod';
import { POSTGRES_INTEGER_MAX, WEEKLY_GENERATION_OFFSETS } from '@turno/domain';
import { IsoDate } from './common';
import { CUSTOM_INVOICE_RESTAURANTS_MAX } from './admin-billing';

/** A row id as a job carries it: a JSON number, never a string to coerce. */
const JobRowId = z.number().int().positive().max(POSTGRES_INTEGER_MAX);

/** weekly-invoices (the Monday scheduler): the week to close relative to the run's clock (default -1). */
export const WeeklyInvoicesJobDataSchema = z
  .object({ weekOffset: z.number().int().min(-52).max(0).optional() })
  .strict();
export type WeeklyInvoicesJobData = z.infer<typeof WeeklyInvoicesJobDataSchema>;

/** generate-invoices: what an admin asked for on the Faturas tab (spec 02 §7), enqueued by the BFF. */
export const GenerateInvoicesJobDataSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('weekly'),
      adminId: JobRowId,
      weekOffset: z
        .number()
        .int()
        .min(Math.min(...WEEKLY_GENERATION_OFFSETS))
        .max(Math.max(...WEEKLY_GENERATION_OFFSETS)),
      /** The Monday of the week asked for: the run bills it even if it starts after the week turns. */
      weekStart: IsoDate.optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('custom'),
      adminId: JobRowId,
      startDate: IsoDate,
      endDate: IsoDate,
      restaurantIds: z.array(JobRowId).max(CUSTOM_INVOICE_RESTAURANTS_MAX).nullable(),
    })
    .strict(),
]);
export type GenerateInvoicesJobData = z.infer<typeof GenerateInvoicesJobDataSchema>;

/** expire-application: the one application whose expiry is due (the sweeper carries no payload). */
export const ExpireApplicationJobDataSchema = z.object({ applicationId: JobRowId }).strict();
export type ExpireApplicationJobData = z.infer<typeof ExpireApplicationJobDataSchema>;

/** Jobs whose payload is empty (schedulers' sweeps): nothing, or an empty object. */
export const EmptyJobDataSchema = z.union([z.undefined(), z.null(), z.object({}).strict()]);
