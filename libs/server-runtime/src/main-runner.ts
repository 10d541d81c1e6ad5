import { Redis, type RedisOptions } from 'ioredis';
import { serviceEnvironment, type ServiceEnvironment } from './env';
import { createLogger, type Logger } from './logger';
import { reportRedisOutages } from './redis';
import { onShutdown } from './shutdown';

/** Something `runProcess` closes at shutdown (a MikroORM instance, a pool). */
export interface Closable {
  close(): Promise<unknown>;
}

export interface ConnectOptions<Orm extends Closable> {
  /**
   * Opens the database from DATABASE_URL: the process's own ORM factory (for the domain services,
   * `(url) => initOrm({ url })` of @turno/core), so this package knows no ORM.
   */
  openDatabase: (databaseUrl: string) => Promise<Orm>;
  /** The Redis client's options (BFF_REDIS_OPTIONS for a BFF; BullMQ needs `maxRetriesPerRequest: null`). */
  redisOptions: RedisOptions;
}

export interface Connections<Orm extends Closable> {
  orm: Orm;
  redis: Redis;
}

export interface ProcessResources {
  /** DATABASE_URL and REDIS_URL, with the local defaults of `npm start`. */
  env: ServiceEnvironment;
  logger: Logger;
  /**
   * Connects PostgreSQL (through `openDatabase`) and Redis from `env`, logs Redis outages once each
   * way, and closes both at shutdown, after the process's own `close`.
   */
  connect<Orm extends Closable>(options: ConnectOptions<Orm>): Promise<Connections<Orm>>;
}

export interface StartedProcess {
  /** Stops the process's own work (stop taking requests or jobs, finish those in flight). */
  close(): Promise<void>;
  /** The line logged once started (default `ready`), e.g. `listening`, and its fields, e.g. `{ url }`. */
  readyMessage?: string;
  ready?: Record<string, unknown>;
}

export interface RunProcessOptions {
  /** Service name on every log line, e.g. `bff-restaurant`, `workers`, `gateway`. */
  name: string;
  /** Default: `createLogger(name)`. */
  logger?: Logger;
  /** Connects what the process needs and starts its work. */
  start(resources: ProcessResources): Promise<StartedProcess>;
  /** How long SIGTERM waits for `close` and the connections before exiting with 1 (default 15 s). */
  shutdownTimeoutMs?: number;
  /**
   * The environment's settings the process reads later (e.g. MONTHLY_SHIFTS_PER_BUSINESS), checked
   * before anything connects: a throw exits 1 with one line `<name>: <message>` on stderr, instead of
   * a request or a job failing on it later.
   */
  checkSettings?: () => unknown;
}

/**
 * What every server process's `main.ts` does: read the environment, connect, start, log that it
 * is ready, and on SIGTERM or SIGINT stop its work, then close its connections and exit (0 when
 * that finished in time). A process that cannot start logs why and exits with 1. Resolves once
 * the process is started.
 */
export async function runProcess(options: RunProcessOptions): Promise<void> {
  if (options.checkSettings) exitOnInvalidSettings(options.name, options.checkSettings);
  const env = serviceEnvironment();
  const logger = options.logger ?? createLogger(options.name);
  const opened: Closable[] = [];
  const closeConnections = async () => {
    await Promise.allSettled(opened.map((connection) => connection.close()));
  };
  const connect = async <Orm extends Closable>(connectOptions: ConnectOptions<Orm>) => {
    const orm = await connectOptions.openDatabase(env.databaseUrl);
    opened.push(orm);
    const redis = new Redis(env.redisUrl, connectOptions.redisOptions);
    reportRedisOutages(redis, logger);
    opened.push({ close: () => redis.quit() });
    return { orm, redis };
  };
  let started: StartedProcess;
  try {
    started = await options.start({ env, logger, connect });
  } catch (error) {
    // Nothing to drain yet: the connections opened so far end with the process.
    logger.fatal({ err: error }, 'failed to start');
    process.exit(1);
  }
  onShutdown(
    logger,
    async () => {
      await started.close();
      await closeConnections();
    },
    options.shutdownTimeoutMs,
  );
  logger.info(started.ready ?? {}, started.readyMessage ?? 'ready');
}

/** Runs `check`; when it throws, prints `<name>: <message>` on stderr (one line) and exits 1. */
export function exitOnInvalidSettings(name: string, check: () => unknown): void {
  try {
    check();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`${name}: ${message.replace(/\s+/g, ' ')}`);
    process.exit(1);
  }
}
