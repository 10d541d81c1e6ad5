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

  it('cuts long strings, deep nesting and long lists', () => {
    const deep = { a: { b: { c: { d: { e: 1 } } } } };
    expect(redactForAudit(deep)).toEqual({ a: { b: { c: { d: '[…]' } } } });
    expect((redactForAudit('x'.repeat(600)) as string).length).toBe(501);
    expect((redactForAudit(Array.from({ length: 80 }, (_, i) => i)) as number[]).length).toBe(50);
  });
});
