import { NOTIFICATION_KINDS, NOTIFICATION_SUBJECT_TYPES } from '@turno/domain';
import { createTestDatabase, type TestDatabase } from '../testing';

/**
 * The database's checks on `notifications` are written by migrations from their own frozen lists
 * (src/migrations/notification-checks.ts): a kind or subject type added to libs/domain without the
 * migration that allows it fails here, not in production at its first insert.
 */
describe("notifications' kind and subject type checks, as migrated", () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  /** The values a migrated check allows, read from pg_constraint. */
  async function allowed(constraint: string): Promise<string[]> {
    const rows = await db.orm.em
      .fork()
      .getConnection()
      .execute<{ definition: string }[]>(
        `select pg_get_constraintdef(c.oid) as definition
           from pg_constraint c join pg_class t on t.oid = c.conrelid
          where t.relname = 'notifications' and c.conname = ?`,
        [constraint],
      );
    expect(rows).toHaveLength(1);
    return [...rows[0]!.definition.matchAll(/'([^']+)'::/g)].map((match) => match[1]!);
  }

  it('allow exactly libs/domain NOTIFICATION_KINDS', async () => {
    const kinds = await allowed('notifications_kind_check');
    expect([...kinds].sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });

  it('allow exactly libs/domain NOTIFICATION_SUBJECT_TYPES', async () => {
    const types = await allowed('notifications_subject_type_check');
    expect([...types].sort()).toEqual([...NOTIFICATION_SUBJECT_TYPES].sort());
  });
});
