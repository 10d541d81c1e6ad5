import { z } from 'zod';
import { INPUT_MESSAGES, POSTGRES_INTEGER_MAX } from '@turno/domain';

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
/**
 * A row id: a positive PostgreSQL integer (a larger number is 400, never a database error). In a
 * path or query it is text: decimal digits only, without sign, spaces or leading zeros (`0x10`,
 * `1e3`, `" 1"`, `+1`, `01` are refused, so one row has one spelling), parsed to a number. A
 * missing one keeps the generic "required" answer (zod-pt-br.ts).
 */
export const Id: z.ZodType<number, number | string> = z.preprocess(
  (value) => (typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : value),
  z
    .number({ error: (issue) => (issue.input === undefined ? undefined : INPUT_MESSAGES.invalidId) })
    .int({ error: INPUT_MESSAGES.invalidId })
    .positive({ error: INPUT_MESSAGES.invalidId })
    .max(POSTGRES_INTEGER_MAX),
);

export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  checks: z.record(z.string(), z.enum(['ok', 'error'])).optional(),
});
