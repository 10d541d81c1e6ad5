import { z } from 'zod';
import { Job } from '@turno/core';
import { createBffApp, notFound, route } from '../index';
import {
  foreignIdResolver,
  foreignRows,
  paramNames,
  startBffForTest,
  walkRoles,
  walkRoutes,
  type TestBff,
  type WalkRoles,
} from './index';

const Id = z.object({ id: z.coerce.number().int().positive() });
const Anything = z.unknown();

/** A BFF with one mistake of each kind the walk must catch, beside correct routes. */
const routes = [
  route({ method: 'get', path: '/api/forgotten', access: 'public', response: Anything, handler: () => ({}) }),
  route({ method: 'post', path: '/api/sessions', access: 'public', response: Anything, handler: () => ({}) }),
  route({
    method: 'get',
    path: '/api/restaurant/jobs/:id',
    access: 'restaurant',
    params: Id,
    response: Anything,
    // Mistake: reads any restaurant's job.
    handler: async ({ em, params }) => ({ id: (await em.findOneOrFail(Job, { id: params.id })).id }),
  }),
  route({
    method: 'delete',
    path: '/api/restaurant/jobs/:id',
    access: 'restaurant',
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

let bff: TestBff;
let roles: WalkRoles;
beforeAll(async () => {
  bff = await startBffForTest((deps) => createBffApp({ name: 'bff-walk-test', routes, ...deps }));
  roles = await walkRoles(bff.db.orm.em);
});
afterAll(() => bff.close());

describe('route walk', () => {
  it('reads the params of a path', () => {
    expect(paramNames('/api/restaurant/jobs/:jobId/applications/:id')).toEqual(['jobId', 'id']);
  });

  it('finds a forgotten public route, an unscoped read and an id it cannot name, and nothing else', async () => {
    const rows = await foreignRows(bff.db.orm.em.fork(), roles);
    expect(rows.restaurant.job).not.toBeNull();
    const { findings, checked } = await walkRoutes({
      bff,
      routes,
      roles,
      publicRoutes: ['POST /api/sessions'],
      foreignId: foreignIdResolver(rows),
    });
    expect(findings.map(({ route, check }) => `${route} | ${check}`).sort()).toEqual([
      'GET /api/forgotten | public on purpose',
      "GET /api/restaurant/jobs/:id | another owner's id",
      "POST /api/freelancers/checkin/:id | another owner's :id",
    ]);
    expect(findings.find((f) => f.route === 'GET /api/restaurant/jobs/:id')?.got).toMatch(/^200 /);
    // 5 guarded routes × (no session + 4 roles), cross-site checks of 3 state changes, 2 ownership checks.
    expect(checked).toBeGreaterThanOrEqual(25);
  });

  it('accepts an explicit answer for an id it cannot name', async () => {
    const rows = await foreignRows(bff.db.orm.em.fork(), roles);
    const { findings } = await walkRoutes({
      bff,
      routes: routes.filter((r) => r.path === '/api/freelancers/checkin/:id'),
      roles,
      foreignId: foreignIdResolver(rows, { 'POST /api/freelancers/checkin/:id': 999_999 }),
    });
    // The handler ignores ownership and answers 200: the walk says so.
    expect(findings).toEqual([
      expect.objectContaining({ check: "another owner's id", expected: '404 { error }' }),
    ]);
  });
});
