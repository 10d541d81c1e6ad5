import { Writable } from 'node:stream';
import { z } from 'zod';
import { MESSAGES } from '@turno/domain';
import { createBffApp, route } from './index';
import { createLogger, hashClientIp, REDACTED } from '@turno/server-runtime';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from './testing';

/** Every JSON line the app logged, parsed, in order. */
const lines: Record<string, unknown>[] = [];
let text = '';
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    text += chunk.toString('utf8');
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
      lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

const PERSON = { name: 'Maria Aparecida Souza', phone: '11987654321', street: 'Rua das Palmeiras' };

const routes = [
  // A statement whose values PostgreSQL refuses in a way no rule maps (division by zero): a 500.
  route({
    method: 'get',
    path: '/api/falha-com-parametros',
    access: 'freelancer',
    response: z.object({}),
    handler: async ({ em }) => {
      // MikroORM's DriverException: its message is the statement with the values written in.
      await em.execute('select ?::text as nome, ?::text as telefone, 1 / 0 as x', [
        PERSON.name,
        PERSON.phone,
      ]);
      return {};
    },
  }),
  // An error whose detail carries a row's values, as a constraint or a trigger would say it.
  route({
    method: 'get',
    path: '/api/falha-com-detalhe',
    access: 'public',
    response: z.object({}),
    handler: async ({ em }) => {
      await em.getConnection().execute(
        `do $$ begin raise exception using errcode = 'P0001', message = 'recusado',
             detail = 'Failing row contains (${PERSON.name}, ${PERSON.street})', table = 'freelancers'; end $$`,
      );
      return {};
    },
  }),
  route({
    method: 'post',
    path: '/api/registra',
    access: 'public',
    body: z.object({ name: z.string().max(100), phone: z.string().max(20) }),
    response: z.object({}),
    handler: ({ ctx, body }) => {
      // What a careless handler might log: the personal fields are redacted at any depth.
      ctx.state.logger.info({ body, freelancer: { contact: { address: PERSON.street } } }, 'registered');
      return {};
    },
  }),
];

describe('log lines', () => {
  let bff: TestBff;
  let roles: WalkRoles;
  beforeAll(async () => {
    bff = await startBffForTest((deps) =>
      createBffApp({
        name: 'bff-logging-test',
        routes,
        ...deps,
        logger: createLogger('bff-logging-test', { destination: capture, level: 'info' }),
      }),
    );
    roles = await walkRoles(bff.db.orm.em.fork());
  });
  afterAll(() => bff.close());

  const lineOf = (requestId: string, msg: string) =>
    lines.find((line) => line.requestId === requestId && line.msg === msg);

  it('logs a driver error with its code and table, without the SQL, its parameters or the detail', async () => {
    const cookie = await bff.sessionCookie(roles.freelancer);
    const failed = await bff.request('/api/falha-com-parametros', {
      cookie,
      headers: { 'x-request-id': 'log-params' },
    });
    expect(failed).toMatchObject({ status: 500, body: { error: MESSAGES.common.internal } });
    const detailed = await bff.request('/api/falha-com-detalhe', {
      headers: { 'x-request-id': 'log-detail' },
    });
    expect(detailed.status).toBe(500);

    const first = lineOf('log-params', 'unhandled error');
    expect(first).toMatchObject({
      level: 'error',
      err: { type: 'DriverException', code: '22012', message: 'database error 22012' },
    });
    expect((first?.err as { stack?: string }).stack).toMatch(/^\s+at /);
    const second = lineOf('log-detail', 'unhandled error');
    // pg's own error (raw connection), whose detail holds the row.
    expect(second).toMatchObject({ err: { type: 'DatabaseError', code: 'P0001', table: 'freelancers' } });
    for (const line of [first, second]) {
      const written = JSON.stringify(line);
      expect(written).not.toMatch(/select|raise exception|Failing row/i);
      for (const value of Object.values(PERSON)) expect(written).not.toContain(value);
    }
  });

  it('redacts names, phones and addresses whatever their depth', async () => {
    const done = await bff.request('/api/registra', {
      json: { name: PERSON.name, phone: PERSON.phone },
      headers: { 'x-request-id': 'log-personal' },
    });
    expect(done.status).toBe(200);
    expect(lineOf('log-personal', 'registered')).toMatchObject({
      body: { name: REDACTED, phone: REDACTED },
      freelancer: { contact: { address: REDACTED } },
    });
  });

  it('names the caller and a keyed hash of the client address on each request line, never the address', async () => {
    const cookie = await bff.sessionCookie(roles.freelancer);
    await bff.request('/api/falha-com-parametros', {
      cookie,
      headers: { 'x-request-id': 'log-caller', 'x-forwarded-for': '203.0.113.77' },
    });
    await bff.request('/api/falha-com-detalhe', {
      headers: { 'x-request-id': 'log-anonymous', 'x-forwarded-for': '203.0.113.77' },
    });
    const request = lineOf('log-caller', 'request');
    expect(request).toMatchObject({
      status: 500,
      caller: { kind: 'freelancer', id: roles.freelancer.freelancerId },
      ipHash: hashClientIp('203.0.113.77'),
    });
    expect(request?.ipHash).toMatch(/^[0-9a-f]{16}$/);
    expect(lineOf('log-anonymous', 'request')).toMatchObject({
      caller: null,
      ipHash: hashClientIp('203.0.113.77'),
    });
    expect(text).not.toContain('203.0.113.77');
  });
});
