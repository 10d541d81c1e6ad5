import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { INVOICE_STATUSES, INVOICE_TYPES } from '@turno/domain';
import { Assignment } from './assignment.entity';
import { createdAtColumn, updatedAtColumn } from './columns';
import { Restaurant } from './restaurant.entity';

/**
 * An invoice to a restaurant, usually for one billing week (Monday–Sunday, Sao Paulo).
 * A restaurant with invoices cannot be deleted (billing history is kept).
 */
export const Invoice = defineEntity({
  name: 'Invoice',
  tableName: 'invoices',
  properties: {
    id: p.integer().primary().autoincrement(),
    invoiceNumber: p.string().unique('invoices_invoice_number_unique'),
    invoiceType: p.enum([...INVOICE_TYPES]),
    restaurant: p.manyToOne(Restaurant).ref(),
    description: p.text().nullable(),
    amountCents: p.integer(),
    status: p.enum([...INVOICE_STATUSES]).default('pending'),
    issueDate: p.date(),
    dueDate: p.date(),
    paymentDate: p.date().nullable(),
    weekStart: p.date().nullable(),
    weekEnd: p.date().nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  indexes: [{ name: 'invoices_restaurant_week_index', properties: ['restaurant', 'weekStart'] }],
  checks: [
    { name: 'invoices_amount_not_negative', expression: 'amount_cents >= 0' },
    { name: 'invoices_due_after_issue', expression: 'due_date >= issue_date' },
    { name: 'invoices_week_in_order', expression: 'week_end >= week_start' },
    { name: 'invoices_paid_has_payment_date', expression: "status <> 'paid' or payment_date is not null" },
  ],
});
export type Invoice = InferEntity<typeof Invoice>;

/**
 * One billed service (a completed assignment) on an invoice. PostgreSQL bills each assignment
 * at most once (unique assignment_id); deleting the invoice frees its assignments for re-billing.
 */
export const InvoiceLine = defineEntity({
  name: 'InvoiceLine',
  tableName: 'invoice_lines',
  properties: {
    id: p.integer().primary().autoincrement(),
    invoice: p.manyToOne(Invoice).ref().deleteRule('cascade'),
    assignment: p.manyToOne(Assignment).ref().unique('invoice_lines_assignment_unique'),
    dateNeeded: p.date(),
    positionType: p.string(),
    freelancerName: p.string(),
    amountCents: p.integer(),
  },
  indexes: [{ name: 'invoice_lines_invoice_index', properties: ['invoice'] }],
  checks: [{ name: 'invoice_lines_amount_not_negative', expression: 'amount_cents >= 0' }],
});
export type InvoiceLine = InferEntity<typeof InvoiceLine>;
