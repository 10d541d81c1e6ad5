import {
  AUDIT_COUNT_CAP,
  adminAuditEventsWhere,
  decodeCursor,
  type AdminAuditEventsFilter,
  type EntityManager,
  pageOf,
  readAdminAuditEvents,
  readPageAndCounts,
  statementOf,
} from '@turno/core';
import type { AdminAuditEventsPage } from '@turno/contracts';

/**
 * One page of the admins' "Auditoria" (issue 12) in one statement: the page of @turno/core's
 * `readAdminAuditEvents` (its SQL and shaping, through `statementOf`), the count of the filtered set
 * (up to AUDIT_COUNT_CAP) and the admins the actor filter offers — what core's
 * `listAdminAuditEventsPage` answers in three.
 */
export async function listAdminAuditEventsPage(
  em: EntityManager,
  query: AdminAuditEventsFilter,
): Promise<AdminAuditEventsPage> {
  const filter = adminAuditEventsWhere(query);
  const cursor = decodeCursor(query.cursor, ['number']);
  const page = await statementOf((recorder) =>
    readAdminAuditEvents(recorder, filter, query.limit + 1, cursor?.[0] as number | undefined),
  );
  const { rows, counts } = await readPageAndCounts<object>(em, page.statement, {
    sql: `select (select count(*) from (select 1 from audit_events e ${filter.sql()} limit ?) capped) as total,
       (select coalesce(json_agg(a), '[]'::json) from (
          select id, name, email from admins order by name, id limit 200) a) as actors`,
    params: [...filter.params, AUDIT_COUNT_CAP + 1],
  });
  const events = await page.answer(rows);
  const total = Number(counts?.total ?? 0);
  return {
    ...pageOf(
      events,
      query.limit,
      (row) => [row.id],
      (row) => row,
    ),
    total: Math.min(total, AUDIT_COUNT_CAP),
    totalCapped: total > AUDIT_COUNT_CAP,
    actors: (counts?.actors ?? []) as AdminAuditEventsPage['actors'],
  };
}
