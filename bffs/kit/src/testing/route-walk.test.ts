import Router from '@koa/router';
import { z } from 'zod';
import { Application, Job } from '@turno/core';
import { POSTGRES_INTEGER_MAX } from '@turno/domain';
import { createBffApp, notFound, route, type BffApp, type BffDependencies } from '../index';
import {
  foreignIdResolver,
  foreignRows,
  ownershipRows,
  paramNames,
  startBffForTest,
  unboundedValues,
  walkRoles,
  walkRoutes,
  type TestBff,
  type WalkRoles,
} from './index';

const RowId = z.coerce.number().int().positive().max(POSTGRES_INTEGER_MAX);
const Id = z.object({ id: RowId });
const Anything = z.unknown();

/** A BFF with one mistake of each kind the walk must catch, beside correct routes. */
const routes = [
  route({ method: 'get', path: '/api/forgotten', access: 'public', response: Anything, handler: () => ({}) }),
  route({ method: 'post', path: '/api/sessions', access: 'public', response: Anything, handler: () => ({}) }),
  route({
    method: 'get',
    path: '/api/restaurant/jobs/:id',
    access: 'restaurant',
    memberAction: 'viewShifts',
    params: Id,
    response: Anything,
    // Mistake: reads any restaurant's job.
    handler: async ({ em, params }) => ({ id: (await em.findOneOrFail(Job, { id: params.id })).id }),
  }),
  route({
    method: 'get',
    path: '/api/restaurant/applications',
    access: 'restaurant',
    memberAction: 'viewShifts',
    query: z.object({ jobId: RowId }),
    response: Anything,
    // Correct: the job named in the query must be the caller's.
    handler: async ({ em, query, actor }) => {
      const job = await em.findOne(Job, { id: query.jobId, restaurant: actor.restaurantId });
      if (!job) throw notFound('Vaga não encontrada');
      return [];
    },
  }),
  route({
    method: 'post',
    path: '/api/freelancers/withdraw',
    access: 'freelancer',
    body: z.object({ applicationId: RowId }),
    response: Anything,
    // Mistake: finds the application by id only, whoever owns it.
    handler: async ({ em, body }) => ({
      id: (await em.findOneOrFail(Application, { id: body.applicationId })).id,
    }),
  }),
  route({
    method: 'get',
    path: '/api/restaurant/invoices/:id',
    access: 'restaurant',
    memberAction: 'viewShifts',
    params: Id,
    response: Anything,
    // Mistake: scoped so hard that the caller's own invoice is "not found" too.
    handler: () => {
      throw notFound('Fatura não encontrada');
    },
  }),
  route({
    method: 'get',
    path: '/api/restaurant/search',
    access: 'restaurant',
    memberAction: 'viewShifts',
    // Mistake: a text and a number PostgreSQL could refuse.
    query: z.object({ q: z.string().optional(), page: z.coerce.number().int().optional() }),
    response: Anything,
    handler: () => [],
  }),
  route({
    method: 'delete',
    path: '/api/restaurant/jobs/:id',
    access: 'restaurant',
    memberAction: 'viewShifts',
    params: Id,
    response: Anything,
    handler: async ({ em, params, actor }) => {
      const job = await em.findOne(Job, { id: params.id, restaurant: actor.restaurantId });
      if (!job) throw notFound('Vaga não encontrada');
      return { id: job.id };
    },
  }),
  route({
    method: 'post',
    path: '/api/freelancers/checkin/:id',
    access: 'freelancer',
    params: Id,
    response: Anything,
    handler: () => ({}),
  }),
  route({ method: 'get', path: '/api/admin/things', access: 'admin', response: Anything, handler: () => [] }),
  route({
    method: 'get',
    path: '/api/users/me',
    access: 'user',
    response: Anything,
    handler: ({ actor }) => actor,
  }),
];

/** The app above plus a path mounted straight on a router, without route(): the walk must see it. */
function createWalkTestBff(deps: BffDependencies): BffApp {
  const bffApp = createBffApp({ name: 'bff-walk-test', routes, ...deps });
  const raw = new Router();
  raw.get('/api/raw', (ctx) => {
    ctx.body = { secret: true };
  });
  bffApp.app.use(raw.routes());
  return bffApp;
}

let bff: TestBff;
let roles: WalkRoles;
beforeAll(async () => {
  bff = await startBffForTest(createWalkTestBff);
  roles = await walkRoles(bff.db.orm.em);
});
afterAll(() => bff.close());

const summary = (findings: { route: string; check: string }[]) =>
  findings.map(({ route, check }) => `${route} | ${check}`).sort();

describe('route walk', () => {
  it('reads the params of a path', () => {
    expect(paramNames('/api/restaurant/jobs/:jobId/applications/:id')).toEqual(['jobId', 'id']);
  });

  it('names every string without a maximum and every number outside a PostgreSQL integer', () => {
    const schema = z.object({
      q: z.string().trim().optional(),
      name: z.string().max(255),
      ids: z.array(z.coerce.number().int()).max(10),
      limit: z.coerce.number().int().min(1).max(200).default(50),
      when: z.enum(['today', 'week']),
    });
    expect(unboundedValues(schema)).toEqual([
      'q: texto sem tamanho máximo',
      'ids[]: número fora do inteiro do PostgreSQL',
    ]);
  });

  it('finds each kind of mistake, in what the app really registered, and nothing else', async () => {
    const { findings, checked } = await walkRoutes({
      bff,
      routes,
      roles,
      publicRoutes: ['POST /api/sessions'],
    });
    expect(summary(findings)).toEqual([
      'GET /api/forgotten | public on purpose',
      'GET /api/raw | made with route()',
      'GET /api/restaurant/invoices/:id | own ids',
      "GET /api/restaurant/jobs/:id | another owner's path.id",
      'GET /api/restaurant/search | bounded query',
      'GET /api/restaurant/search | bounded query',
      'POST /api/freelancers/checkin/:id | id path.id',
      "POST /api/freelancers/withdraw | another owner's body.applicationId",
    ]);
    expect(findings.find((f) => f.route === 'GET /api/restaurant/jobs/:id')?.got).toMatch(/^200 /);
    expect(findings.find((f) => f.check === 'own ids')?.got).toMatch(/^404 /);
    expect(checked).toBeGreaterThanOrEqual(40);
  });

  it('says when a listed route was never registered', async () => {
    const { findings } = await walkRoutes({
      bff,
      routes: [
        route({
          method: 'get',
          path: '/api/never-mounted',
          access: 'admin',
          response: Anything,
          handler: () => [],
        }),
      ],
      roles,
      publicRoutes: ['POST /api/sessions', 'GET /api/forgotten'],
      ids: () => ({ notOwned: 1 }),
    });
    expect(findings.filter((f) => f.check === 'registered')).toEqual([
      expect.objectContaining({ route: 'GET /api/never-mounted', got: 'not registered' }),
    ]);
  });

  it('accepts an explicit answer for an id it cannot name, and still checks it', async () => {
    const rows = await foreignRows(bff.db.orm.em.fork(), roles);
    const { findings } = await walkRoutes({
      bff,
      roles,
      publicRoutes: ['POST /api/sessions', 'GET /api/forgotten'],
      foreignId: foreignIdResolver(rows, { 'POST /api/freelancers/checkin/:id': 999_999 }),
    });
    // The handler ignores ownership and answers 200: the walk says so.
    expect(findings.filter((f) => f.route === 'POST /api/freelancers/checkin/:id')).toEqual([
      expect.objectContaining({ check: "another owner's path.id", expected: '404 { error }' }),
    ]);
  });

  it('reads owned and foreign rows of each kind from the data', async () => {
    const rows = await ownershipRows(bff.db.orm.em.fork(), roles);
    expect(rows.restaurant.job.owned).not.toBeNull();
    expect(rows.restaurant.job.foreign).not.toBeNull();
    expect(rows.restaurant.job.owned).not.toBe(rows.restaurant.job.foreign);
    expect(rows.freelancer.application.owned).not.toBeNull();
  });

  it('refuses to prove anything about an app without routes', async () => {
    const empty = await startBffForTest((deps) => createBffApp({ name: 'bff-empty', routes: [], ...deps }), {
      seed: false,
    });
    try {
      await expect(walkRoutes({ bff: empty, roles })).rejects.toThrow(/registered no route/);
    } finally {
      await empty.close();
    }
  });
});
