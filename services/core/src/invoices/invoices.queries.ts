import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminInvoicesPage, AdminInvoicesQuerySchema, Invoice as InvoiceRow } from '@turno/contracts';
import { INVOICE_TYPES, toReais } from '@turno/domain';
import type { z } from 'zod';
import { decodeCursor, pageOf } from '../shared/keyset';
import { containsPattern, foldedMatch } from '../shared/search';
import { countsOf, readPageAndCounts, type ListReadOptions } from '../shared/list-read';
import { SqlWhere } from '../shared/sql-where';
import { VersionedCache } from '../shared/versioned-cache';

export type AdminInvoicesFilter = z.output<typeof AdminInvoicesQuerySchema>;
type InvoiceStats = AdminInvoicesPage['stats'];

interface InvoiceDbRow {
  id: number;
  invoice_number: string;
  invoice_type: InvoiceRow['invoice_type'];
  restaurant_id: number;
  restaurant_name: string;
  restaurant_contact_name: string | null;
  description: string | null;
  amount_cents: number;
  status: InvoiceRow['status'];
  issue_date: string;
  due_date: string;
  payment_date: string | null;
  week_start: string | null;
  week_end: string | null;
  store_id: number | null;
  store_name: string | null;
}

function toInvoice(row: InvoiceDbRow): InvoiceRow {
  return {
    id: row.id,
    invoice_number: row.invoice_number,
    invoice_type: row.invoice_type,
    restaurant_id: row.restaurant_id,
    restaurant_name: row.restaurant_name,
    restaurant_contact_name: row.restaurant_contact_name,
    description: row.description,
    amount: toReais(row.amount_cents),
    status: row.status,
    issue_date: row.issue_date,
    due_date: row.due_date,
    payment_date: row.payment_date,
    week_start: row.week_start,
    week_end: row.week_end,
    store_id: row.store_id,
    store_name: row.store_name,
  };
}

const statsCache = new VersionedCache<InvoiceStats>();

/**
 * The business invoices of the admin "Faturas" tab (the three restaurant invoice types): latest
 * issue date first, one status, and a search over invoice number, business name and contact name;
 * the stat cards count each status and sum what is still to be paid (pending and overdue).
 */
export async function listAdminInvoicesPage(
  em: EntityManager,
  query: AdminInvoicesFilter,
  options: Pick<ListReadOptions, 'dataVersion'> = {},
): Promise<AdminInvoicesPage> {
  const filter = new SqlWhere().add(
    `i.invoice_type in (${INVOICE_TYPES.map(() => '?').join(', ')})`,
    ...INVOICE_TYPES,
  );
  if (query.restaurantId !== undefined) filter.add('i.restaurant_id = ?', query.restaurantId);
  if (query.q) {
    filter.add(
      foldedMatch(['lower(i.invoice_number)', 'r.search_text']),
      ...Array(2).fill(containsPattern(query.q)),
    );
  }
  const where = filter.copy();
  if (query.status !== 'all') where.add('i.status = ?', query.status);
  const cursor = decodeCursor(query.cursor, ['string', 'number']);
  if (cursor) where.add('(i.issue_date, i.id) < (?::date, ?)', ...cursor);

  const from = 'from invoices i join restaurants r on r.id = i.restaurant_id';
  const statsKey = JSON.stringify(['admin-invoices', query.q ?? '', query.restaurantId ?? null]);
  const kept = statsCache.peek(statsKey, options.dataVersion);
  // One statement: the page and, unless kept for this data version, the stat cards' counts.
  const read = await readPageAndCounts<InvoiceDbRow>(
    em,
    {
      sql: `select i.id, i.invoice_number, i.invoice_type, i.restaurant_id, r.business_name as restaurant_name,
         coalesce(r.contact_person, r.name) as restaurant_contact_name, i.description, i.amount_cents,
         i.status, to_char(i.issue_date, 'YYYY-MM-DD') as issue_date,
         to_char(i.due_date, 'YYYY-MM-DD') as due_date, to_char(i.payment_date, 'YYYY-MM-DD') as payment_date,
         to_char(i.week_start, 'YYYY-MM-DD') as week_start, to_char(i.week_end, 'YYYY-MM-DD') as week_end,
         i.store_id, (select s.name from stores s where s.id = i.store_id) as store_name
       ${from} ${where.sql()}
       order by i.issue_date desc, i.id desc limit ?`,
      params: [...where.params, query.limit + 1],
    },
    kept
      ? null
      : {
          sql: `select count(*) as "all",
           count(*) filter (where i.status = 'pending') as pending,
           count(*) filter (where i.status = 'paid') as paid,
           count(*) filter (where i.status = 'overdue') as overdue,
           coalesce(sum(i.amount_cents) filter (where i.status in ('pending', 'overdue')), 0) as pending_cents
         ${from} ${filter.sql()}`,
          params: filter.params,
        },
  );
  const rows = read.rows;
  let stats = kept;
  if (!stats) {
    const counts = countsOf(read.counts as Record<string, number>, [
      'all',
      'pending',
      'paid',
      'overdue',
      'pending_cents',
    ]);
    const { pending_cents: pendingCents, ...byStatus } = counts;
    stats = { ...byStatus, pendingAmount: toReais(pendingCents) };
    statsCache.set(statsKey, options.dataVersion, stats);
  }
  const page = pageOf(rows, query.limit, (row) => [row.issue_date, row.id], toInvoice);
  return { ...page, total: query.status === 'all' ? stats.all : stats[query.status], stats };
}
