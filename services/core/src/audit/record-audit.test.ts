import { createTestDatabase, type TestDatabase } from '../testing';
import { recordAudit, redactForAudit } from './record-audit';

describe('audit trail', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('appends an entry with who, what, which record, input without secrets and the request id', async () => {
    await recordAudit(db.orm.em.fork(), {
      actorKind: 'admin',
      actorId: 3,
      action: 'PUT /api/admin/freelancers/:id',
      outcome: 'success',
      status: 200,
      targetType: 'freelancers',
      targetId: 17,
      details: {
        input: { name: 'Ana', password: 'segredo', cpf: '12345678909', nested: { pixKey: 'x', token: 't' } },
      },
      requestId: 'req-1',
      ipHash: 'abc',
    });
    const [row] = await db.orm.em
      .fork()
      .getConnection()
      .execute(`select * from audit_events where request_id = 'req-1'`);
    expect(row).toMatchObject({
      actor_kind: 'admin',
      actor_id: 3,
      action: 'PUT /api/admin/freelancers/:id',
      outcome: 'success',
      status: 200,
      target_type: 'freelancers',
      target_id: '17',
      details: {
        input: {
          name: 'Ana',
          password: '[removido]',
          cpf: '[removido]',
          nested: { pixKey: '[removido]', token: '[removido]' },
        },
      },
      ip_hash: 'abc',
    });
    expect(JSON.stringify(row)).not.toContain('segredo');
    expect(JSON.stringify(row)).not.toContain('12345678909');
  });

  it('refuses to change or delete what was written, even to the application itself', async () => {
    const connection = db.orm.em.fork().getConnection();
    await expect(connection.execute(`update audit_events set action = 'nada'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(connection.execute(`delete from audit_events`)).rejects.toThrow(/append-only/);
    await expect(connection.execute(`truncate audit_events`)).rejects.toThrow(/append-only/);
    const [count] = await connection.execute<{ n: string }[]>('select count(*) as n from audit_events');
    expect(Number(count?.n)).toBeGreaterThan(0);
  });

  it('keeps an entry whose input holds NUL characters, with each NUL replaced by U+FFFD', async () => {
    await recordAudit(db.orm.em.fork(), {
      actorKind: 'admin',
      actorId: 3,
      action: 'POST /api/admin/jobs/:id',
      outcome: 'refused',
      status: 400,
      targetType: 'jobs',
      targetId: '7\u0000',
      details: { input: { title: 'a\u0000b', ['k\u0000']: ['\u0000'] } },
      requestId: 'req-nul',
    });
    const [row] = await db.orm.em
      .fork()
      .getConnection()
      .execute(`select target_id, details from audit_events where request_id = 'req-nul'`);
    expect(row).toEqual({
      target_id: '7\uFFFD',
      details: { input: { title: 'a\uFFFDb', ['k\uFFFD']: ['\uFFFD'] } },
    });
  });

  it('cuts long strings, deep nesting and long lists', () => {
    const deep = { a: { b: { c: { d: { e: 1 } } } } };
    expect(redactForAudit(deep)).toEqual({ a: { b: { c: { d: '[…]' } } } });
    expect((redactForAudit('x'.repeat(600)) as string).length).toBe(501);
    expect((redactForAudit(Array.from({ length: 80 }, (_, i) => i)) as number[]).length).toBe(50);
  });
});
