import { type z } from 'zod';
import { MESSAGES, POSTGRES_INTEGER_MAX } from '@turno/domain';
import {
  Admin,
  Freelancer,
  Restaurant,
  User,
  findDemoFreelancerId,
  findDemoRestaurantId,
  type Actor,
  type EntityManager,
  OWNER_MEMBERSHIP,
} from '@turno/core';
import type { AccessLevel } from '../session/access';
import type { AnyRoute } from '../route';
import { LIVE_EVENTS_PATH } from '../live/live-service';
import type { TestBff, TestResponse } from './index';

type RoleName = 'restaurant' | 'freelancer' | 'admin' | 'newUser';

/** One signed-in account per role, made in the BFF's test database. */
export interface WalkRoles {
  restaurant: Extract<Actor, { role: 'restaurant' }>;
  freelancer: Extract<Actor, { role: 'freelancer' }>;
  admin: Extract<Actor, { role: 'admin' }>;
  /** Signed in, no profile yet (between sign-in and profile setup). */
  newUser: { role: 'user'; userId: number };
}

export interface WalkedRoute {
  method: string;
  path: string;
  access: AccessLevel;
}

/** Where a route takes an id: a path param, a query parameter or a body field. */
export interface IdSlot {
  in: 'path' | 'query' | 'body';
  name: string;
}

/**
 * The values the walk sends for one id a restaurant or freelancer route takes: one the caller owns
 * (the route must not answer 404) and one another owner has (it must answer 404) — or, for an id
 * that does not name the caller's own rows (the freelancer a business blocks, the job a freelancer
 * applies to), the value to send.
 */
export type IdValues = { owned: number | string; foreign: number | string } | { notOwned: number | string };

export interface RouteWalkOptions {
  bff: TestBff;
  /**
   * The routes the BFF means to register (its exported `routes`), optional: the walk walks what the
   * app's routers really registered; a route listed here and not registered is a finding.
   */
  routes?: readonly AnyRoute[];
  roles: WalkRoles;
  /** `METHOD /path` of each route that is public on purpose; any other public route is a finding. */
  publicRoutes?: readonly string[];
  /**
   * The values of an id a route takes, when the walk cannot tell them from the id's name (`jobId`,
   * `/jobs/:id`, `assignmentId`…). Undefined for an id of a restaurant or freelancer route that the
   * walk cannot name either is a finding: every new route with an id needs an answer here.
   */
  ids?: (route: WalkedRoute, slot: IdSlot) => IdValues | undefined;
  /** Older form of `ids` for path params: another owner's id (the owned one comes from the data). */
  foreignId?: (route: WalkedRoute, param: string) => string | number | undefined;
  /** A valid body per `METHOD /path`, so the checks are not stopped by validation (400). */
  bodies?: Readonly<Record<string, unknown>>;
  /** Param values for the 401 and 403 checks (default: '1'). */
  sampleParam?: (route: WalkedRoute, param: string) => string;
}

export interface RouteWalkFinding {
  route: string;
  check: string;
  expected: string;
  got: string;
}

export interface RouteWalkResult {
  findings: RouteWalkFinding[];
  /** How many checks were made (requests and schema checks). */
  checked: number;
}

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;
const ID_NAME = /(^id$|Id$)/;
const STATE_CHANGING = new Set(['post', 'put', 'delete', 'patch']);
/** The kit's own health checks: public by design, answered before any route. */
const HEALTH_PATHS = new Set(['/livez', '/readyz']);
/**
 * Ids the kit's own routes take that name no row: the live stream's `lastEventId` is the last event
 * the browser received (any number is valid, resuming never reveals another audience's events).
 */
const KIT_ROUTE_IDS: Readonly<Record<string, Readonly<Record<string, IdValues>>>> = {
  [`GET ${LIVE_EVENTS_PATH}`]: { lastEventId: { notOwned: '0' } },
};
const POSTGRES_INTEGER_MIN = -POSTGRES_INTEGER_MAX - 1;

/** Which roles may call a route of this access level. */
function allowedRoles(access: AccessLevel): readonly RoleName[] {
  switch (access) {
    case 'public':
      return ['restaurant', 'freelancer', 'admin', 'newUser'];
    case 'user':
      return ['restaurant', 'freelancer', 'newUser'];
    case 'restaurant':
      return ['restaurant'];
    case 'freelancer':
      return ['freelancer'];
    case 'admin':
      return ['admin'];
  }
}

export const routeName = (route: { method: string; path: string }) =>
  `${route.method.toUpperCase()} ${route.path}`;

export function paramNames(path: string): string[] {
  return [...path.matchAll(PARAM)].map((match) => match[1] as string);
}

function fillPath(path: string, value: (param: string) => string): string {
  return path.replace(PARAM, (_whole, name: string) => encodeURIComponent(value(name)));
}

// ---------------------------------------------------------------------------------------------
// Schemas: every string bounded, every number inside a PostgreSQL integer.

type AnySchema = z.ZodType;
interface SchemaDef {
  type: string;
  innerType?: AnySchema;
  in?: AnySchema;
  shape?: Record<string, AnySchema>;
  element?: AnySchema;
  options?: AnySchema[];
}
const defOf = (schema: AnySchema) => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

/** The object shape behind optional/nullable/default/pipe wrappers, or undefined. */
export function objectShape(schema: AnySchema | undefined): Record<string, AnySchema> | undefined {
  let current = schema;
  for (let depth = 0; current && depth < 10; depth++) {
    const def = defOf(current);
    if (def.type === 'object') return def.shape;
    current = def.innerType ?? def.in;
  }
  return undefined;
}

/**
 * Paths of the values in `schema` that could reach PostgreSQL unbounded: a string without a maximum
 * length (22001), a number outside the integer range (22003).
 */
export function unboundedValues(schema: AnySchema, path = ''): string[] {
  const def = defOf(schema);
  const here = path || '(raiz)';
  switch (def.type) {
    case 'string': {
      const max = (schema as unknown as { maxLength: number | null }).maxLength;
      return max === null ? [`${here}: texto sem tamanho máximo`] : [];
    }
    case 'number': {
      const { minValue, maxValue } = schema as unknown as { minValue: number; maxValue: number };
      return minValue < POSTGRES_INTEGER_MIN || maxValue > POSTGRES_INTEGER_MAX
        ? [`${here}: número fora do inteiro do PostgreSQL`]
        : [];
    }
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, value]) =>
        unboundedValues(value, path ? `${path}.${key}` : key),
      );
    case 'array':
      return def.element ? unboundedValues(def.element, `${here}[]`) : [];
    case 'union':
      return (def.options ?? []).flatMap((option) => unboundedValues(option, path));
    default:
      if (def.innerType) return unboundedValues(def.innerType, path);
      if (def.in) return unboundedValues(def.in, path);
      return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Ids: which rows the walk's restaurant and freelancer own, and which belong to someone else.

type Resource = 'job' | 'application' | 'assignment' | 'invoice' | 'restaurant' | 'freelancer' | 'timesheet';
type RowPair = { owned: number | null; foreign: number | null };

/** For each kind of row, one the walk's caller owns and one another owner has (null when none exists). */
export interface OwnershipRows {
  restaurant: Record<Resource, RowPair>;
  freelancer: Record<Resource, RowPair>;
}

/** Reads, from the test database, one owned and one foreign row of each kind for both roles. */
export async function ownershipRows(em: EntityManager, roles: WalkRoles): Promise<OwnershipRows> {
  const connection = em.getConnection();
  const first = async (sql: string, param: number) =>
    ((await connection.execute<{ id: number }[]>(`${sql} order by 1 limit 1`, [param]))[0]?.id ?? null) as
      number | null;
  const r = roles.restaurant.restaurantId;
  const f = roles.freelancer.freelancerId;
  const jobOf = 'join jobs j on j.id = x.job_id where j.restaurant_id';
  const none: RowPair = { owned: null, foreign: null };
  return {
    restaurant: {
      job: {
        owned: await first('select id from jobs where restaurant_id = ?', r),
        foreign: await first('select id from jobs where restaurant_id <> ?', r),
      },
      application: {
        owned: await first(`select x.id from applications x ${jobOf} = ?`, r),
        foreign: await first(`select x.id from applications x ${jobOf} <> ?`, r),
      },
      assignment: {
        owned: await first(`select x.id from assignments x ${jobOf} = ?`, r),
        foreign: await first(`select x.id from assignments x ${jobOf} <> ?`, r),
      },
      invoice: {
        owned: await first('select id from invoices where restaurant_id = ?', r),
        foreign: await first('select id from invoices where restaurant_id <> ?', r),
      },
      restaurant: { owned: r, foreign: await first('select id from restaurants where id <> ?', r) },
      freelancer: none,
      timesheet: {
        owned: await first(
          `select p.id from timesheet_proposals p join assignments x on x.id = p.assignment_id ${jobOf} = ?`,
          r,
        ),
        foreign: await first(
          `select p.id from timesheet_proposals p join assignments x on x.id = p.assignment_id ${jobOf} <> ?`,
          r,
        ),
      },
    },
    freelancer: {
      job: none,
      application: {
        owned: await first('select id from applications where freelancer_id = ?', f),
        foreign: await first('select id from applications where freelancer_id <> ?', f),
      },
      assignment: {
        owned: await first('select id from assignments where freelancer_id = ?', f),
        foreign: await first('select id from assignments where freelancer_id <> ?', f),
      },
      invoice: none,
      restaurant: none,
      freelancer: { owned: f, foreign: await first('select id from freelancers where id <> ?', f) },
      timesheet: {
        owned: await first(
          'select p.id from timesheet_proposals p join assignments x on x.id = p.assignment_id where x.freelancer_id = ?',
          f,
        ),
        foreign: await first(
          'select p.id from timesheet_proposals p join assignments x on x.id = p.assignment_id where x.freelancer_id <> ?',
          f,
        ),
      },
    },
  };
}

const RESOURCE_OF_SEGMENT: Record<string, Resource> = {
  jobs: 'job',
  applications: 'application',
  assignments: 'assignment',
  invoices: 'invoice',
  restaurants: 'restaurant',
  freelancers: 'freelancer',
  timesheets: 'timesheet',
};
const RESOURCE_OF_NAME: Record<string, Resource> = {
  jobId: 'job',
  applicationId: 'application',
  assignmentId: 'assignment',
  invoiceId: 'invoice',
  restaurantId: 'restaurant',
  freelancerId: 'freelancer',
};

/** The kind of row an id names: `jobId` → job; a path `…/jobs/:id` → job; else undefined. */
export function resourceOf(route: WalkedRoute, slot: IdSlot): Resource | undefined {
  if (slot.name !== 'id') return RESOURCE_OF_NAME[slot.name];
  if (slot.in !== 'path') return undefined;
  const segments = route.path.split('/');
  return RESOURCE_OF_SEGMENT[segments[segments.indexOf(':id') - 1] ?? ''];
}

/** The default `ids`: owned and foreign rows of the kind the id's name says. */
export function ownershipResolver(rows: OwnershipRows): NonNullable<RouteWalkOptions['ids']> {
  return (route, slot) => {
    if (route.access !== 'restaurant' && route.access !== 'freelancer') return undefined;
    const resource = resourceOf(route, slot);
    const pair = resource ? rows[route.access][resource] : undefined;
    return pair && pair.owned !== null && pair.foreign !== null
      ? { owned: pair.owned, foreign: pair.foreign }
      : undefined;
  };
}

function idSlots(route: WalkedRoute, definition: AnyRoute): IdSlot[] {
  const fromShape = (where: 'query' | 'body', schema: AnySchema | undefined): IdSlot[] =>
    Object.keys(objectShape(schema) ?? {})
      .filter((name) => ID_NAME.test(name))
      .map((name) => ({ in: where, name }));
  return [
    ...paramNames(route.path)
      .filter((name) => ID_NAME.test(name))
      .map((name): IdSlot => ({ in: 'path', name })),
    ...fromShape('query', definition.query as AnySchema | undefined),
    ...fromShape('body', definition.body as AnySchema | undefined),
  ];
}

// ---------------------------------------------------------------------------------------------

/**
 * Walks every endpoint the BFF's routers registered and checks:
 * - it was made with `route()` (a definition with an access level), and every string it reads is
 *   bounded and every number fits a PostgreSQL integer;
 * - no session → 401 `{ error }` (unless the route is in `publicRoutes`; a public route that is not is a finding);
 * - a session of each other role (restaurant, freelancer, admin, user without profile) → 403 `{ error }`;
 * - the right role on a GET is neither 401 nor 403;
 * - a state change (POST/PUT/DELETE, or `sameOriginOnly`) from another site → 403, even with the right session;
 * - every id a restaurant or freelancer route takes (path, query or body): one the caller owns is
 *   neither 400, 401, 403, 404 nor 5xx; another owner's → 404.
 * GETs are walked before state changes. Throws when the app registered no route or nothing was
 * checked: a walk that checks nothing proves nothing.
 */
export async function walkRoutes(options: RouteWalkOptions): Promise<RouteWalkResult> {
  const { bff, roles } = options;
  const endpoints = bff.app.endpoints().filter((endpoint) => !HEALTH_PATHS.has(endpoint.path));
  if (endpoints.length === 0) throw new Error('route walk: the app registered no route');
  const publicRoutes = new Set(options.publicRoutes ?? []);
  const cookies: Record<RoleName, string> = {
    restaurant: await bff.sessionCookie(roles.restaurant),
    freelancer: await bff.sessionCookie(roles.freelancer),
    admin: await bff.sessionCookie(roles.admin),
    newUser: await bff.sessionCookie(roles.newUser),
  };
  const defaultIds = ownershipResolver(await ownershipRows(bff.db.orm.em.fork(), roles));
  const findings: RouteWalkFinding[] = [];
  let checked = 0;
  const finding = (route: string, check: string, expected: string, got: string) =>
    findings.push({ route, check, expected, got });

  const describe = (response: TestResponse) =>
    `${response.status} ${JSON.stringify(response.body)?.slice(0, 200) ?? ''}`;
  const expectStatus = (route: string, check: string, response: TestResponse, expected: number) => {
    checked++;
    const hasError = typeof (response.body as { error?: unknown } | undefined)?.error === 'string';
    if (response.status !== expected || !hasError) {
      finding(route, check, `${expected} { error }`, describe(response));
    }
  };

  for (const listed of options.routes ?? []) {
    if (!endpoints.some((e) => e.method === listed.method && e.path === listed.path)) {
      finding(routeName(listed), 'registered', 'mounted on the app', 'not registered');
    }
  }

  const ordered = [...endpoints].sort(
    (a, b) => Number(STATE_CHANGING.has(a.method)) - Number(STATE_CHANGING.has(b.method)),
  );
  for (const endpoint of ordered) {
    const definition = endpoint.definition;
    const name = routeName(endpoint);
    checked++;
    if (!definition) {
      finding(name, 'made with route()', 'a definition with an access level', 'none');
      continue;
    }
    for (const [where, schema] of [
      ['params', definition.params],
      ['query', definition.query],
      ['body', definition.body],
    ] as const) {
      if (!schema) continue;
      checked++;
      for (const problem of unboundedValues(schema as AnySchema)) {
        finding(name, `bounded ${where}`, 'max length / integer range', problem);
      }
    }

    const route: WalkedRoute = { method: endpoint.method, path: endpoint.path, access: definition.access };
    const sample = (param: string) => options.sampleParam?.(route, param) ?? '1';
    const stateChanging = STATE_CHANGING.has(route.method) || definition.sameOriginOnly === true;
    const baseBody = options.bodies?.[name];
    const call = (
      cookie: string | undefined,
      values: {
        path?: Record<string, string>;
        query?: Record<string, string>;
        body?: Record<string, unknown>;
      } = {},
      headers?: Record<string, string>,
    ) => {
      const path = fillPath(route.path, (param) => values.path?.[param] ?? sample(param));
      const query = new URLSearchParams(values.query ?? {}).toString();
      const body =
        route.method === 'get'
          ? undefined
          : values.body
            ? { ...((baseBody as Record<string, unknown> | undefined) ?? {}), ...values.body }
            : (baseBody ?? {});
      return bff.request(query ? `${path}?${query}` : path, {
        method: route.method,
        cookie,
        headers,
        json: body,
      });
    };

    if (route.access === 'public') {
      if (!publicRoutes.has(name)) finding(name, 'public on purpose', 'listed in publicRoutes', 'public');
    } else {
      expectStatus(name, 'no session', await call(undefined), 401);
      const allowed = allowedRoles(route.access);
      for (const role of ['restaurant', 'freelancer', 'admin', 'newUser'] as const) {
        if (allowed.includes(role)) {
          if (route.method !== 'get') continue;
          const response = await call(cookies[role]);
          checked++;
          if (response.status === 401 || response.status === 403) {
            finding(name, `right role (${role})`, 'not 401/403', String(response.status));
          }
        } else {
          expectStatus(name, `wrong role (${role})`, await call(cookies[role]), 403);
        }
      }
    }

    if (stateChanging) {
      const role = allowedRoles(route.access)[0] as RoleName;
      const crossSite = await call(
        cookies[role],
        {},
        {
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
        },
      );
      expectStatus(name, 'cross-site request', crossSite, 403);
      checked++;
      if ((crossSite.body as { error?: string } | undefined)?.error !== MESSAGES.common.crossSiteRefused) {
        finding(name, 'cross-site message', MESSAGES.common.crossSiteRefused, JSON.stringify(crossSite.body));
      }
    }

    if (route.access !== 'restaurant' && route.access !== 'freelancer') continue;
    const slots = idSlots(route, definition);
    if (slots.length === 0) continue;
    const resolved: { slot: IdSlot; values: IdValues }[] = [];
    for (const slot of slots) {
      const legacyForeign = slot.in === 'path' ? options.foreignId?.(route, slot.name) : undefined;
      const fallback = KIT_ROUTE_IDS[name]?.[slot.name] ?? defaultIds(route, slot);
      const values =
        options.ids?.(route, slot) ??
        (legacyForeign !== undefined && fallback && 'owned' in fallback
          ? { owned: fallback.owned, foreign: legacyForeign }
          : legacyForeign !== undefined
            ? { owned: legacyForeign, foreign: legacyForeign }
            : fallback);
      if (!values) finding(name, `id ${slot.in}.${slot.name}`, 'owned and foreign values (ids())', 'none');
      else resolved.push({ slot, values });
    }
    if (resolved.length !== slots.length) continue;

    const valuesWith = (pick: (entry: (typeof resolved)[number]) => number | string) => {
      const out = {
        path: {} as Record<string, string>,
        query: {} as Record<string, string>,
        body: {} as Record<string, unknown>,
      };
      for (const entry of resolved) {
        const value = pick(entry);
        if (entry.slot.in === 'body') out.body[entry.slot.name] = value;
        else out[entry.slot.in][entry.slot.name] = String(value);
      }
      return out;
    };
    const owned = (entry: (typeof resolved)[number]) =>
      'owned' in entry.values ? entry.values.owned : entry.values.notOwned;

    for (const target of resolved) {
      if (!('foreign' in target.values)) continue;
      const foreignValue = target.values.foreign;
      const response = await call(
        cookies[route.access],
        valuesWith((entry) => (entry === target ? foreignValue : owned(entry))),
      );
      expectStatus(name, `another owner's ${target.slot.in}.${target.slot.name}`, response, 404);
    }
    if (resolved.some((entry) => 'owned' in entry.values)) {
      const response = await call(cookies[route.access], valuesWith(owned));
      checked++;
      if ([400, 401, 403, 404].includes(response.status) || response.status >= 500) {
        finding(name, 'own ids', 'not 400/401/403/404/5xx', describe(response));
      }
    }
  }
  if (checked === 0) throw new Error('route walk: nothing was checked');
  return { findings, checked };
}

/**
 * One account per role from the demo data of a test database: the demo restaurant (Supermercado
 * Bom Preço), the demo freelancer (Ana Souza), plus a new admin and a new user without profile.
 */
export async function walkRoles(em: EntityManager): Promise<WalkRoles> {
  const fork = em.fork();
  const restaurantId = await findDemoRestaurantId(fork);
  const freelancerId = await findDemoFreelancerId(fork);
  if (restaurantId === null || freelancerId === null)
    throw new Error('walkRolesFromDemoData needs the demo data seeded');
  const restaurant = await fork.findOneOrFail(Restaurant, { id: restaurantId });
  const freelancer = await fork.findOneOrFail(Freelancer, { id: freelancerId });
  const suffix = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const admin = fork.create(Admin, {
    email: `walk-${suffix}@turno.test`,
    name: 'Admin de Teste',
    passwordHash: 'not-a-hash',
  });
  const newUser = fork.create(User, {
    email: `novo-${suffix}@turno.test`,
    name: 'Pessoa Nova',
    userType: null,
  });
  await fork.flush();
  await insertWalkTimesheets(fork, restaurantId, freelancerId);
  return {
    restaurant: { role: 'restaurant', restaurantId, userId: restaurant.user.id, member: OWNER_MEMBERSHIP },
    freelancer: { role: 'freelancer', freelancerId, userId: freelancer.user.id },
    admin: { role: 'admin', adminId: admin.id },
    newUser: { role: 'user', userId: newUser.id },
  };
}

/**
 * Timesheet proposals for the walk's `/timesheets/:id` routes: one on a shift of the walk's
 * restaurant, one on another restaurant's, one on the walk's freelancer's and one on another
 * freelancer's (already settled, so they never block a proposal a test makes).
 */
async function insertWalkTimesheets(
  em: EntityManager,
  restaurantId: number,
  freelancerId: number,
): Promise<void> {
  await em.getConnection().execute(
    `insert into timesheet_proposals (assignment_id, proposed_by, proposed_by_user_id, check_in_at, check_out_at, reason, status, answer_deadline)
     select distinct on (pick) id, 'freelancer', 0, now() - interval '8 hours', now() - interval '2 hours', 'Walk', 'accepted', now()
       from (select a.id, case when j.restaurant_id = ? then 1 else 2 end as pick from assignments a join jobs j on j.id = a.job_id
             union all
             select a.id, case when a.freelancer_id = ? then 3 else 4 end from assignments a) picks
      order by pick, id`,
    [restaurantId, freelancerId],
  );
}

/** Ids of rows the walk's restaurant / freelancer do not own (null when the data has none). */
export interface ForeignRows {
  restaurant: {
    job: number | null;
    application: number | null;
    assignment: number | null;
    invoice: number | null;
    timesheet: number | null;
  };
  freelancer: { application: number | null; assignment: number | null; timesheet: number | null };
}

/** Reads, from the test database, one row of each kind owned by someone else than `roles`. */
export async function foreignRows(em: EntityManager, roles: WalkRoles): Promise<ForeignRows> {
  const rows = await ownershipRows(em, roles);
  return {
    restaurant: {
      job: rows.restaurant.job.foreign,
      application: rows.restaurant.application.foreign,
      assignment: rows.restaurant.assignment.foreign,
      invoice: rows.restaurant.invoice.foreign,
      timesheet: rows.restaurant.timesheet.foreign,
    },
    freelancer: {
      application: rows.freelancer.application.foreign,
      assignment: rows.freelancer.assignment.foreign,
      timesheet: rows.freelancer.timesheet.foreign,
    },
  };
}

/**
 * The older `foreignId` for `walkRoutes`: the resource is named by the path segment before the
 * param (`/jobs/:id` → another restaurant's job…). Paths it cannot read (e.g. `/checkin/:id`) answer
 * undefined unless `extra` (keyed by `METHOD /path`) says which row that id names.
 */
export function foreignIdResolver(
  rows: ForeignRows,
  extra: Readonly<Record<string, number | null>> = {},
): NonNullable<RouteWalkOptions['foreignId']> {
  return (route, param) => {
    const named = extra[routeName(route)];
    if (named !== undefined && named !== null) return named;
    const resource = resourceOf(route, { in: 'path', name: param });
    if (!resource) return undefined;
    const id =
      route.access === 'restaurant'
        ? (rows.restaurant as Record<string, number | null>)[resource]
        : resource === 'application' || resource === 'assignment' || resource === 'timesheet'
          ? rows.freelancer[resource]
          : undefined;
    return id ?? undefined;
  };
}
