import type { EntityManager } from '@mikro-orm/postgresql';
import type { PixMismatch } from '@turno/contracts';
import { toReais } from '@turno/domain';

/** At most this many divergences are listed (the newest first). */
export const PIX_MISMATCH_LIST_LIMIT = 200;

/**
 * "Divergências de pagamento" (issue 25): invoices whose Pix charge received another amount (or a
 * Pix after the invoice was paid or deleted), newest first, bounded. One statement.
 */
export async function listPixMismatches(
  em: EntityManager,
  limit = PIX_MISMATCH_LIST_LIMIT,
): Promise<PixMismatch[]> {
  const rows = await em.getConnection().execute<
    (Omit<PixMismatch, 'amount' | 'received_amount' | 'received_at'> & {
      amount_cents: number | null;
      received_amount_cents: number;
      received_at: Date | string;
    })[]
  >(
    `select c.invoice_id, i.invoice_number, c.restaurant_id, r.business_name as restaurant_name,
            i.status as invoice_status, i.amount_cents, c.txid, c.received_amount_cents, c.received_at,
            c.end_to_end_id
       from invoice_pix_charges c
       join restaurants r on r.id = c.restaurant_id
       left join invoices i on i.id = c.invoice_id
      where c.status = 'mismatch'
      order by c.received_at desc nulls last, c.id desc
      limit ?`,
    [Math.max(1, Math.min(limit, PIX_MISMATCH_LIST_LIMIT))],
  );
  return rows.map(({ amount_cents, received_amount_cents, received_at, ...row }) => ({
    ...row,
    invoice_number: row.invoice_number ?? null,
    invoice_status: row.invoice_status ?? null,
    amount: amount_cents === null ? null : toReais(amount_cents),
    received_amount: toReais(received_amount_cents),
    received_at: new Date(received_at).toISOString(),
  }));
}
