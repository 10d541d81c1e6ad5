import type { EntityManager } from '@mikro-orm/postgresql';
import type { Invoice as InvoiceRow, RestaurantInvoiceDetail } from '@turno/contracts';
import { MESSAGES, toReais } from '@turno/domain';
import type { Actor } from '../shared/actor';
import { notFound } from '../shared/domain-error';
import { addressLine } from '../shared/wire';
import { listInvoiceLines } from './invoices.service';

interface InvoiceDbRow extends Omit<InvoiceRow, 'amount'> {
  amount_cents: number;
}

const INVOICE_COLUMNS = `i.id, i.invoice_number, i.invoice_type, i.restaurant_id, r.business_name as restaurant_name,
  coalesce(r.contact_person, r.name) as restaurant_contact_name, i.description, i.amount_cents, i.status,
  to_char(i.issue_date, 'YYYY-MM-DD') as issue_date, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
  to_char(i.payment_date, 'YYYY-MM-DD') as payment_date, to_char(i.week_start, 'YYYY-MM-DD') as week_start,
  to_char(i.week_end, 'YYYY-MM-DD') as week_end`;

const toInvoice = ({ amount_cents: cents, ...row }: InvoiceDbRow): InvoiceRow => ({
  ...row,
  amount: toReais(cents),
});

interface ClientRow {
  business_name: string;
  responsible_name: string;
  street: string | null;
  number: string | null;
  legal_name: string | null;
  cnpj: string | null;
}

/**
 * One invoice with its client and its service lines (the invoice view, the PDF and the print view).
 * A restaurant reaches only its own (another's id is 404 "Fatura não encontrada"); an admin any.
 */
export async function readInvoiceDetail(
  em: EntityManager,
  actor: Actor,
  invoiceId: number,
): Promise<RestaurantInvoiceDetail> {
  const lines = await listInvoiceLines(em, actor, invoiceId); // checks the invoice is the actor's
  const [row] = await em.getConnection().execute<(InvoiceDbRow & ClientRow)[]>(
    `select ${INVOICE_COLUMNS}, r.name as responsible_name, r.address as street, r.address_number as number,
         r.legal_name, r.cnpj
       from invoices i join restaurants r on r.id = i.restaurant_id where i.id = ?`,
    [invoiceId],
  );
  if (!row) throw notFound('invoices.not_found', MESSAGES.invoices.notFound);
  const { responsible_name: responsible, street, number, legal_name, cnpj, ...invoice } = row;
  return {
    invoice: toInvoice(invoice),
    client: {
      business_name: invoice.restaurant_name,
      responsible_name: responsible,
      address: addressLine(street, number),
      legal_name,
      cnpj,
    },
    lines: lines.map((line) => ({
      date_needed: line.date_needed,
      position_type: line.position_type,
      freelancer_name: line.freelancer_name,
      restaurant_payment_amount: line.restaurant_payment_amount,
      start_time: line.start_time,
      end_time: line.end_time,
    })),
  };
}
