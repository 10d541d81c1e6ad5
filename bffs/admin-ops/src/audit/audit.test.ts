import ExcelJS from 'exceljs';
import { AdminAuditEventsPageSchema, AdminJobsPageSchema, type AdminAuditEvent } from '@turno/contracts';
import { addDays, auditChanges, saoPauloDate } from '@turno/domain';
import { insertFreelancer, insertRestaurant } from '@turno/core/testing';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createAdminOpsBff } from '../app';

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
beforeAll(async () => {
  bff = await startBffForTest(createAdminOpsBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.admin);
});
afterAll(() => bff.close());

const audit = async (query = '') => {
  const response = await bff.request(`/api/admin/audit-events${query}`, { cookie });
  expect(response.status).toBe(200);
  return AdminAuditEventsPageSchema.parse(response.body);
};
const newest = async (query: string): Promise<AdminAuditEvent> => (await audit(query)).items[0]!;

describe('audit trail: before/after values of admin actions', () => {
  it('a job edit keeps the job before and after (times, price), and the request id', async () => {
    const jobs = AdminJobsPageSchema.parse(
      (await bff.request('/api/admin/jobs?status=open&limit=1', { cookie })).body,
    );
    const job = jobs.items[0]!;
    const edited = await bff.request(`/api/admin/jobs/${job.id}`, {
      method: 'PUT',
      cookie,
      json: { workload: 11.5, startTime: '05:30' },
      headers: { 'x-request-id': 'audit-test-job-edit' },
    });
    expect(edited.status).toBe(200);
    const row = await newest(`?targetType=jobs&targetId=${job.id}`);
    expect(row).toMatchObject({
      action: 'PUT /api/admin/jobs/:id',
      outcome: 'success',
      status: 200,
      actor_kind: 'admin',
      actor_id: roles.admin.adminId,
      target_type: 'jobs',
      target_id: String(job.id),
    });
    expect(row.request_id).toBe('audit-test-job-edit');
    const before = row.before![`jobs:${job.id}`]!;
    const after = row.after![`jobs:${job.id}`]!;
    expect(after).toMatchObject({ start_time: '05:30', workload_minutes: 690, status: 'open' });
    expect(before.start_time).toBe(job.start_time);
    expect(before.charge_cents).not.toBe(after.charge_cents);
    expect(after.charge_cents).toBe(19_900);
    const fields = auditChanges(row.before, row.after).map((c) => c.field);
    expect(fields).toEqual(
      expect.arrayContaining(['start_time', 'end_time', 'workload_minutes', 'charge_cents']),
    );
    expect(fields).not.toContain('status');
  });

  it('an account rejection keeps the account before and after, and no personal data', async () => {
    const { id: pendingId } = await insertRestaurant(bff.db.orm.em.fork(), {
      businessName: 'Mercado Auditado',
      isApproved: false,
    });
    const rejected = await bff.request(`/api/admin/restaurants/${pendingId}/reject`, {
      method: 'POST',
      cookie,
    });
    expect(rejected.status).toBe(200);
    const row = await newest(`?targetType=restaurants&targetId=${pendingId}`);
    expect(row.action).toBe('POST /api/admin/restaurants/:id/reject');
    expect(row.before![`restaurants:${pendingId}`]).toMatchObject({ is_active: true, is_approved: false });
    expect(row.after![`restaurants:${pendingId}`]).toMatchObject({ is_active: false, is_approved: false });
    expect(Object.keys(row.after![`restaurants:${pendingId}`]!)).not.toContain('phone');
  });

  it('a freelancer edit keeps CPF and Pix key out of the trail', async () => {
    const { id } = await insertFreelancer(bff.db.orm.em.fork(), { name: 'Bruna Auditada' });
    const saved = await bff.request(`/api/admin/freelancers/${id}`, {
      method: 'PUT',
      cookie,
      json: { name: 'Bruna Auditada Silva', cpf: '52998224725', pix_key: 'bruna@pix.example' },
    });
    expect(saved.status).toBe(200);
    const [raw] = await bff.db.orm.em
      .fork()
      .getConnection()
      .execute<{ details: unknown }[]>(
        `select details from audit_events where target_type = 'freelancers' and target_id = ? order by id desc limit 1`,
        [String(id)],
      );
    const text = JSON.stringify(raw?.details);
    expect(text).toContain('Bruna Auditada Silva');
    expect(text).not.toContain('52998224725');
    expect(text).not.toContain('bruna@pix.example');
  });

  it('a create has only after values and names the record it made; a delete only before', async () => {
    // Tomorrow: an 08:00 start today passes at 08:00, and the test runs at any hour.
    const tomorrow = addDays(saoPauloDate(new Date()), 1);
    const created = await bff.request('/api/admin/jobs', {
      cookie,
      json: {
        restaurantId: roles.restaurant.restaurantId,
        positionType: 'Estoquista',
        dates: [tomorrow],
        workload: 8,
        startTime: '08:00',
      },
    });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    const jobId = (created.body as { jobIds: number[] }).jobIds[0]!;
    const made = await newest(`?action=${encodeURIComponent('POST /api/admin/jobs')}`);
    expect(made).toMatchObject({ target_type: 'jobs', target_id: String(jobId), before: {} });
    expect(made.after![`jobs:${jobId}`]).toMatchObject({
      status: 'open',
      date_needed: tomorrow,
    });

    expect((await bff.request(`/api/admin/jobs/${jobId}`, { method: 'DELETE', cookie })).status).toBe(200);
    const removed = await newest(`?action=${encodeURIComponent('DELETE /api/admin/jobs/:id')}`);
    expect(removed.before![`jobs:${jobId}`]).toMatchObject({ status: 'open' });
    expect(removed.after).toEqual({});
    expect(auditChanges(removed.before, removed.after).every((c) => c.after === undefined)).toBe(true);
  });

  it('a refused action is recorded with its reason and without before/after values', async () => {
    const response = await bff.request('/api/admin/restaurants/2147483000/approve', {
      method: 'POST',
      cookie,
    });
    expect(response.status).toBe(404);
    const row = await newest('?outcome=refused&targetType=restaurants&targetId=2147483000');
    expect(row).toMatchObject({ outcome: 'refused', status: 404, before: null, after: null });
    expect(row.refusal).toBeTruthy();
  });
});

describe('GET /api/admin/audit-events', () => {
  it('filters by action group, outcome, actor, period and search, newest first', async () => {
    const all = await audit('?limit=200');
    expect(all.total).toBeGreaterThanOrEqual(5);
    const ids = all.items.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.actors.map((a) => a.id)).toContain(roles.admin.adminId);

    const jobs = await audit('?group=vagas');
    expect(jobs.items.length).toBeGreaterThan(0);
    expect(jobs.items.every((e) => e.action.includes('/api/admin/jobs'))).toBe(true);
    const refused = await audit('?outcome=refused');
    expect(refused.items.every((e) => e.outcome === 'refused')).toBe(true);
    expect((await audit(`?actor=${roles.admin.adminId}`)).total).toBe(all.total);
    expect((await audit('?actor=anonymous')).total).toBe(0);

    const today = saoPauloDate(new Date());
    expect((await audit(`?from=${today}&to=${today}`)).total).toBe(all.total);
    expect((await audit('?to=2020-01-01')).total).toBe(0);
    expect((await audit('?from=2099-01-01')).total).toBe(0);

    // By the pt-BR label ("Rejeitou mercado"), by the recorded route, by the request id.
    const byLabel = await audit('?q=rejeitou%20mercado');
    expect(byLabel.items.map((e) => e.action)).toEqual(['POST /api/admin/restaurants/:id/reject']);
    expect((await audit('?q=freelancers')).items.every((e) => e.action.includes('freelancers'))).toBe(true);
    expect((await audit('?q=audit-test-job-edit')).items.map((e) => e.request_id)).toEqual([
      'audit-test-job-edit',
    ]);
  });

  it('pages with a cursor without repeating or skipping, and answers 304 to its ETag', async () => {
    const all = await audit('?limit=200');
    const first = await audit('?limit=2');
    expect(first.nextCursor).not.toBeNull();
    const rest = await audit(`?limit=200&cursor=${first.nextCursor}`);
    expect([...first.items, ...rest.items].map((e) => e.id)).toEqual(all.items.map((e) => e.id));

    const response = await bff.request('/api/admin/audit-events?limit=2', { cookie });
    const etag = response.headers.get('etag')!;
    const again = await bff.request('/api/admin/audit-events?limit=2', {
      cookie,
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    // A new row of the trail changes the version.
    await bff.request('/api/admin/restaurants/2147483001/approve', { method: 'POST', cookie });
    const changed = await bff.request('/api/admin/audit-events?limit=2', {
      cookie,
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
  });

  it('answers bad filters with a pt-BR 400', async () => {
    for (const query of ['from=2026-02-30', 'to=ontem', 'outcome=talvez', 'actor=-1', 'targetType=users']) {
      const response = await bff.request(`/api/admin/audit-events?${query}`, { cookie });
      expect(response.status).toBe(400);
      expect((response.body as { error: string }).error).toMatch(/[a-zà-ú]/);
    }
  });

  it('is for admins only', async () => {
    const restaurant = await bff.sessionCookie(roles.restaurant);
    expect((await bff.request('/api/admin/audit-events', { cookie: restaurant })).status).toBe(403);
  });
});

describe('GET /api/admin/exports/audit-events.xlsx', () => {
  it('holds the rows of the filters with dates as dates, the changes as text, and a "Filtros" sheet', async () => {
    const response = await fetch(`${bff.url}/api/admin/exports/audit-events.xlsx?group=vagas`, {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheet = workbook.getWorksheet('Auditoria')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Data',
      'Hora',
      'Quem',
      'Ação',
      'Registro',
      'Resultado',
      'HTTP',
      'Alterações',
      'Motivo da recusa',
      'Request ID',
    ]);
    const listed = await audit('?group=vagas&limit=200');
    // Header, one row per entry, and the exporter's closing row.
    expect(sheet.actualRowCount - 2).toBe(listed.total);
    const edit = listed.items.findIndex((e) => e.request_id === 'audit-test-job-edit');
    const row = sheet.getRow(edit + 2);
    expect(row.getCell(1).value).toBeInstanceOf(Date);
    expect(row.getCell(2).value).toMatch(/^\d{2}:\d{2}$/);
    expect(row.getCell(3).value).toMatch(/\(.+@.+\)$/);
    expect(row.getCell(4).value).toBe('Editou vaga');
    expect(row.getCell(7).value).toBe(200);
    expect(row.getCell(8).value).toMatch(/Vaga #\d+ · Início: .* → 05:30/);
    expect(row.getCell(10).value).toBe('audit-test-job-edit');
    const filters = workbook.getWorksheet('Filtros')!;
    const pairs = filters
      .getSheetValues()
      .flat()
      .filter((v) => typeof v === 'string');
    expect(pairs).toEqual(expect.arrayContaining(['Ações', 'Vagas']));
  });
});
