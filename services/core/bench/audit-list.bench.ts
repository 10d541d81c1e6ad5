/**
 * "Auditoria" list benchmark: 300,000 audit rows (BENCH_AUDIT_ROWS), then one page of each kind
 * of filter the screen offers, five times each, with the capped count.
 *
 *   npx tsx services/core/bench/audit-list.bench.ts            (from the repository root)
 *
 * It creates its own database on the server of DATABASE_URL (default local), fills it with one
 * set-based insert (generate_series), prints milliseconds per page, and drops the database.
 * A script that prints figures, not a timed test.
 */
import { performance } from 'node:perf_hooks';
import { AdminAuditEventsQuerySchema } from '@turno/contracts';
import { saoPauloDate } from '@turno/domain';
import { listAdminAuditEventsPage } from '../src/audit/audit-events.queries';
import { createTestDatabase } from '../src/testing';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? '300000');
const RUNS = 5;

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function main(): Promise<void> {
  const db = await createTestDatabase();
  try {
    const connection = db.orm.em.fork().getConnection();
    const started = performance.now();
    await connection.execute(
      `insert into audit_events (actor_kind, actor_id, action, outcome, status, target_type, target_id,
         details, request_id, created_at)
       select 'admin', 1,
         (array['PUT /api/admin/jobs/:id', 'POST /api/admin/restaurants/:id/approve',
                'DELETE /api/admin/invoices/:id', 'admin.sign_in'])[1 + i % 4],
         (array['success', 'success', 'success', 'refused'])[1 + i % 4], 200, 'jobs', (i % 5000)::text,
         jsonb_build_object('before', jsonb_build_object('jobs:1', jsonb_build_object('status', 'open')),
                            'after', jsonb_build_object('jobs:1', jsonb_build_object('status', 'assigned'))),
         'req-' || i, now() - (i || ' seconds')::interval
       from generate_series(1, ?) i`,
      [ROWS],
    );
    await connection.execute('analyze audit_events');
    print(`${ROWS} rows inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const twoDaysAgo = saoPauloDate(new Date(Date.now() - 2 * 86_400_000));
    const cases: [string, Record<string, string>][] = [
      ['first page, no filter', {}],
      ['group=vagas', { group: 'vagas' }],
      ['outcome=refused', { outcome: 'refused' }],
      ['one record', { targetType: 'jobs', targetId: '42' }],
      ['one day', { from: twoDaysAgo, to: twoDaysAgo }],
      ['search "editou"', { q: 'editou' }],
      ['search a request id', { q: 'req-123456' }],
    ];
    const em = db.orm.em.fork();
    for (const [name, query] of cases) {
      const parsed = AdminAuditEventsQuerySchema.parse(query);
      await listAdminAuditEventsPage(em, parsed);
      const start = performance.now();
      let page = await listAdminAuditEventsPage(em, parsed);
      for (let run = 1; run < RUNS; run++) page = await listAdminAuditEventsPage(em, parsed);
      const ms = (performance.now() - start) / RUNS;
      print(
        `${name.padEnd(24)} ${ms.toFixed(1).padStart(7)} ms/page  (total ${page.total}${page.totalCapped ? '+' : ''})`,
      );
    }
  } finally {
    await db.drop();
  }
}

void main();
