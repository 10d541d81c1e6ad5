/**
 * Wire shape of issue 23's pending requests count, in a module of its own: the restaurant panel's
 * first screen reads it, and must not carry the check-out contracts (and their texts) with it.
 */
import { z } from 'zod';

// GET /api/restaurant/assignments/pending-requests
/** Check-in and check-out requests waiting for the business (the Agenda tab's and the Dashboard's count). */
export const PendingShiftRequestsSchema = z.object({
  count: z.number().int(),
  checkIns: z.number().int(),
  checkOuts: z.number().int(),
});
export type PendingShiftRequests = z.infer<typeof PendingShiftRequestsSchema>;
