/**
 * The benchmark's yardstick: a plain `node:http` + `pg` server answering the same five lists with
 * the same work per request as the BFFs — session lookup and renewal in Redis (the kit's
 * SessionStore), role lookup with the list's data version in one PostgreSQL statement (identity's
 * loadUserCallerWithVersion / loadAdminActorWithVersion, as session/access.ts reads them), and the very same read-model SQL of @turno/core (the agenda with
 * what may be rated) — but without Koa, MikroORM or zod. Started by reads.bench.ts as a child process: PORT, DATABASE_URL, REDIS_URL,
 * SESSION_KEY_PREFIX.
 *
 * Every other list is twinned by its own route (TWIN_APPS: `name=path` of each BFF's app module, loaded
 * by path like the BFF processes themselves): `/bff/<name><route path>` runs that route's very
 * handler over the same plain `pg` reader, after the same session and caller reads, with its path
 * and query parsed once per URL — the BFF's read and shaping without Koa, MikroORM or zod around it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Redis } from 'ioredis';
import { Pool } from 'pg';
import {
  businessScopeOf,
  listAdminInvoicesPage,
  listAdminJobsPage,
  listAdminRestaurantsPage,
  listOpenJobsPage,
  listRestaurantJobsPage,
  loadAdminActorWithVersion,
  loadUserCallerWithVersion,
  type Actor,
} from '@turno/core';
import { LIST_PAGE_SIZE_DEFAULT } from '@turno/domain';
import type { AnyRoute } from '../src/route';
import { ADMIN_SESSION_COOKIE, securitySettings, SessionStore, USER_SESSION_COOKIE } from '../src/session';
import { plainPgReader } from './pg-read-adapter';

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const store = new SessionStore(redis, securitySettings());
const em = plainPgReader(pool);

function cookie(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, value] = part.trim().split('=');
    if (key === name) return value;
  }
  return undefined;
}

/** The caller and the data version of what they see, in one statement. */
async function caller(req: IncomingMessage): Promise<{ actor: Actor; dataVersion: number } | null> {
  const admin = await store.touch(cookie(req, ADMIN_SESSION_COOKIE), 'admin');
  if (admin?.kind === 'admin') {
    const { actor, dataVersion } = await loadAdminActorWithVersion(em, admin.adminId);
    return actor ? { actor, dataVersion } : null;
  }
  const user = await store.touch(cookie(req, USER_SESSION_COOKIE), 'user');
  if (user?.kind !== 'user') return null;
  const { caller: found, dataVersion } = await loadUserCallerWithVersion(em, user.userId);
  return found?.profile ? { actor: found.profile, dataVersion } : null;
}

const page = { limit: LIST_PAGE_SIZE_DEFAULT, cursor: undefined, q: undefined };

async function answer(path: string, actor: Actor, dataVersion: number): Promise<unknown> {
  const now = new Date();
  if (path === '/restaurant/jobs' && actor.role === 'restaurant') {
    const { ratable, ...agenda } = await listRestaurantJobsPage(
      em,
      businessScopeOf(actor),
      { ...page, period: 'week', status: 'all' },
      { now, dataVersion, ratable: true },
    );
    return {
      ...agenda,
      items: agenda.items.map((job) => ({
        ...job,
        can_rate: job.assignment_id !== null && ratable.has(job.assignment_id),
      })),
    };
  }
  if (path === '/freelancer/jobs' && actor.role === 'freelancer') {
    return listOpenJobsPage(em, actor.freelancerId, page, { now, dataVersion });
  }
  if (actor.role !== 'admin') return null;
  if (path === '/admin/jobs')
    return listAdminJobsPage(em, { ...page, date: 'all', status: 'all' }, { now, dataVersion });
  if (path === '/admin/restaurants')
    return listAdminRestaurantsPage(em, { ...page, status: 'all' }, { dataVersion });
  if (path === '/admin/invoices')
    return listAdminInvoicesPage(em, { ...page, status: 'all' }, { dataVersion });
  return null;
}

interface TwinRoute {
  app: string;
  pattern: RegExp;
  names: string[];
  route: AnyRoute;
}

/** The GET lists (routes with a data version) of each BFF named in TWIN_APPS, in their order. */
async function loadTwinRoutes(): Promise<TwinRoute[]> {
  const loaded: TwinRoute[] = [];
  for (const entry of (process.env.TWIN_APPS ?? '').split(',').filter(Boolean)) {
    const [app, path] = entry.split('=') as [string, string];
    const module = (await import(path)) as { routes?: readonly AnyRoute[] };
    for (const route of module.routes ?? []) {
      if (route.method !== 'get' || !route.dataVersion) continue;
      const names: string[] = [];
      const pattern = new RegExp(
        `^/bff/${app}${route.path.replace(/:(\w+)/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`,
      );
      loaded.push({ app, pattern, names, route });
    }
  }
  return loaded;
}

/** What a twinned URL runs: its route and its parsed path and query (parsed once per URL). */
const twinInputs = new Map<string, { route: AnyRoute; params: unknown; query: unknown } | null>();

function twinInput(routes: readonly TwinRoute[], url: URL) {
  const key = url.pathname + url.search;
  let input = twinInputs.get(key);
  if (input === undefined) {
    input = null;
    for (const twin of routes) {
      const match = twin.pattern.exec(url.pathname);
      if (!match) continue;
      const params = Object.fromEntries(twin.names.map((name, i) => [name, match[i + 1]]));
      input = {
        route: twin.route,
        params: twin.route.params ? twin.route.params.parse(params) : params,
        query: twin.route.query
          ? twin.route.query.parse(Object.fromEntries(url.searchParams))
          : Object.fromEntries(url.searchParams),
      };
      break;
    }
    twinInputs.set(key, input);
  }
  return input;
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  routes: readonly TwinRoute[],
): Promise<void> {
  const who = await caller(req);
  if (!who) {
    res.writeHead(401).end();
    return;
  }
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname.startsWith('/bff/')) {
    const input = twinInput(routes, url);
    if (!input) {
      res.writeHead(404).end();
      return;
    }
    if (input.route.access !== who.actor.role) {
      res.writeHead(403).end();
      return;
    }
    const result: unknown = await input.route.handler({
      params: input.params,
      query: input.query,
      body: undefined,
      em,
      ctx: { state: {} } as never,
      actor: who.actor,
      sessions: undefined as never,
      redis,
      dataVersion: who.dataVersion,
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
    return;
  }
  const body = await answer(url.pathname, who.actor, who.dataVersion);
  if (body === null) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

void loadTwinRoutes().then((routes) =>
  createServer((req, res) => {
    handle(req, res, routes).catch((error: unknown) => {
      const status = (error as { status?: number }).status;
      if (typeof status !== 'number') console.error(error);
      res.writeHead(status ?? 500).end();
    });
  }).listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready')),
);

// Exit on SIGTERM (the bench's stop) rather than be killed, so a `--cpu-prof` profile is written.
process.once('SIGTERM', () => process.exit(0));
