import {
  decodeCursor,
  type EntityManager,
  pageOf,
  readPageAndTotal,
  toAdminDispute,
  UTC_ISO,
  UTC_MICROSECONDS,
  type AdminDisputesFilter,
} from '@turno/core';
import type { AdminDisputesPage } from '@turno/contracts';

type DisputeRow = Parameters<typeof toAdminDispute>[0] & { sort_key: string };

/** The columns of @turno/core's strikes.queries.ts DISPUTE_SELECT (a strike, its shift, the freelancer's name). */
const DISPUTE_COLUMNS = `s.id, s.freelancer_id, s.reason, s.created_at, s.expires_at, s.removed_at,
    s.appeal_status, s.appeal_text, s.appealed_at, s.appeal_decision_note, s.appeal_decided_at,
    j.id as job_id, j.title, r.business_name as restaurant_name, to_char(j.date_needed, 'YYYY-MM-DD') as date_needed,
    j.start_time, j.end_time, f.name as freelancer_name
  from freelancer_strikes s
  left join assignments a on a.id = s.assignment_id
  left join jobs j on j.id = a.job_id
  left join restaurants r on r.id = j.restaurant_id
  join freelancers f on f.id = s.freelancer_id`;

/**
 * "Disputas": appeals waiting for a decision, the longest waiting first, or the decided ones, the
 * latest decision first; a page at a time (keyset), filtered in SQL, with its total in the page's
 * statement (the rows of @turno/core's listAdminDisputesPage, shaped by its toAdminDispute).
 */
export async function listAdminDisputesPage(
  em: EntityManager,
  query: AdminDisputesFilter,
): Promise<AdminDisputesPage> {
  const pending = query.status === 'pending';
  const where = pending ? `s.appeal_status = 'pending'` : `s.appeal_status in ('upheld', 'removed')`;
  const sortColumn = pending ? 's.appealed_at' : 's.appeal_decided_at';
  const cursor = decodeCursor(query.cursor, ['string', 'number']);
  const after = cursor
    ? pending
      ? `and (${sortColumn}, s.id) > (?::timestamptz, ?)`
      : `and (${sortColumn}, s.id) < (?::timestamptz, ?)`
    : '';
  const order = pending ? `${sortColumn}, s.id` : `${sortColumn} desc, s.id desc`;
  const { rows, total } = await readPageAndTotal<DisputeRow>(
    em,
    {
      sql: `select ${UTC_MICROSECONDS(sortColumn)} as sort_key, ${UTC_ISO('s.appealed_at')} as appealed_at_iso,
         ${DISPUTE_COLUMNS} where ${where} ${after} order by ${order} limit ?`,
      params: [...(cursor ?? []), query.limit + 1],
    },
    { sql: `select count(*) as total from freelancer_strikes s where ${where}`, params: [] },
  );
  const page = pageOf(rows, query.limit, (row) => [row.sort_key, row.id], toAdminDispute);
  return { ...page, total };
}
