import { z } from 'zod';
import { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase } from '@turno/core/testing';
import { createBffApp, HttpError, listen, route, type RunningServer } from './index';

const seen: unknown[] = [];
const routes = [
  route({
    access: 'public',
    method: 'get',
    path: '/api/things/:id',
    params: z.object({ id: z.coerce.number().int().positive() }),
    query: z.object({ limit: z.coerce.number().int().max(5).optional() }),
    response: z.object({ id: z.number(), limit: z.number().nullable() }),
    handler: ({ params, query, em }) => {
      seen.push(em);
      return { id: params.id, limit: query.limit ?? null };
    },
  }),
  route({
    access: 'public',
    method: 'get',
    path: '/api/raw-read',
    response: z.object({ one: z.number() }),
    handler: async ({ em }) => {
      const [row] = await em.getConnection().execute<{ one: number }[]>('select 1 as one');
      return { one: row!.one };
    },
  }),
  route({
    access: 'public',
    method: 'get',
    path: '/api/orm-read',
    response: z.object({ ok: z.boolean() }),
    handler: ({ em }) => {
      seen.push(em.getUnitOfWork());
      return { ok: true };
    },
  }),
  route({
    access: 'public',
    method: 'post',
    path: '/api/things',
    body: z.object({ name: z.string().min(2) }),
    response: z.object({ created: z.string() }),
    status: 201,
    handler: ({ body }) => ({ created: body.name }),
  }),
  route({
    access: 'public',
    method: 'get',
    path: '/api/refused',
    response: z.object({}),
    handler: () => {
      throw new HttpError(409, 'Vaga já preenchida');
    },
  }),
  route({
    access: 'public',
    method: 'get',
    path: '/api/crash',
    response: z.object({}),
    handler: () => {
      throw new Error('secret stack detail');
    },
  }),
  route({
    access: 'public',
    method: 'get',
    path: '/api/broken-contract',
    response: z.object({ total: z.number() }),
    handler: () => ({ total: 'many' }) as unknown as { total: number },
  }),
];

let db: TestDatabase;
let redis: Redis;
let server: RunningServer;

beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const { app } = createBffApp({ name: 'bff-test', orm: db.orm, redis, routes });
  server = await listen(app, 0);
});

afterAll(async () => {
  await server.close();
  await redis.quit();
  await db.drop();
});

const call = (path: string, init?: RequestInit) => fetch(server.url + path, init);
const post = (path: string, body: string, type = 'application/json') =>
  call(path, { method: 'POST', body, headers: { 'content-type': type } });

describe('BFF app factory', () => {
  it('answers /livez and checks PostgreSQL and Redis on /readyz', async () => {
    expect(await (await call('/livez')).json()).toEqual({ status: 'ok' });
    const ready = await call('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { postgres: 'ok', redis: 'ok' } });
  });

  it('says it is not ready when Redis cannot be reached', async () => {
    // A client whose connection is gone: every command fails, as when Redis goes away.
    const deadRedis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    await deadRedis.quit();
    const { app } = createBffApp({ name: 'bff-test', orm: db.orm, redis: deadRedis, routes });
    const other = await listen(app, 0);
    try {
      const ready = await fetch(other.url + '/readyz');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'error', checks: { postgres: 'ok', redis: 'error' } });
    } finally {
      await other.close();
    }
  });

  it('validates params and query and hands typed values to the handler', async () => {
    const response = await call('/api/things/7?limit=3');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 7, limit: 3 });
  });

  it('refuses bad input with 400 and a pt-BR message naming the field', async () => {
    const badParam = await call('/api/things/abc');
    expect(badParam.status).toBe(400);
    expect(await badParam.json()).toEqual({ error: 'Identificador: Tipo de valor inválido' });
    const badQuery = await call('/api/things/1?limit=50');
    expect(await badQuery.json()).toEqual({ error: 'Itens por página: Deve ser menor ou igual a 5' });
    const badBody = await post('/api/things', JSON.stringify({ name: 'A' }));
    expect(badBody.status).toBe(400);
    expect(await badBody.json()).toEqual({ error: 'Nome: Deve ter pelo menos 2 caracteres' });
  });

  it('accepts JSON bodies only', async () => {
    const created = await post('/api/things', JSON.stringify({ name: 'Ana' }));
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ created: 'Ana' });
    const form = await post('/api/things', 'name=Ana', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(415);
    expect(((await form.json()) as { error: string }).error).toMatch(/JSON/);
    const broken = await post('/api/things', '{"name":');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: 'JSON inválido' });
  });

  it('answers refusals with their status and message, and hides internal errors', async () => {
    const refused = await call('/api/refused');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: 'Vaga já preenchida' });
    const crash = await call('/api/crash');
    expect(crash.status).toBe(500);
    const body = (await crash.json()) as { error: string };
    expect(body.error).toMatch(/Erro interno/);
    expect(JSON.stringify(body)).not.toContain('secret');
  });

  it('never sends an answer that breaks its contract', async () => {
    const response = await call('/api/broken-contract');
    expect(response.status).toBe(500);
  });

  it('answers unknown routes with 404 in pt-BR, and 405 for a wrong method', async () => {
    const missing = await call('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Rota não encontrada' });
    const wrongMethod = await call('/api/refused', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
  });

  it('sends the security headers on every kind of answer (success, refusal, crash, 404, 405, health)', async () => {
    const answers = await Promise.all([
      call('/livez'),
      call('/readyz'),
      call('/api/refused'),
      call('/api/crash'),
      call('/api/nothing-here'),
      call('/api/refused', { method: 'DELETE' }),
      call('/api/broken-contract'),
    ]);
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('content-security-policy')).toBe(
        "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
      // Local http: no HSTS (it would pin localhost to HTTPS).
      expect(answer.headers.get('strict-transport-security')).toBeNull();
      await answer.arrayBuffer();
    }
  });

  it('tags every answer with a request id, keeping a well-formed incoming one', async () => {
    const generated = await call('/livez');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await call('/livez', { headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers.get('x-request-id')).toBe('abc-123');
    const replaced = await call('/livez', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });

  it('gives each request its own EntityManager fork', async () => {
    seen.length = 0;
    await call('/api/things/1');
    await call('/api/things/2');
    expect(seen).toHaveLength(2);
    expect(seen[0]).not.toBe(seen[1]);
    expect(seen[0]).not.toBe(db.orm.em);
  });

  it('forks the EntityManager on first ORM use only: raw SQL through its connection makes no fork', async () => {
    const fork = jest.spyOn(db.orm.em, 'fork');
    try {
      expect(await (await call('/api/raw-read')).json()).toEqual({ one: 1 });
      expect(fork).not.toHaveBeenCalled();
      seen.length = 0;
      await call('/api/orm-read');
      await call('/api/orm-read');
      expect(fork).toHaveBeenCalledTimes(2);
      // Each request its own unit of work (identity map), never the global EntityManager's.
      expect(seen[0]).not.toBe(seen[1]);
      expect(seen).not.toContain(db.orm.em.getUnitOfWork(false));
    } finally {
      fork.mockRestore();
    }
  });
});
