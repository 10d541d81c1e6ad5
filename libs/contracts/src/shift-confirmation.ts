/**
 * Wire shapes of issue 26's confirmations on the business's side: its Perfil setting "Liberar
 * automaticamente turnos não confirmados". (The freelancer's "Confirmar presença" answer is in
 * freelancer-shifts.ts; "Liberar vaga" answers as every release, shift-release.ts.)
 */
import { z } from 'zod';

// GET and PUT /api/restaurant/shift-confirmation-settings
export const ShiftConfirmationSettingsSchema = z.object({
  /** Unconfirmed 12 h before the start: the shift is released at once (else the business is told). */
  autoReleaseUnconfirmed: z.boolean(),
});
export type ShiftConfirmationSettings = z.infer<typeof ShiftConfirmationSettingsSchema>;

export const UpdateShiftConfirmationSettingsRequestSchema = z
  .object({ autoReleaseUnconfirmed: z.boolean() })
  .strict();
export type UpdateShiftConfirmationSettingsRequest = z.infer<
  typeof UpdateShiftConfirmationSettingsRequestSchema
>;
