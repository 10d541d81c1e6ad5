import {
  VersionedCache,
  countsOf,
  decodeCursor,
  pageOf,
  readPageWithKeptCounts,
  type EntityManager,
  type ListReadOptions,
} from '@turno/core';
import type {
  Invoice as InvoiceRow,
  RestaurantInvoicesPage,
  RestaurantInvoicesQuerySchema,
} from '@turno/contracts';
import { toReais } from '@turno/domain';
import type { z } from 'zod';

export type RestaurantInvoicesFilter = z.output<typeof RestaurantInvoicesQuerySchema>;
type InvoiceStats = RestaurantInvoicesPage['stats'];

interface InvoiceDbRow extends Omit<InvoiceRow, 'amount'> {
  amount_cents: number;
}

const INVOICE_COLUMNS = `i.id, i.invoice_number, i.invoice_type, i.restaurant_id, r.business_name as restaurant_name,
  coalesce(r.contact_person, r.name) as restaurant_contact_name, i.description, i.amount_cents, i.status,
  to_char(i.issue_date, 'YYYY-MM-DD') as issue_date, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
  to_char(i.payment_date, 'YYYY-MM-DD') as payment_date, to_char(i.week_start, 'YYYY-MM-DD') as week_start,
  to_char(i.week_end, 'YYYY-MM-DD') as week_end, i.store_id, s.name as store_name`;

const toInvoice = ({ amount_cents: cents, ...row }: InvoiceDbRow): InvoiceRow => ({
  ...row,
  amount: toReais(cents),
});

const statsCache = new VersionedCache<InvoiceStats>();

/**
 * GET /api/restaurant/invoices: the business's own invoices, latest issue date first, one status,
 * a keyset page at a time, with the count of each status and what is still to be paid; the stats
 * are kept per data version. Two statements.
 */
export async function listRestaurantInvoicesPage(
  em: EntityManager,
  restaurantId: number,
  query: RestaurantInvoicesFilter,
  options: Pick<ListReadOptions, 'dataVersion'> = {},
): Promise<RestaurantInvoicesPage> {
  const params: unknown[] = [restaurantId];
  let where = 'where i.restaurant_id = ?';
  if (query.status !== 'all') {
    where += ' and i.status = ?';
    params.push(query.status);
  }
  const cursor = decodeCursor(query.cursor, ['string', 'number']);
  if (cursor) {
    where += ' and (i.issue_date, i.id) < (?::date, ?)';
    params.push(...cursor);
  }
  const from =
    'from invoices i join restaurants r on r.id = i.restaurant_id left join stores s on s.id = i.store_id';
  // One statement: the page and, unless kept for this data version, the stat cards.
  const { rows, counts: stats } = await readPageWithKeptCounts<InvoiceDbRow, InvoiceStats>(
    em,
    {
      sql: `select ${INVOICE_COLUMNS} ${from} ${where} order by i.issue_date desc, i.id desc limit ?`,
      params: [...params, query.limit + 1],
    },
    {
      cache: statsCache,
      key: JSON.stringify(['restaurant-invoices', restaurantId]),
      version: options.dataVersion,
      statement: () => ({
        sql: `select count(*) as "all",
           count(*) filter (where i.status = 'pending') as pending,
           count(*) filter (where i.status = 'paid') as paid,
           count(*) filter (where i.status = 'overdue') as overdue,
           coalesce(sum(i.amount_cents) filter (where i.status in ('pending', 'overdue')), 0) as pending_cents
         from invoices i where i.restaurant_id = ?`,
        params: [restaurantId],
      }),
      shape: (row) => {
        const { pending_cents: pendingCents, ...byStatus } = countsOf(row as Record<string, number>, [
          'all',
          'pending',
          'paid',
          'overdue',
          'pending_cents',
        ]);
        return { ...byStatus, pendingAmount: toReais(pendingCents) };
      },
    },
  );
  const page = pageOf(rows, query.limit, (row) => [row.issue_date, row.id], toInvoice);
  return { ...page, total: query.status === 'all' ? stats.all : stats[query.status], stats };
}
