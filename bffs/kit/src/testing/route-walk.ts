import { MESSAGES } from '@turno/domain';
import {
  Admin,
  Freelancer,
  Restaurant,
  User,
  findDemoFreelancerId,
  findDemoRestaurantId,
  type Actor,
  type EntityManager,
} from '@turno/core';
import type { AccessLevel } from '../session/access';
import type { AnyRoute } from '../route';
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

export interface RouteWalkOptions {
  bff: TestBff;
  /** Every route the BFF registers (its exported `routes`). */
  routes: readonly AnyRoute[];
  roles: WalkRoles;
  /** `METHOD /path` of each route that is public on purpose; any other public route is a finding. */
  publicRoutes?: readonly string[];
  /**
   * An id the caller does not own (another restaurant's job, another freelancer's application…) for
   * an id param (`:id`, `:jobId`…) of a restaurant or freelancer route; the route must answer 404.
   * Undefined for a route that has one is a finding: every new route with an id needs an answer here.
   */
  foreignId?: (route: WalkedRoute, param: string) => string | number | undefined;
  /** A valid body per `METHOD /path`, so the ownership check is not stopped by validation (400). */
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
  /** How many requests were checked. */
  checked: number;
}

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;
const ID_PARAM = /(^id$|Id$)/;
const STATE_CHANGING = new Set(['post', 'put', 'delete']);

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

/**
 * Walks every route of a BFF and checks who may call it:
 * - no session → 401 `{ error }` (unless the route is in `publicRoutes`; a public route that is not is a finding);
 * - a session of each other role (restaurant, freelancer, admin, user without profile) → 403 `{ error }`;
 * - the right role on a GET is neither 401 nor 403;
 * - a state change (POST/PUT/DELETE, or `sameOriginOnly`) from another site → 403, even with the right session;
 * - restaurant and freelancer routes with an id param: another owner's id → 404.
 * Returns the findings (expected: none); new routes are covered without touching the walk.
 */
export async function walkRoutes(options: RouteWalkOptions): Promise<RouteWalkResult> {
  const { bff, routes, roles } = options;
  const publicRoutes = new Set(options.publicRoutes ?? []);
  const cookies: Record<RoleName, string> = {
    restaurant: await bff.sessionCookie(roles.restaurant),
    freelancer: await bff.sessionCookie(roles.freelancer),
    admin: await bff.sessionCookie(roles.admin),
    newUser: await bff.sessionCookie(roles.newUser),
  };
  const findings: RouteWalkFinding[] = [];
  let checked = 0;

  const expectStatus = (route: string, check: string, response: TestResponse, expected: number) => {
    checked++;
    const hasError = typeof (response.body as { error?: unknown } | undefined)?.error === 'string';
    if (response.status !== expected || !hasError) {
      findings.push({
        route,
        check,
        expected: `${expected} { error }`,
        got: `${response.status} ${JSON.stringify(response.body)?.slice(0, 200)}`,
      });
    }
  };

  for (const definition of routes) {
    const route: WalkedRoute = {
      method: definition.method,
      path: definition.path,
      access: definition.access,
    };
    const name = routeName(route);
    const sample = (param: string) => options.sampleParam?.(route, param) ?? '1';
    const path = fillPath(route.path, sample);
    const stateChanging = STATE_CHANGING.has(route.method) || definition.sameOriginOnly === true;
    const call = (cookie?: string, headers?: Record<string, string>) =>
      bff.request(path, {
        method: route.method,
        cookie,
        headers,
        json: route.method === 'get' ? undefined : (options.bodies?.[name] ?? {}),
      });

    if (route.access === 'public') {
      if (!publicRoutes.has(name)) {
        findings.push({
          route: name,
          check: 'public on purpose',
          expected: 'listed in publicRoutes',
          got: 'public',
        });
      }
    } else {
      expectStatus(name, 'no session', await call(), 401);
      const allowed = allowedRoles(route.access);
      for (const role of ['restaurant', 'freelancer', 'admin', 'newUser'] as const) {
        if (allowed.includes(role)) {
          if (route.method !== 'get') continue;
          const response = await call(cookies[role]);
          checked++;
          if (response.status === 401 || response.status === 403) {
            findings.push({
              route: name,
              check: `right role (${role})`,
              expected: 'not 401/403',
              got: String(response.status),
            });
          }
        } else {
          expectStatus(name, `wrong role (${role})`, await call(cookies[role]), 403);
        }
      }
    }

    if (stateChanging) {
      const role = allowedRoles(route.access)[0] as RoleName;
      const crossSite = await call(cookies[role], {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      });
      expectStatus(name, 'cross-site request', crossSite, 403);
      checked++;
      if ((crossSite.body as { error?: string } | undefined)?.error !== MESSAGES.common.crossSiteRefused) {
        findings.push({
          route: name,
          check: 'cross-site message',
          expected: MESSAGES.common.crossSiteRefused,
          got: JSON.stringify(crossSite.body),
        });
      }
    }

    const idParams = paramNames(route.path).filter((param) => ID_PARAM.test(param));
    if ((route.access === 'restaurant' || route.access === 'freelancer') && idParams.length > 0) {
      const foreign: Record<string, string> = {};
      for (const param of idParams) {
        const id = options.foreignId?.(route, param);
        if (id === undefined) {
          findings.push({
            route: name,
            check: `another owner's :${param}`,
            expected: 'an id from foreignId()',
            got: 'none',
          });
        } else {
          foreign[param] = String(id);
        }
      }
      if (Object.keys(foreign).length === idParams.length) {
        const response = await bff.request(
          fillPath(route.path, (param) => foreign[param] ?? sample(param)),
          {
            method: route.method,
            cookie: cookies[route.access],
            json: route.method === 'get' ? undefined : (options.bodies?.[name] ?? {}),
          },
        );
        expectStatus(name, "another owner's id", response, 404);
      }
    }
  }
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
  return {
    restaurant: { role: 'restaurant', restaurantId, userId: restaurant.user.id },
    freelancer: { role: 'freelancer', freelancerId, userId: freelancer.user.id },
    admin: { role: 'admin', adminId: admin.id },
    newUser: { role: 'user', userId: newUser.id },
  };
}

/** Ids of rows the walk's restaurant / freelancer do not own (null when the data has none). */
export interface ForeignRows {
  restaurant: {
    job: number | null;
    application: number | null;
    assignment: number | null;
    invoice: number | null;
  };
  freelancer: { application: number | null; assignment: number | null };
}

/** Reads, from the test database, one row of each kind owned by someone else than `roles`. */
export async function foreignRows(em: EntityManager, roles: WalkRoles): Promise<ForeignRows> {
  const connection = em.getConnection();
  const first = async (sql: string, param: number) =>
    ((await connection.execute<{ id: number }[]>(`${sql} order by 1 limit 1`, [param]))[0]?.id ?? null) as
      number | null;
  const restaurantId = roles.restaurant.restaurantId;
  const freelancerId = roles.freelancer.freelancerId;
  return {
    restaurant: {
      job: await first('select id from jobs where restaurant_id <> ?', restaurantId),
      application: await first(
        'select a.id from applications a join jobs j on j.id = a.job_id where j.restaurant_id <> ?',
        restaurantId,
      ),
      assignment: await first(
        'select s.id from assignments s join jobs j on j.id = s.job_id where j.restaurant_id <> ?',
        restaurantId,
      ),
      invoice: await first('select id from invoices where restaurant_id <> ?', restaurantId),
    },
    freelancer: {
      application: await first('select id from applications where freelancer_id <> ?', freelancerId),
      assignment: await first('select id from assignments where freelancer_id <> ?', freelancerId),
    },
  };
}

const RESOURCE_OF_SEGMENT: Record<string, keyof ForeignRows['restaurant']> = {
  jobs: 'job',
  applications: 'application',
  assignments: 'assignment',
  invoices: 'invoice',
};

/**
 * The usual `foreignId` for `walkRoutes`: the resource is named by the path segment before the
 * param (`/jobs/:id` → another restaurant's job, `/applications/:id` → another owner's
 * application…). Paths it cannot read (e.g. `/checkin/:id`) answer undefined: the BFF's test then
 * says which row that id names (`extra`, keyed by `METHOD /path`).
 */
export function foreignIdResolver(
  rows: ForeignRows,
  extra: Readonly<Record<string, number | null>> = {},
): NonNullable<RouteWalkOptions['foreignId']> {
  return (route, param) => {
    const named = extra[routeName(route)];
    if (named !== undefined && named !== null) return named;
    const segments = route.path.split('/');
    const segment = segments[segments.indexOf(`:${param}`) - 1] ?? '';
    const resource = RESOURCE_OF_SEGMENT[segment];
    if (!resource) return undefined;
    const id =
      route.access === 'restaurant'
        ? rows.restaurant[resource]
        : resource === 'application' || resource === 'assignment'
          ? rows.freelancer[resource]
          : undefined;
    return id ?? undefined;
  };
}
