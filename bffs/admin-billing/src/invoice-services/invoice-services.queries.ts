import {
  billableAmountCents,
  billableAssignment,
  billableProfessional,
  countsOf,
  decodeCursor,
  invalid,
  notFound,
  pageOf,
  readPageAndCounts,
  type EntityManager,
} from '@turno/core';
import type { InvoiceServicesPage, InvoiceServicesQuerySchema } from '@turno/contracts';
import { MESSAGES, customInvoicePeriodError, toReais } from '@turno/domain';
import type { z } from 'zod';

export type InvoiceServicesFilter = z.output<typeof InvoiceServicesQuerySchema>;

interface ServiceDbRow {
  date_needed: string;
  position_type: string;
  freelancer_name: string;
  amount_cents: number;
  start_time: string;
  end_time: string;
  job_id: number;
  assignment_id: number;
  invoice_id: number | null;
  invoice_number: string | null;
}

/**
 * Billable services (core's billableAssignment: completed, or cancelled with a late fee) of one
 * restaurant in the period (jobs `j`, assignments `a`, freelancers `f`, their invoice line `l`).
 */
const SCOPE = `from assignments a
  join jobs j on j.id = a.job_id
  join freelancers f on f.id = a.freelancer_id
  left join invoice_lines l on l.assignment_id = a.id
  left join invoices i on i.id = l.invoice_id
 where ${billableAssignment('a')} and j.restaurant_id = ? and j.date_needed between ?::date and ?::date`;

/** What a service bills: its invoice line's amount once billed, core's billable amount before. */
const AMOUNT_CENTS = `coalesce(l.amount_cents, ${billableAmountCents('a')})`;

/**
 * GET /api/admin/invoice-services (spec 02 §7, "Serviços da fatura"): one page of a restaurant's
 * billable services in a period, billed or not, oldest first (keyset on date, start time,
 * assignment id), with the count, the unbilled count and the sum of the whole period. 404 when the
 * restaurant does not exist. One statement: the page, the totals and whether the restaurant exists.
 */
export async function listInvoiceServicesPage(
  em: EntityManager,
  query: InvoiceServicesFilter,
): Promise<InvoiceServicesPage> {
  const periodError = customInvoicePeriodError(query.startDate, query.endDate);
  if (periodError) throw invalid('invoices.invalid_period', periodError);
  const scopeParams = [query.restaurantId, query.startDate, query.endDate];
  const cursor = decodeCursor(query.cursor, ['string', 'string', 'number']);
  const after = cursor ? 'and (j.date_needed, j.start_time, a.id) > (?::date, ?, ?)' : '';
  const { rows, counts } = await readPageAndCounts<ServiceDbRow>(
    em,
    {
      sql: `select to_char(j.date_needed, 'YYYY-MM-DD') as date_needed, j.position_type,
              coalesce(l.freelancer_name, ${billableProfessional('a', 'f')}) as freelancer_name,
              ${AMOUNT_CENTS} as amount_cents,
              j.start_time, j.end_time, j.id as job_id, a.id as assignment_id, l.invoice_id, i.invoice_number
         ${SCOPE} ${after}
        order by j.date_needed, j.start_time, a.id
        limit ?`,
      params: [...scopeParams, ...(cursor ?? []), query.limit + 1],
    },
    {
      sql: `select exists (select 1 from restaurants where id = ?) as restaurant_exists,
              count(*) as services, count(*) filter (where l.assignment_id is null) as unbilled,
              coalesce(sum(${AMOUNT_CENTS}), 0) as amount_cents
         ${SCOPE}`,
      params: [query.restaurantId, ...scopeParams],
    },
  );
  if (counts?.restaurant_exists !== true)
    throw notFound('invoices.restaurant_not_found', MESSAGES.restaurants.notFound);
  const totals = countsOf(counts as Record<string, number>, ['services', 'unbilled', 'amount_cents']);
  const page = pageOf(
    rows,
    query.limit,
    (row) => [row.date_needed, row.start_time, row.assignment_id],
    ({ amount_cents, ...row }) => ({ ...row, restaurant_payment_amount: toReais(amount_cents) }),
  );
  return {
    ...page,
    total: totals.services,
    totals: { services: totals.services, unbilled: totals.unbilled, amount: toReais(totals.amount_cents) },
  };
}
