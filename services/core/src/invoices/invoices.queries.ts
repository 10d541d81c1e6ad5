import type { EntityManager } from '@mikro-orm/postgresql';
import type { Invoice as InvoiceRow } from '@turno/contracts';
import { toReais } from '@turno/domain';
import { Invoice } from '../entities';

/** Every invoice with its restaurant, latest issue date first (admin "Faturas" tab). */
export async function listInvoicesForAdmin(em: EntityManager): Promise<InvoiceRow[]> {
  const invoices = await em.find(
    Invoice,
    {},
    { populate: ['restaurant'], orderBy: { issueDate: 'desc', invoiceNumber: 'asc' } },
  );
  return invoices.map((invoice) => {
    const restaurant = invoice.restaurant.$;
    return {
      id: invoice.id,
      invoice_number: invoice.invoiceNumber,
      invoice_type: invoice.invoiceType,
      restaurant_id: restaurant.id,
      restaurant_name: restaurant.businessName,
      restaurant_contact_name: restaurant.contactPerson ?? restaurant.name,
      description: invoice.description ?? null,
      amount: toReais(invoice.amountCents),
      status: invoice.status,
      issue_date: invoice.issueDate,
      due_date: invoice.dueDate,
      payment_date: invoice.paymentDate ?? null,
      week_start: invoice.weekStart ?? null,
      week_end: invoice.weekEnd ?? null,
    };
  });
}
