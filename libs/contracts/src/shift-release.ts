/** Wire shapes of issue 23 ("Shifts that happen"): shift-release. */
import { z } from 'zod';
import { ASSIGNMENT_STATUSES, CANCELLED_BY, JOB_STATUSES, MESSAGES } from '@turno/domain';
import { Money } from './common';

/** Longest reason kept with a cancellation. */
export const CANCELLATION_REASON_MAX_LENGTH = 500;

const Reason = z
  .string({ message: MESSAGES.shiftRelease.reasonTooLong(CANCELLATION_REASON_MAX_LENGTH) })
  .max(CANCELLATION_REASON_MAX_LENGTH, {
    message: MESSAGES.shiftRelease.reasonTooLong(CANCELLATION_REASON_MAX_LENGTH),
  })
  .nullish();

// POST /api/restaurant/assignments/:id/cancel
/** The business cancels its allocated freelancer: reopen the vacancy (true) or cancel it (false). */
export const RestaurantCancelAssignmentRequestSchema = z
  .object({
    reopen: z.boolean({ message: 'Escolha se a vaga será reaberta ou cancelada.' }),
    reason: Reason,
  })
  .strict();
export type RestaurantCancelAssignmentRequest = z.infer<typeof RestaurantCancelAssignmentRequestSchema>;

// POST /api/freelancers/cancel-shift/:id
/** The freelancer cancels an accepted shift; an empty body is no reason. */
export const FreelancerCancelShiftRequestSchema = z.object({ reason: Reason }).strict().nullish();
export type FreelancerCancelShiftRequest = z.infer<typeof FreelancerCancelShiftRequestSchema>;

/**
 * Where a released shift stands (every release call answers it; a retry answers the same): who
 * released it, the job's new status, the fee of a late cancellation by the business (reais, 0 when
 * none) and whether the freelancer got a strike for it.
 */
export const ShiftReleaseResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  assignmentId: z.number().int(),
  jobId: z.number().int(),
  assignmentStatus: z.enum(ASSIGNMENT_STATUSES),
  jobStatus: z.enum(JOB_STATUSES),
  cancelledBy: z.enum(CANCELLED_BY),
  cancelledAt: z.string().datetime(),
  reopened: z.boolean(),
  cancellationFee: Money,
  cancellationPayout: Money,
  strikeGiven: z.boolean(),
});
export type ShiftReleaseResponse = z.infer<typeof ShiftReleaseResponseSchema>;
