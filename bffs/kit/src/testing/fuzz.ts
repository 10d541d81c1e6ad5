import { Agent, request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { type z } from 'zod';
import { USER_RATE_LIMITS } from '@turno/domain';
import type { AccessLevel } from '../session/access';
import type { UserRateLimits } from '../rate-limits';
import { LIVE_EVENTS_PATH } from '../live/live-service';
import type { TestBff } from './index';
import { objectShape, paramNames, routeName, type WalkRoles } from './route-walk';

/**
 * The fuzz suite's engine: for every route a BFF registered, generated and mutated inputs (wrong
 * types, huge and unicode strings, negative and huge numbers, missing and extra fields, bad JSON),
 * sent with a valid session of every role, must never be answered 5xx, and every refused request
 * must leave the database as it was (row counts and a checksum of every table, compared per batch).
 * Inputs start from the route's own zod contracts: the fields it names, filled with values of the
 * wrong kind or at the edges, so the requests go past the first check into the handlers.
 *
 * `audit_events` is left out of the comparison: recording a refused admin action is its purpose.
 */

/**
 * Per-user rate limits for a fuzzed BFF (`startBffForTest(create, { security: { userRateLimits:
 * FUZZ_USER_RATE_LIMITS } })`): every limit still counts in Redis, but so high that thousands of
 * generated calls reach the handlers instead of stopping at 429 after the first few.
 */
export const FUZZ_USER_RATE_LIMITS: UserRateLimits = Object.fromEntries(
  Object.keys(USER_RATE_LIMITS).map((name) => [name, { limit: 1_000_000, windowSeconds: 600 }]),
) as UserRateLimits;

type RoleName = keyof WalkRoles;
const ROLES: readonly RoleName[] = ['restaurant', 'freelancer', 'admin', 'newUser'];
const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;
/** Tables whose rows a refused request may add on purpose. */
const LEFT_OUT = new Set(['audit_events', 'mikro_orm_migrations']);

export interface FuzzOptions {
  bff: TestBff;
  roles: WalkRoles;
  /** Generated requests per route (spread over the roles). */
  runsPerRoute: number;
  /** fast-check seed (printed with the result, to replay it); default FUZZ_SEED or a fixed one. */
  seed?: number;
  /** Requests between two database comparisons. */
  batchSize?: number;
}

export interface FuzzFinding {
  route: string;
  role: RoleName;
  request: string;
  problem: string;
}

export interface FuzzResult {
  findings: FuzzFinding[];
  requests: number;
  /** Answers by status class, e.g. { '2xx': 10, '4xx': 2900 }. */
  statuses: Record<string, number>;
  /** Batches whose refused requests were compared against the database. */
  comparedBatches: number;
  seed: number;
}

// ---------------------------------------------------------------------------------------------
// Values

const edgeNumbers = fc.constantFrom(
  0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_VALUE,
  1e308,
);
const edgeStrings = fc.constantFrom(
  '',
  ' ',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0x10',
  '1e999',
  '２０２６-１１-２３',
  '2026-02-30',
  '25:61',
  "'; drop table jobs; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u0000',
  '\uD800',
  '🙂'.repeat(300),
  'á'.repeat(5000),
  'x'.repeat(100_000),
);
const scalar = fc.oneof(
  fc.integer(),
  edgeNumbers,
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  edgeStrings,
);
const anyJson = fc.oneof(
  { depthSize: 'small' },
  scalar,
  fc.array(scalar, { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 12 }), scalar, { maxKeys: 5 }),
);

/** A body: the contract's fields with values of any kind (some left out), plus unknown fields. */
function bodyArbitrary(schema: z.ZodType | undefined) {
  const keys = Object.keys(objectShape(schema) ?? {});
  const shaped = fc
    .record(Object.fromEntries(keys.map((key) => [key, anyJson])) as Record<string, typeof anyJson>, {
      requiredKeys: [],
    })
    .chain((fields) =>
      fc
        .dictionary(fc.string({ maxLength: 12 }), scalar, { maxKeys: 2 })
        .map((extra) => ({ ...extra, ...fields })),
    );
  return fc.oneof(
    shaped.map((value) => ({ kind: 'json' as const, value })),
    anyJson.map((value) => ({ kind: 'json' as const, value })),
    fc
      .constantFrom('{', '{"a":', '[1,2', 'não é json', '{"a":1}{"b":2}', '\u0000', '"'.repeat(5000))
      .map((text) => ({ kind: 'raw' as const, text })),
  );
}

/** Query parameters: the contract's names and a stray one, each with a text of any kind. */
function queryArbitrary(schema: z.ZodType | undefined) {
  const keys = [...Object.keys(objectShape(schema) ?? {}), 'extra'];
  const text = fc.oneof(
    fc.string({ maxLength: 30 }),
    edgeStrings,
    edgeNumbers.map(String),
    fc.integer().map(String),
  );
  return fc.record(Object.fromEntries(keys.map((key) => [key, text])) as Record<string, typeof text>, {
    requiredKeys: [],
  });
}

const pathValue = fc.oneof(
  fc.integer().map(String),
  edgeNumbers.map(String),
  fc.string({ minLength: 1, maxLength: 30 }),
  edgeStrings.filter((value) => value.length > 0 && value.length < 2000),
);

/** The text with any lone surrogate replaced by U+FFFD (String#toWellFormed, not in our TS lib yet). */
const wellFormed = (value: string): string =>
  value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** A path segment as a client would send it; a lone surrogate (not encodable) goes as raw bytes. */
function encodePathValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(wellFormed(value)) + '%ED%A0%80';
  }
}

function allowedRoles(access: AccessLevel): readonly RoleName[] {
  if (access === 'public') return ROLES;
  if (access === 'user') return ['restaurant', 'freelancer', 'newUser'];
  if (access === 'restaurant' || access === 'freelancer' || access === 'admin') return [access];
  return ROLES;
}

// ---------------------------------------------------------------------------------------------
// The requests

/** The headers `fetch` adds to every request (Node 20's undici): sent as they are, so the BFF sees the same requests. */
const FETCH_HEADERS = {
  accept: '*/*',
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
  'user-agent': 'node',
  'accept-encoding': 'gzip, deflate',
};

/**
 * One request as `fetch(url, { method, headers, body, redirect: 'manual' })` followed by reading the
 * whole body would send it (the same URL, normalised by the WHATWG parser; the same headers and
 * Content-Length; the body decoded as fetch decodes it, so an undecodable body is still a failure),
 * over node:http with a keep-alive agent: a fifth of fetch's CPU per call, for thousands of calls.
 * Answers the status; rejects when no complete answer came.
 */
function send(
  agent: Agent,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<number> {
  const target = new URL(url);
  const body = init.body === undefined ? undefined : Buffer.from(init.body, 'utf8');
  const headers = {
    ...init.headers,
    ...FETCH_HEADERS,
    ...(body ? { 'content-length': String(body.length) } : {}),
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method.toUpperCase(),
        headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          try {
            const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
            const raw = Buffer.concat(chunks);
            if (encoding === 'gzip' || encoding === 'x-gzip') gunzipSync(raw);
            else if (encoding === 'deflate') inflateSync(raw);
            else if (encoding === 'br') brotliDecompressSync(raw);
            resolve(res.statusCode ?? 0);
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

// ---------------------------------------------------------------------------------------------
// The database, compared

async function databaseFingerprint(bff: TestBff): Promise<string> {
  const connection = bff.db.orm.em.fork().getConnection();
  const tables = (
    await connection.execute<{ tablename: string }[]>(
      `select tablename from pg_tables where schemaname = current_schema() order by tablename`,
    )
  )
    .map((row) => row.tablename)
    .filter((table) => !LEFT_OUT.has(table));
  const sums = await Promise.all(
    tables.map(async (table) => {
      const [row] = await connection.execute<{ n: string; sum: string | null }[]>(
        `select count(*) as n, md5(string_agg(md5(t::text), '' order by md5(t::text))) as sum from "${table}" t`,
      );
      return `${table}:${row?.n}:${row?.sum ?? ''}`;
    }),
  );
  return sums.join('|');
}

// ---------------------------------------------------------------------------------------------

export async function fuzzRoutes(options: FuzzOptions): Promise<FuzzResult> {
  const { bff, roles, runsPerRoute } = options;
  const seed = options.seed ?? (Number(process.env.FUZZ_SEED) || 20261123);
  const batchSize = options.batchSize ?? 50;
  const cookies = Object.fromEntries(
    await Promise.all(ROLES.map(async (role) => [role, await bff.sessionCookie(roles[role])] as const)),
  ) as Record<RoleName, string>;
  const origin = new URL(bff.security.publicUrl).origin;
  const endpoints = bff.app
    .endpoints()
    .filter((endpoint) => endpoint.definition && endpoint.path !== LIVE_EVENTS_PATH)
    .filter((endpoint) => !endpoint.path.endsWith('z')); // /livez, /readyz
  const findings: FuzzFinding[] = [];
  const statuses: Record<string, number> = {};
  let requests = 0;
  let comparedBatches = 0;
  let routeIndex = 0;
  // The database's fingerprint as the last compared batch left it: nothing runs between that batch's
  // comparison and the next batch, so it is the next batch's "before" too (one fingerprint per batch,
  // not two). Unknown again after a batch that changed the data on purpose.
  let current: string | undefined;

  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (const endpoint of endpoints) {
      const definition = endpoint.definition!;
      const name = routeName(endpoint);
      const params = paramNames(endpoint.path);
      const sample = fc.record({
        role: fc.constantFrom(...allowedRoles(definition.access), ...ROLES),
        path: fc.record(
          Object.fromEntries(params.map((param) => [param, pathValue])) as Record<string, typeof pathValue>,
        ),
        query: queryArbitrary(definition.query as z.ZodType | undefined),
        body: bodyArbitrary(definition.body as z.ZodType | undefined),
      });
      const inputs = fc.sample(sample, { numRuns: runsPerRoute, seed: seed + routeIndex++ });

      for (let start = 0; start < inputs.length; start += batchSize) {
        const before = current ?? (await databaseFingerprint(bff));
        current = undefined;
        let changedOnPurpose = false;
        for (const input of inputs.slice(start, start + batchSize)) {
          const path = endpoint.path.replace(PARAM, (_whole, param: string) =>
            encodePathValue(input.path[param] ?? '1'),
          );
          const query = new URLSearchParams(
            Object.entries(input.query as Record<string, string>).map(([key, value]): [string, string] => [
              key,
              wellFormed(value),
            ]),
          ).toString();
          const url = `${bff.url}${path}${query ? `?${query}` : ''}`;
          const headers: Record<string, string> = { cookie: cookies[input.role] };
          let body: string | undefined;
          if (endpoint.method !== 'get') {
            headers.origin = origin;
            headers['content-type'] = 'application/json';
            body = input.body.kind === 'raw' ? input.body.text : JSON.stringify(input.body.value ?? null);
          }
          const described = `${endpoint.method.toUpperCase()} ${path}${query ? `?${query.slice(0, 200)}` : ''} as ${input.role} ${body?.slice(0, 200) ?? ''}`;
          let status: number;
          try {
            status = await send(agent, url, { method: endpoint.method, headers, body });
          } catch (error) {
            findings.push({
              route: name,
              role: input.role,
              request: described,
              problem: `no answer: ${String(error)}`,
            });
            continue;
          }
          requests++;
          const statusClass = `${Math.floor(status / 100)}xx`;
          statuses[statusClass] = (statuses[statusClass] ?? 0) + 1;
          if (status >= 500)
            findings.push({
              route: name,
              role: input.role,
              request: described,
              problem: `answered ${status}`,
            });
          if (status < 400) changedOnPurpose ||= endpoint.method !== 'get';
        }
        if (changedOnPurpose) continue; // an accepted change moved the data on purpose
        comparedBatches++;
        const after = await databaseFingerprint(bff);
        current = after;
        if (after !== before)
          findings.push({
            route: name,
            role: 'admin',
            request: `batch from request ${start}`,
            problem: 'refused requests changed the database',
          });
      }
    }
  } finally {
    agent.destroy();
  }
  return { findings, requests, statuses, comparedBatches, seed };
}
