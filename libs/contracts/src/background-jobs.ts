/**
 * Payloads of the background jobs (BullMQ, services/workers): the contract between whoever enqueues
 * a job (a BFF, a scheduler, a domain write) and the worker that runs it. The worker parses every
 * payload with these schemas before acting on it, so a job written by an older or broken producer,
 * or put into Redis by hand, fails at once and visibly instead of billing or expiring the wrong thing.
 */
import { z } from 'zod';
import { CONFIRMATION_STEPS, POSTGRES_INTEGER_MAX, WEEKLY_GENERATION_OFFSETS } from '@turno/domain';
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

/**
 * confirmation-step (issue 26): one timed step of an accepted shift (the confirmation request 24 h
 * before, the unconfirmed notice 12 h before, the reminder 2 h before); job id = kind + assignment.
 */
export const ConfirmationStepJobDataSchema = z
  .object({ assignmentId: JobRowId, step: z.enum(CONFIRMATION_STEPS) })
  .strict();
export type ConfirmationStepJobData = z.infer<typeof ConfirmationStepJobDataSchema>;

/** schedule-confirmations (issue 26): accepted shifts whose steps' delayed jobs are to be (re)made. */
export const ScheduleConfirmationsJobDataSchema = z
  .object({ assignmentIds: z.array(JobRowId).min(1).max(1000) })
  .strict();
export type ScheduleConfirmationsJobData = z.infer<typeof ScheduleConfirmationsJobDataSchema>;

/** invitation-window-end (issue 26): a vacancy's invitation window ended; job id = `invitation-window-<job id>`. */
export const InvitationWindowEndJobDataSchema = z.object({ jobId: JobRowId }).strict();
export type InvitationWindowEndJobData = z.infer<typeof InvitationWindowEndJobDataSchema>;

/** Jobs whose payload is empty (schedulers' sweeps): nothing, or an empty object. */
export const EmptyJobDataSchema = z.union([z.undefined(), z.null(), z.object({}).strict()]);
