import { MESSAGES } from '@turno/domain';

/** A refusal the database made about the caller's data, as the status and pt-BR text to answer. */
export interface DatabaseRefusal {
  status: 400 | 409;
  message: string;
}

/**
 * PostgreSQL error classes that mean "the data sent does not fit" (SQLSTATE, see the errcodes
 * appendix), answered as a clear pt-BR 400 or 409 instead of a 500. Domain services translate the
 * constraints they know into their own refusals first; this is the net under everything else.
 */
const REFUSALS: Readonly<Record<string, DatabaseRefusal>> = {
  '22001': { status: 400, message: MESSAGES.common.valueTooLong },
  '22003': { status: 400, message: MESSAGES.common.numberOutOfRange },
  '22P02': { status: 400, message: MESSAGES.common.invalidValue },
  '22007': { status: 400, message: MESSAGES.common.invalidValue },
  '22008': { status: 400, message: MESSAGES.common.invalidValue },
  '23502': { status: 400, message: MESSAGES.common.invalidInput },
  '23514': { status: 400, message: MESSAGES.common.invalidInput },
  '23505': { status: 409, message: MESSAGES.common.duplicate },
  '23503': { status: 409, message: MESSAGES.common.referenced },
  '40001': { status: 409, message: MESSAGES.common.conflict },
  '40P01': { status: 409, message: MESSAGES.common.conflict },
};

/** The refusal for a PostgreSQL error (MikroORM's DriverException or a raw `pg` error), else undefined. */
export function databaseRefusal(error: unknown): DatabaseRefusal | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? REFUSALS[code] : undefined;
}
