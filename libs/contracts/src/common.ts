import { z } from 'zod';
import { POSTGRES_INTEGER_MAX } from '@turno/domain';

/** Every BFF error answer: `{ "error": "mensagem em pt-BR" }`. */
export const ErrorResponseSchema = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const IsoDate = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida (use AAAA-MM-DD)');
export const ClockTime = z
  .string()
  .max(5)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Horário inválido (use HH:MM)');
/** A timestamp on the wire: ISO-8601 with offset. */
export const Timestamp = z.string();
/** Money on the wire is in reais with at most two decimals (stored as centavos). */
export const Money = z.number();
/** A row id: a positive PostgreSQL integer (a larger number is 400, never a database error). */
export const Id = z.coerce.number().int().positive().max(POSTGRES_INTEGER_MAX);

export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  checks: z.record(z.string(), z.enum(['ok', 'error'])).optional(),
});
