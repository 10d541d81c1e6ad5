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

/** SQLSTATEs of a PostgreSQL that is unreachable or dropped the connection (class 08, 57P0x, 53300). */
const POSTGRES_UNAVAILABLE = /^(?:08...|57P0[1-3]|53300)$/;
/** Node socket failures, from `pg` or from ioredis. */
const SOCKET_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/**
 * What `pg`, knex and ioredis say when their server went away: a connection ended under a query
 * or is known broken, no connection to be had from the pool, a transaction already ended by its
 * lost connection (knex "Transaction query already complete" for the statements after), a command
 * given up after the client's retries (MaxRetriesPerRequestError), refused while offline, or
 * unanswered within `commandTimeout`.
 */
const LOST_CONNECTION = new RegExp(
  [
    'Connection terminated',
    'Connection ended unexpectedly',
    'Client has encountered a connection error',
    'Timeout acquiring a connection',
    'Transaction query already complete',
    'Connection is closed',
    "Stream isn't writeable",
    'Command timed out',
  ].join('|'),
);

/**
 * True when the error says PostgreSQL or Redis cannot be reached right now (not that the request
 * is wrong): the BFF answers 503 with a pt-BR "try again" instead of a 500, and the clients
 * reconnect by themselves (pool, ioredis retryStrategy).
 */
export function dependencyUnavailable(error: unknown): boolean {
  const failure = error as { code?: unknown; name?: unknown; message?: unknown } | null;
  if (!failure || typeof failure !== 'object') return false;
  if (failure.name === 'MaxRetriesPerRequestError' || failure.name === 'ConnectionException') return true;
  const code = failure.code;
  if (typeof code === 'string' && (POSTGRES_UNAVAILABLE.test(code) || SOCKET_FAILURES.has(code))) return true;
  return typeof failure.message === 'string' && LOST_CONNECTION.test(failure.message);
}
