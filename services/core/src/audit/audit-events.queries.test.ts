import { AdminAuditEventsQuerySchema } from '@turno/contracts';
import {
  createTestDatabase,
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
  type TestDatabase,
} from '../testing';
import { AUDIT_COUNT_CAP, listAdminAuditEventsPage } from './audit-events.queries';
import { recordAudit } from './record-audit';

describe('"Auditoria" read model', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    const connection = db.orm.em.fork().getConnection();
    await connection.execute(
      `insert into audit_events (actor_kind, actor_id, action, outcome, status, details, request_id)
       select 'admin', 1, 'PUT /api/admin/jobs/:id', 'success', 200, '{}'::jsonb, 'bulk-' || i
       from generate_series(1, ?) i`,
      [AUDIT_COUNT_CAP + 5],
    );
    await recordAudit(db.orm.em.fork(), {
      actorKind: 'admin',
      actorId: 1,
      action: 'admin.mfa.enrolled',
      outcome: 'success',
      requestId: 'mfa-req',
    });
    await recordAudit(db.orm.em.fork(), {
      actorKind: 'anonymous',
      action: 'admin.sign_in',
      outcome: 'refused',
      status: 401,
      details: { reason: 'invalid-credentials' },
    });
  });
  afterAll(() => db.drop());

  const page = (query: Record<string, string>) =>
    listAdminAuditEventsPage(db.orm.em.fork(), AdminAuditEventsQuerySchema.parse(query));

  it('stops counting at the cap and says so', async () => {
    const all = await page({ limit: '5' });
    expect(all).toMatchObject({ total: AUDIT_COUNT_CAP, totalCapped: true });
    expect(all.items).toHaveLength(5);
    const few = await page({ group: 'seguranca' });
    expect(few).toMatchObject({ total: 2, totalCapped: false });
  });

  it('finds a security event by its recorded name, a request id, and a refusal reason', async () => {
    expect((await page({ q: 'admin.mfa' })).items.map((e) => e.action)).toEqual(['admin.mfa.enrolled']);
    expect((await page({ q: 'bulk-77' })).items.map((e) => e.request_id)).toEqual(['bulk-77']);
    const [signIn] = (await page({ actor: 'anonymous' })).items;
    expect(signIn).toMatchObject({ action: 'admin.sign_in', refusal: 'invalid-credentials', before: null });
  });

  it('names the records: the business, the freelancer, the job with its business, the shift with its freelancer', async () => {
    const em = db.orm.em.fork();
    const restaurant = await insertRestaurant(em, { businessName: 'Sacolão Central' });
    const freelancer = await insertFreelancer(em, { name: 'Joana Reis' });
    const job = await insertJob(em, restaurant, { title: 'Estoquista' });
    const assignment = await insertCompletedAssignment(em, job, freelancer);
    const [admin] = await em
      .getConnection()
      .execute<{ id: number }[]>(
        `insert into admins (email, name, password_hash) values ('auditado@turno.example', 'Admin Auditado', 'x') returning id`,
      );
    const targets = [
      ['restaurants', restaurant.id],
      ['freelancers', freelancer.id],
      ['jobs', job.id],
      ['assignments', assignment.id],
      ['jobs', 999_999],
      ['admin', admin!.id],
    ] as const;
    for (const [targetType, targetId] of targets)
      await recordAudit(db.orm.em.fork(), {
        actorKind: 'admin',
        actorId: 1,
        action: 'PUT /api/admin/jobs/:id',
        outcome: 'success',
        targetType,
        targetId: String(targetId),
        requestId: `named-${targetType}-${targetId}`,
      });
    const names = await Promise.all(
      targets.map(async ([targetType, targetId]) => {
        const [event] = (await page({ q: `named-${targetType}-${targetId}` })).items;
        return event!.target_name;
      }),
    );
    expect(names).toEqual([
      'Sacolão Central',
      'Joana Reis',
      'Estoquista · Sacolão Central',
      'Joana Reis · Estoquista',
      null,
      'Admin Auditado',
    ]);
  });
});
