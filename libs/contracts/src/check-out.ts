/** Wire shapes of issue 23 ("Shifts that happen"): check-out. */
import { z } from 'zod';
import { MESSAGES, PAY_BASES } from '@turno/domain';
import { Timestamp } from './common';
import { ApproveCheckoutResponseSchema } from './restaurant-panel';

// POST /api/restaurant/assignments/:id/approve-checkout (and the admin's approve/manual check-out)
/**
 * How the approver pays the shift: 'worked' (by the worked time, the default; an empty body means
 * it) or 'full' (the full scheduled shift despite an early departure, said so in the dialog).
 */
export const ApproveCheckOutRequestSchema = z
  .object({ pay: z.enum(PAY_BASES, { message: MESSAGES.checkOut.invalidPay }).optional() })
  .nullish();
export type ApproveCheckOutRequest = z.infer<typeof ApproveCheckOutRequestSchema>;

/** What an approved check-out answers: the completion (spec 01 §7) and how it was paid. */
export const CheckOutCompletionSchema = ApproveCheckoutResponseSchema.extend({
  payBasis: z.enum(PAY_BASES),
  /** Minutes paid for: the worked ones, or the scheduled ones when paid in full. */
  paidMinutes: z.number().int(),
  workedMinutes: z.number().int(),
  scheduledMinutes: z.number().int(),
  earlyDeparture: z.boolean(),
  /** The check-out recorded: the requested time, not the approval's. */
  checkOutAt: Timestamp,
});
export type CheckOutCompletion = z.infer<typeof CheckOutCompletionSchema>;

// POST /api/admin/assignments/:id/checkout
/** The admin's manual check-out: the correction `reason` (as before) and how the shift is paid. */
export const ManualCheckOutRequestSchema = z
  .object({
    reason: z.string().max(2000).nullish(),
    pay: z.enum(PAY_BASES, { message: MESSAGES.checkOut.invalidPay }).optional(),
  })
  .nullish();
export type ManualCheckOutRequest = z.infer<typeof ManualCheckOutRequestSchema>;
