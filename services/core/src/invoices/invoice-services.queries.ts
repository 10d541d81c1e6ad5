import type { EntityManager } from '@mikro-orm/postgresql';
import type { InvoiceServicesPage, InvoiceServicesQuerySchema } from '@turno/contracts';
import { MESSAGES, customInvoicePeriodError, toReais } from '@turno/domain';
import type { z } from 'zod';
import { invalid, notFound } from '../shared/domain-error';
import { countsOf } from '../shared/list-read';
import { decodeCursor, pageOf } from '../shared/keyset';
import { billableAmountCents, billableAssignment, billableProfessional } from './invoices-billing';

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

/** Completed services of one restaurant in the period (jobs `j`, assignments `a`). */
const SCOPE = `from assignments a
  join jobs j on j.id = a.job_id
  join freelancers f on f.id = a.freelancer_id
  left join invoice_lines l on l.assignment_id = a.id
  left join invoices i on i.id = l.invoice_id
 where ${billableAssignment('a')} and j.restaurant_id = ? and j.date_needed between ?::date and ?::date`;

/**
 * GET /api/admin/invoice-services (spec 02 §7): one page of a restaurant's completed services in a
 * period, billed or not, oldest first (keyset on date, start time, assignment id), with the count
 * and sum of the whole period. The amount of a billed service is its invoice line's.
 */
export async function listInvoiceServicesPage(
  em: EntityManager,
  query: InvoiceServicesFilter,
): Promise<InvoiceServicesPage> {
  const periodError = customInvoicePeriodError(query.startDate, query.endDate);
  if (periodError) throw invalid('invoices.invalid_period', periodError);
  const connection = em.getConnection();
  const [restaurant] = await connection.execute<{ id: number }[]>('select id from restaurants where id = ?', [
    query.restaurantId,
  ]);
  if (!restaurant) throw notFound('invoices.restaurant_not_found', MESSAGES.restaurants.notFound);

  const scopeParams = [query.restaurantId, query.startDate, query.endDate];
  const cursor = decodeCursor(query.cursor, ['string', 'string', 'number']);
  const after = cursor ? 'and (j.date_needed, j.start_time, a.id) > (?::date, ?, ?)' : '';
  const [rows, [totals]] = await Promise.all([
    connection.execute<ServiceDbRow[]>(
      `select to_char(j.date_needed, 'YYYY-MM-DD') as date_needed, j.position_type,
              coalesce(l.freelancer_name, ${billableProfessional('a', 'f')}) as freelancer_name,
              coalesce(l.amount_cents, ${billableAmountCents('a')}) as amount_cents,
              j.start_time, j.end_time, j.id as job_id, a.id as assignment_id, l.invoice_id, i.invoice_number
         ${SCOPE} ${after}
        order by j.date_needed, j.start_time, a.id
        limit ?`,
      [...scopeParams, ...(cursor ?? []), query.limit + 1],
    ),
    connection.execute<Record<string, string | null>[]>(
      `select count(*) as services, count(*) filter (where l.assignment_id is null) as unbilled,
              coalesce(sum(coalesce(l.amount_cents, ${billableAmountCents('a')})), 0) as amount_cents
         ${SCOPE}`,
      scopeParams,
    ),
  ]);
  const counts = countsOf(totals, ['services', 'unbilled', 'amount_cents']);
  const page = pageOf(
    rows,
    query.limit,
    (row) => [row.date_needed, row.start_time, row.assignment_id],
    ({ amount_cents, ...row }) => ({ ...row, restaurant_payment_amount: toReais(amount_cents) }),
  );
  return {
    ...page,
    total: counts.services,
    totals: { services: counts.services, unbilled: counts.unbilled, amount: toReais(counts.amount_cents) },
  };
}
