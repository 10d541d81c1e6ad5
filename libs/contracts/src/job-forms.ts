import { z } from 'zod';
import { LONG_TEXT_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH } from '@turno/domain';
import { Id, IsoDate } from './common';

const shortText = z.string().trim().max(SHORT_TEXT_MAX_LENGTH);

/**
 * Vacancy creation (spec 01 §3 "Job creation payload", spec 02 §3 "Job form payload"): POST
 * /api/jobs of a business and POST /api/admin/jobs of an admin. The types are checked here; the
 * product rules (position, workload, dates, quantity, meal break, approval) by the domain service,
 * which answers their pt-BR messages. `endTime` and `hourlyRate` are accepted as the forms send
 * them and ignored: the server computes both from the workload and the start time.
 */
export const CreateJobsRequestSchema = z.object({
  /** Admin only: the restaurant the vacancies are for. */
  restaurantId: Id.optional().nullable(),
  /**
   * The store of the vacancies (issue 28): one of the business's active stores (a manager: one given
   * to them). May be left out when there is only one such store.
   */
  storeId: Id.optional().nullable(),
  positionType: shortText.optional().nullable(),
  dates: z.array(IsoDate).max(14).optional().nullable(),
  workload: z
    .union([z.number().min(0).max(24), z.string().max(10)])
    .optional()
    .nullable(),
  startTime: z.string().max(5).optional().nullable(),
  endTime: z.string().max(5).optional().nullable(),
  hourlyRate: z.number().min(0).max(100_000).optional().nullable(),
  mealTime: shortText.optional().nullable(),
  recommendedAttire: shortText.optional().nullable(),
  description: z.string().trim().max(LONG_TEXT_MAX_LENGTH).optional().nullable(),
  quantity: z.coerce.number().int().min(1).max(10).optional().nullable(),
});
export type CreateJobsRequest = z.infer<typeof CreateJobsRequestSchema>;

/** 201: how many job rows were made (quantity × dates) and their ids. */
export const CreateJobsResponseSchema = z.object({
  jobsCreated: z.number().int().nonnegative(),
  jobIds: z.array(z.number().int()),
  /** Issue 26: how many freelancers the business invited to them ("Chamar de novo"). */
  invitedFreelancers: z.number().int().nonnegative().optional(),
});
export type CreateJobsResponse = z.infer<typeof CreateJobsResponseSchema>;
