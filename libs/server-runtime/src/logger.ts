import { createHmac, randomBytes } from 'node:crypto';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Personal data never written to a log line, at any depth up to five levels (`user.phone`,
 * `body.address.street`, `rows.0.freelancer_name`): names, e-mails, phones, CPF, Pix keys and
 * addresses, as the contracts and the database name them. A value under one of these keys is
 * replaced by `[removido]`.
 */
export const PERSONAL_LOG_KEYS = [
  'name',
  'fullName',
  'full_name',
  'legalName',
  'legal_name',
  'businessName',
  'business_name',
  'freelancerName',
  'freelancer_name',
  'restaurantName',
  'restaurant_name',
  'contactName',
  'contact_name',
  'restaurant_contact_name',
  'responsible_name',
  'actor_name',
  'email',
  'actor_email',
  'phone',
  'freelancer_phone',
  'cpf',
  'pixKey',
  'pix_key',
  'address',
  'formattedAddress',
  'restaurant_address',
  'addressNumber',
  'address_number',
  'street',
  'complement',
  'neighborhood',
  'restaurant_neighborhood',
  'cep',
] as const;

const REDACT_DEPTH = 5;
export const REDACTED = '[removido]';

/**
 * The paths `redactPersonalData` covers, as pino `redact` would name them: each personal key at the
 * top and under up to four levels of objects or lists.
 */
export function personalDataPaths(keys: readonly string[] = PERSONAL_LOG_KEYS): string[] {
  return keys.flatMap((key) =>
    Array.from({ length: REDACT_DEPTH }, (_unused, depth) => '*.'.repeat(depth) + key),
  );
}

const PERSONAL_KEYS: ReadonlySet<string> = new Set(PERSONAL_LOG_KEYS);

/**
 * `value` with every personal key (PERSONAL_LOG_KEYS) at `depth` (0: the top of a log line) and up
 * to REDACT_DEPTH - 1 replaced by REDACTED, lists included (an index is a level, like pino's `*`).
 * What `personalDataPaths` names, in one walk of the line instead of one per path and top key
 * (pino's `redact` with wildcard paths ran every path on every field of every line: a fifth of a
 * BFF's request CPU). The value given is never changed: what holds a personal key is copied.
 * `except`: a key of `value` left as it is (the line's `err`, redacted once serialized).
 */
export function redactPersonalData<T>(value: T, depth = 0, except?: string): T {
  if (value === null || typeof value !== 'object' || depth >= REDACT_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const redacted = redactPersonalData(item, depth + 1);
      if (redacted !== item) (copy ??= [...value])[index] = redacted;
    }
    return (copy ?? value) as T;
  }
  if (Buffer.isBuffer(value) || value instanceof Date) return value;
  const source = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  // for…in like pino's wildcards: enumerable keys, inherited ones included.
  for (const key in source) {
    if (key === except) continue;
    const item = source[key];
    const redacted = PERSONAL_KEYS.has(key) ? REDACTED : redactPersonalData(item, depth + 1);
    if (redacted === item) continue;
    copy ??= Object.assign(Object.create(Object.getPrototypeOf(source) as object | null) as object, source);
    copy[key] = redacted;
  }
  return (copy ?? value) as T;
}

/** Fields of a PostgreSQL error that name where it happened, never what the data was. */
const DRIVER_ERROR_FIELDS = [
  'code',
  'sqlState',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
];
/** Fields that carry the statement or the values (pg, knex, MikroORM): never logged. */
const STATEMENT_FIELDS = new Set([
  'query',
  'sql',
  'parameters',
  'params',
  'bindings',
  'detail',
  'where',
  'hint',
  'internalQuery',
  'position',
  'internalPosition',
  'sqlMessage',
  'errmsg',
]);

/**
 * A PostgreSQL error as `pg` raises it or MikroORM wraps it (a DriverException): an SQLSTATE code
 * and at least one of the fields only a database error has. Their message holds the statement
 * (MikroORM: `insert into … values (…) - …`) or the values (`invalid input syntax: "…"`).
 */
function isDriverError(error: Record<string, unknown>): boolean {
  const code = error.code ?? error.sqlState;
  return (
    typeof code === 'string' &&
    /^[0-9A-Z]{5}$/.test(code) &&
    ['query', 'sql', 'parameters', 'detail', 'routine', 'severity', 'sqlState', 'table', 'constraint'].some(
      (field) => field in error,
    )
  );
}

/** The `at …` lines of a stack: where it failed, without the message (which may hold SQL). */
const stackFrames = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : undefined;

/**
 * The `err` of a log line. A database driver error keeps its class, SQLSTATE, constraint, table
 * and column and its stack frames; its message, statement, parameters and detail (which carry the
 * SQL and the rows' values: names, phones, addresses) are dropped. Any other error is pino's usual
 * serialization without those fields. A `cause` is serialized the same way.
 */
export function serializeError(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  const error = value as Record<string, unknown>;
  const cause = depth < 3 && error.cause !== undefined ? serializeError(error.cause, depth + 1) : undefined;
  if (isDriverError(error)) {
    const kept: Record<string, unknown> = {
      type: (error.constructor as { name?: string } | undefined)?.name ?? 'Error',
      message: `database error ${String(error.code ?? error.sqlState)}`,
    };
    for (const field of DRIVER_ERROR_FIELDS) if (typeof error[field] === 'string') kept[field] = error[field];
    const frames = stackFrames(error.stack);
    if (frames) kept.stack = frames;
    if (cause !== undefined) kept.cause = cause;
    return kept;
  }
  const serialized = (value instanceof Error ? pino.stdSerializers.err(value) : { ...error }) as Record<
    string,
    unknown
  >;
  for (const field of Object.keys(serialized)) if (STATEMENT_FIELDS.has(field)) delete serialized[field];
  if (value instanceof Error && cause !== undefined) {
    // pino appends the causes' messages and stacks to the error's own ("wrapped: insert into … - …"):
    // the error keeps its own, and the cause is serialized by the rules above.
    serialized.message = value.message;
    serialized.stack = value.stack;
  }
  if (cause !== undefined) serialized.cause = cause;
  else delete serialized.cause;
  return serialized;
}

/** The key of `hashClientIp`: LOG_IP_HASH_KEY, else random for this process. */
const ipHashKey = process.env.LOG_IP_HASH_KEY || randomBytes(32).toString('hex');

/**
 * The client address as request lines carry it: HMAC-SHA-256 under a secret key (LOG_IP_HASH_KEY,
 * else one random per process), 16 hex characters. Lines of one address can be told apart and
 * followed, but the address cannot be read back (nor found by hashing the 2³² IPv4 addresses).
 */
export function hashClientIp(ip: string): string {
  let hash = ipHashes.get(ip);
  if (hash === undefined) {
    hash = createHmac('sha256', ipHashKey).update(ip).digest('hex').slice(0, 16);
    // The addresses of the last requests (a BFF's clients are few: the gateway's callers), bounded.
    if (ipHashes.size >= IP_HASHES_KEPT) ipHashes.clear();
    ipHashes.set(ip, hash);
  }
  return hash;
}

const IP_HASHES_KEPT = 10_000;
const ipHashes = new Map<string, string>();

export interface LoggerOptions {
  /** Where the JSON lines go (default stdout, written synchronously); tests capture them. */
  destination?: DestinationStream;
  /** Default LOG_LEVEL, or `silent` under tests, else `info`. */
  level?: string;
}

/**
 * Structured JSON logs, one line per event, with the service name on every line. Personal fields
 * are redacted (PERSONAL_LOG_KEYS) and errors serialized without SQL or values (`serializeError`).
 */
export function createLogger(service: string, options: LoggerOptions = {}): Logger {
  const settings: pino.LoggerOptions = {
    base: { service },
    level: options.level ?? process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
    timestamp: pino.stdTimeFunctions.isoTime,
    // Personal fields are redacted in the line's fields, its bindings (a child's) and the
    // serialized error (a field of the line: one level down).
    formatters: {
      level: (label) => ({ level: label }),
      bindings: (bindings) => redactPersonalData(bindings),
      log: (fields) => redactPersonalData(fields, 0, 'err'),
    },
    serializers: { err: (value: unknown) => redactPersonalData(serializeError(value), 1) },
  };
  // Standard output is written synchronously: lines come out in the order they were logged and
  // none is lost when the process exits. (Pino's default asynchronous writer flushes its buffer
  // synchronously at exit while an earlier write may still be in flight, which put "stopped"
  // before the lines of the shutdown it ended.)
  const logger = pino(settings, options.destination ?? pino.destination({ dest: 1, sync: true }));
  // A child's bindings skip the `bindings` formatter (pino resets it for children): they are
  // redacted on their way in instead, by every child and grandchild (they inherit this `child`).
  const pinoChild = logger.child as unknown as (
    this: unknown,
    bindings: pino.Bindings,
    childOptions?: pino.ChildLoggerOptions,
  ) => Logger;
  logger.child = function child(
    this: unknown,
    bindings: pino.Bindings,
    childOptions?: pino.ChildLoggerOptions,
  ) {
    return pinoChild.call(this, redactPersonalData(bindings), childOptions);
  } as unknown as Logger['child'];
  return logger;
}
