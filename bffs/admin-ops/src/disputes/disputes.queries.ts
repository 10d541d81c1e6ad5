import {
  ADMIN_DISPUTE_COLUMNS_SQL,
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

/**
 * "Disputas": appeals waiting for a decision, the longest waiting first, or the decided ones, the
 * latest decision first; a page at a time (keyset), filtered in SQL, with its total in the page's
 * statement: @turno/core's ADMIN_DISPUTE_COLUMNS_SQL, shaped by its toAdminDispute.
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
         ${ADMIN_DISPUTE_COLUMNS_SQL} where ${where} ${after} order by ${order} limit ?`,
      params: [...(cursor ?? []), query.limit + 1],
    },
    { sql: `select count(*) as total from freelancer_strikes s where ${where}`, params: [] },
  );
  const page = pageOf(rows, query.limit, (row) => [row.sort_key, row.id], toAdminDispute);
  return { ...page, total };
}
