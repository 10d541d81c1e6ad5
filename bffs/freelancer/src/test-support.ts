import { DEMO_ACCOUNTS } from '@turno/core';
import type { TestBff } from '@turno/bff-kit/testing';

/** Tests only: a session of the demo freelancer awaiting approval (Fernanda Costa, no photo). */
export async function pendingFreelancerCookie(bff: TestBff): Promise<string> {
  const [row] = await bff.db.orm.em.getConnection().execute<{ id: number; user_id: number }[]>(
    `select f.id, f.user_id from freelancers f join identities i on i.user_id = f.user_id
      where i.subject = ?`,
    [DEMO_ACCOUNTS.pendingFreelancer],
  );
  if (!row) throw new Error('the demo data has no pending freelancer');
  return bff.sessionCookie({ role: 'freelancer', freelancerId: row.id, userId: row.user_id });
}

/** Tests only: one row's id from SQL (the first column of the first row), or throws. */
export async function idOf(bff: TestBff, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await bff.db.orm.em.getConnection().execute<{ id: number }[]>(sql, params);
  if (!row) throw new Error(`no row for: ${sql}`);
  return row.id;
}
