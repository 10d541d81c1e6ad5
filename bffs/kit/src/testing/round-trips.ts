import type { Redis } from 'ioredis';
import type { Orm } from '@turno/core';

/**
 * What one request cost in waits on the servers: the PostgreSQL statements sent (each a round
 * trip) and the Redis round trips (a single command is one, a pipeline or MULTI/EXEC is one
 * however many commands it carries). Lists are budgeted in these (issue 24: one Redis round trip
 * and at most two statements per list request, one and one for a 304).
 */
export interface RoundTrips {
  /** Each statement's SQL, in the order sent. */
  postgres: string[];
  /** Each Redis round trip: the command names it carried. */
  redis: string[][];
}

interface CommandLike {
  name: string;
}

type SendCommand = (command: CommandLike, stream?: unknown, node?: unknown) => unknown;

/**
 * Counts the round trips a BFF under test makes through its ORM and its Redis client while `run`
 * runs (requests made one at a time: a concurrent one would count too). PostgreSQL: every query
 * the ORM's knex sends (raw `execute` and entity reads alike). Redis: the client's `sendCommand`,
 * where the commands written by one pipeline (ioredis hands them a shared pipeline stream) make
 * one round trip.
 */
export async function countRoundTrips<T>(
  servers: { orm: Orm; redis: Redis },
  run: () => Promise<T>,
): Promise<{ result: T } & RoundTrips> {
  const postgres: string[] = [];
  const redis: string[][] = [];
  const knex = servers.orm.em.getConnection().getKnex();
  const onQuery = (query: { sql: string }) => postgres.push(query.sql);
  knex.on('query', onQuery);
  const client = servers.redis as unknown as { sendCommand: SendCommand };
  const original = client.sendCommand;
  const pipelines = new Map<unknown, string[]>();
  client.sendCommand = function (this: unknown, command, stream, node) {
    if ((stream as { isPipeline?: boolean } | undefined)?.isPipeline) {
      let trip = pipelines.get(stream);
      if (!trip) {
        trip = [];
        pipelines.set(stream, trip);
        redis.push(trip);
      }
      trip.push(command.name);
    } else redis.push([command.name]);
    return original.call(this, command, stream, node);
  };
  try {
    const result = await run();
    return { result, postgres: [...postgres], redis: redis.map((trip) => [...trip]) };
  } finally {
    knex.off('query', onQuery);
    client.sendCommand = original;
  }
}

/**
 * The round trips of one list read twice by the same caller: a first GET (answered 200 with its
 * ETag; call it before any other read of this list and filter since the last change, so that its
 * counts are read too) and the poll that follows with `If-None-Match` (answered 304).
 */
export async function listRoundTrips(
  bff: { url: string; db: { orm: Orm }; redis: Redis },
  path: string,
  cookie: string,
): Promise<{ ok: RoundTrips & { status: number }; notModified: RoundTrips & { status: number } }> {
  const servers = { orm: bff.db.orm, redis: bff.redis };
  const get = async (headers: Record<string, string>) => {
    const response = await fetch(bff.url + path, { headers: { cookie, ...headers } });
    await response.arrayBuffer();
    return response;
  };
  // The first read of this list at this data version: its counts are not kept yet.
  const ok = await countRoundTrips(servers, () => get({}));
  const etag = ok.result.headers.get('etag') ?? '';
  const notModified = await countRoundTrips(servers, () => get({ 'if-none-match': etag }));
  return {
    ok: { status: ok.result.status, postgres: ok.postgres, redis: ok.redis },
    notModified: {
      status: notModified.result.status,
      postgres: notModified.postgres,
      redis: notModified.redis,
    },
  };
}

/**
 * What a list request may cost (issue 24 item 8). PostgreSQL: the caller with the list's data
 * version, then the page with its counts (and whatever else the page shows); a 304 only the first.
 * Redis: one round trip, the session read and its idle timeout renewed by one script
 * (session/store.ts `touch`).
 */
export const LIST_ROUND_TRIPS = { postgres: 2, notModifiedPostgres: 1, redis: 1 } as const;

/**
 * A list route within its budget: the first read of `path` answers 200 with its counts read in the
 * page's statement, in at most LIST_ROUND_TRIPS.postgres statements and LIST_ROUND_TRIPS.redis Redis
 * round trips; the poll that follows answers 304 in LIST_ROUND_TRIPS.notModifiedPostgres and as
 * many Redis round trips. `counts: false` for a list whose answer has no count (a shift's timesheet
 * corrections, a bounded list without a total).
 */
export async function expectListWithinRoundTrips(
  bff: Parameters<typeof listRoundTrips>[0],
  path: string,
  cookie: string,
  options: { counts?: boolean } = {},
): Promise<void> {
  const { ok, notModified } = await listRoundTrips(bff, path, cookie);
  expect(ok.status).toBe(200);
  if (options.counts ?? true) expect(ok.postgres.join('\n')).toContain('count(*)');
  expect(ok.postgres.length).toBeLessThanOrEqual(LIST_ROUND_TRIPS.postgres);
  expect(ok.redis.length).toBeLessThanOrEqual(LIST_ROUND_TRIPS.redis);
  expect(notModified.status).toBe(304);
  expect(notModified.postgres.length).toBeLessThanOrEqual(LIST_ROUND_TRIPS.notModifiedPostgres);
  expect(notModified.redis.length).toBeLessThanOrEqual(LIST_ROUND_TRIPS.redis);
}
