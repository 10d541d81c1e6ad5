import type { EntityManager } from '@mikro-orm/postgresql';
import type { InvoicePixCharge, Invoice as InvoiceRow, RestaurantInvoiceDetail } from '@turno/contracts';
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
  to_char(i.week_end, 'YYYY-MM-DD') as week_end, i.store_id, s.name as store_name`;

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

/** The invoice's latest Pix charge (issue 25), null columns when it has none. */
interface PixChargeRow {
  pix_status: InvoicePixCharge['status'] | null;
  pix_txid: string | null;
  pix_br_code: string | null;
  pix_due_date: string | null;
  pix_amount_cents: number | null;
  pix_received_at: Date | string | null;
  pix_received_amount_cents: number | null;
}

/** SQL: the latest revision of invoice `i`'s Pix charge, as the `PixChargeRow` columns. */
export const LATEST_PIX_CHARGE_JOIN = `left join lateral (
    select c.status as pix_status, c.txid as pix_txid, c.br_code as pix_br_code,
           to_char(c.due_date, 'YYYY-MM-DD') as pix_due_date, c.amount_cents as pix_amount_cents,
           c.received_at as pix_received_at, c.received_amount_cents as pix_received_amount_cents
      from invoice_pix_charges c where c.invoice_id = i.id order by c.revision desc limit 1
  ) pc on true`;

/** The contract's `pix_charge` of a row read with {@link LATEST_PIX_CHARGE_JOIN} (`qr_svg`: the BFF draws it). */
export function pixChargeOf(row: PixChargeRow): InvoicePixCharge | null {
  if (!row.pix_status || !row.pix_txid || !row.pix_due_date || row.pix_amount_cents === null) return null;
  return {
    status: row.pix_status,
    txid: row.pix_txid,
    br_code: row.pix_status === 'active' ? row.pix_br_code : null,
    qr_svg: null,
    due_date: row.pix_due_date,
    amount: toReais(row.pix_amount_cents),
    received_at: row.pix_received_at ? new Date(row.pix_received_at).toISOString() : null,
    received_amount: row.pix_received_amount_cents === null ? null : toReais(row.pix_received_amount_cents),
  };
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
  const [row] = await em.getConnection().execute<(InvoiceDbRow & ClientRow & PixChargeRow)[]>(
    `select ${INVOICE_COLUMNS}, r.name as responsible_name, r.address as street, r.address_number as number,
         r.legal_name, coalesce(s.cnpj, r.cnpj) as cnpj, pc.*
       from invoices i join restaurants r on r.id = i.restaurant_id left join stores s on s.id = i.store_id
       ${LATEST_PIX_CHARGE_JOIN}
      where i.id = ?`,
    [invoiceId],
  );
  if (!row) throw notFound('invoices.not_found', MESSAGES.invoices.notFound);
  const {
    responsible_name: responsible,
    street,
    number,
    legal_name,
    cnpj,
    pix_status,
    pix_txid,
    pix_br_code,
    pix_due_date,
    pix_amount_cents,
    pix_received_at,
    pix_received_amount_cents,
    ...invoice
  } = row;
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
      store_id: line.store_id,
      store_name: line.store_name,
    })),
    pix_charge: pixChargeOf({
      pix_status,
      pix_txid,
      pix_br_code,
      pix_due_date,
      pix_amount_cents,
      pix_received_at,
      pix_received_amount_cents,
    }),
  };
}
