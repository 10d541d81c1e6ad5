import { z } from 'zod';
import { Id } from '@turno/contracts';
import { Admin, ensureAdminFromEnv } from '@turno/core';
import { INPUT_MESSAGES } from '@turno/domain';
import { createBffApp, HttpError, route } from './index';
import { auditTarget, withAuditSnapshots } from './audit';
import { startBffForTest, type TestBff } from './testing';

const Ok = z.object({ success: z.literal(true) });
const routes = [
  route({
    method: 'post',
    path: '/api/admin/restaurants/:id/approve',
    access: 'admin',
    params: z.object({ id: Id }),
    body: z.object({ note: z.string().max(100).optional(), password: z.string().max(100).optional() }),
    response: Ok,
    handler: async ({ params }) => {
      if (params.id === 13) throw new HttpError(409, 'Restaurante já aprovado');
      return { success: true as const };
    },
  }),
  route({
    method: 'get',
    path: '/api/admin/restaurants',
    access: 'admin',
    response: Ok,
    handler: async () => ({ success: true as const }),
  }),
];

// The admin's password is hashed with scrypt at the OWASP cost: about 2 s on the 2-core CI machine.
jest.setTimeout(120_000);

describe('audit trail of admin actions', () => {
  let bff: TestBff;
  let cookie: string;
  let adminId: number;
  beforeAll(async () => {
    bff = await startBffForTest((deps) => createBffApp({ name: 'bff-audit-test', routes, ...deps }), {
      seed: false,
    });
    await ensureAdminFromEnv(bff.db.orm.em.fork(), {
      ADMIN_EMAIL: 'auditoria@turno.test',
      ADMIN_PASSWORD: 'uma senha longa de teste 123',
    });
    adminId = (await bff.db.orm.em.fork().findOneOrFail(Admin, { email: 'auditoria@turno.test' })).id;
    cookie = await bff.sessionCookie({ kind: 'admin', adminId });
  });
  afterAll(() => bff.close());

  const rows = () =>
    bff.db.orm.em
      .fork()
      .getConnection()
      .execute<Record<string, unknown>[]>('select * from audit_events order by id');

  it('records a done and a refused admin action with who, what, which record, input and request id', async () => {
    const done = await bff.request('/api/admin/restaurants/7/approve', {
      json: { note: 'ok', password: 'nunca' },
      cookie,
      headers: { 'x-request-id': 'audit-req-1' },
    });
    expect(done.status).toBe(200);
    const refused = await bff.request('/api/admin/restaurants/13/approve', { json: {}, cookie });
    expect(refused.status).toBe(409);
    const [first, second] = await rows();
    expect(first).toMatchObject({
      actor_kind: 'admin',
      actor_id: adminId,
      action: 'POST /api/admin/restaurants/:id/approve',
      outcome: 'success',
      status: 200,
      target_type: 'restaurants',
      target_id: '7',
      request_id: 'audit-req-1',
      details: { params: { id: 7 }, input: { note: 'ok', password: '[removido]' } },
    });
    expect(second).toMatchObject({
      outcome: 'refused',
      status: 409,
      target_id: '13',
      details: { refusal: 'Restaurante já aprovado' },
    });
  });

  it('records a refused action whose input holds NUL characters, each replaced by U+FFFD', async () => {
    const refused = await bff.request('/api/admin/restaurants/9/approve?motivo=a%00b', {
      json: { note: 'x\u0000y', ['k\u0000']: 1 },
      cookie,
      headers: { 'x-request-id': 'audit-nul' },
    });
    expect(refused).toMatchObject({ status: 400, body: { error: INPUT_MESSAGES.invalidCharacter } });
    const row = (await rows()).find((entry) => entry.request_id === 'audit-nul');
    expect(row).toMatchObject({
      outcome: 'refused',
      status: 400,
      target_id: '9',
      details: {
        query: { motivo: 'a\uFFFDb' },
        input: { note: 'x\uFFFDy', ['k\uFFFD']: 1 },
        refusal: INPUT_MESSAGES.invalidCharacter,
      },
    });
  });

  it('takes ids in decimal digits only, and records the parsed id', async () => {
    for (const id of [
      '0x10',
      '1e3',
      '%201',
      '+1',
      '01',
      '0',
      '-1',
      '1.0',
      '2147483648',
      '99999999999999999999',
    ]) {
      const refused = await bff.request(`/api/admin/restaurants/${id}/approve`, { json: {}, cookie });
      expect({ id, status: refused.status, body: refused.body }).toEqual({
        id,
        status: 400,
        body: { error: expect.stringContaining(INPUT_MESSAGES.invalidId) },
      });
    }
    const done = await bff.request('/api/admin/restaurants/2147483647/approve', {
      json: {},
      cookie,
      headers: { 'x-request-id': 'audit-max-id' },
    });
    expect(done.status).toBe(200);
    const row = (await rows()).find((entry) => entry.request_id === 'audit-max-id');
    expect(row).toMatchObject({ target_id: '2147483647', details: { params: { id: 2147483647 } } });
  });

  it('does not record reads, nor calls refused before the admin is known', async () => {
    const before = (await rows()).length;
    expect((await bff.request('/api/admin/restaurants', { cookie })).status).toBe(200);
    expect((await bff.request('/api/admin/restaurants/8/approve', { json: {} })).status).toBe(401);
    expect((await rows()).length).toBe(before);
  });

  it('names the record from the last path parameter', () => {
    expect(auditTarget('/api/admin/jobs/:id', { id: '4' })).toEqual({ type: 'jobs', id: '4' });
    expect(auditTarget('/api/admin/invoices/generate-weekly', {})).toBeNull();
  });

  it('attaches before/after reads to the routes they name, and refuses a name that is no route', () => {
    const audits = { 'POST /api/admin/restaurants/:id/approve': { records: () => [] } };
    const [approve, list] = withAuditSnapshots(routes, audits);
    expect(approve!.audit).toBe(audits['POST /api/admin/restaurants/:id/approve']);
    expect(list!.audit).toBeUndefined();
    expect(() =>
      withAuditSnapshots(routes, { 'POST /api/admin/restaurant/:id/approve': { records: () => [] } }),
    ).toThrow(/unknown route/);
  });
});
