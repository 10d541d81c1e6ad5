import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { INVOICE_STATUSES, INVOICE_TYPES } from '@turno/domain';
import { Assignment } from './assignment.entity';
import { createdAtColumn, updatedAtColumn } from '../shared/columns';
import { Restaurant } from './restaurant.entity';
import { Store } from './store.entity';

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
    /**
     * Chains (issue 28): the store a per-store invoice bills; null for an invoice of the whole
     * business (centralized billing, custom invoices, and every invoice written before stores).
     */
    store: p.manyToOne(Store).ref().nullable().deleteRule('no action'),
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
  indexes: [
    { name: 'invoices_restaurant_week_index', properties: ['restaurant', 'weekStart'] },
    /** The admin list, latest issue date first (invoices.queries.ts). */
    { name: 'invoices_issue_date_index', properties: ['issueDate', 'id'] },
    /** The business's list (latest issue date first) and its stat cards' sums, without table reads. */
    {
      name: 'invoices_restaurant_issue_date_index',
      expression:
        'create index "invoices_restaurant_issue_date_index" on "invoices" ("restaurant_id", "issue_date", "id") include ("status", "amount_cents")',
    },
  ],
  uniques: [
    {
      // Weekly generation adds late work of a week to that week's pending invoice: at most one
      // pending weekly invoice per restaurant (or per store, when billed per store) and week
      // (paid or overdue ones are never touched).
      name: 'invoices_one_pending_weekly_per_restaurant_week',
      expression:
        'create unique index "invoices_one_pending_weekly_per_restaurant_week" on "invoices" ("restaurant_id", coalesce("store_id", 0), "week_start") where invoice_type = \'restaurant_weekly_invoice\' and status = \'pending\'',
    },
  ],
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
 * at most once (assignment_id is the primary key); deleting the invoice frees its assignments for re-billing.
 */
export const InvoiceLine = defineEntity({
  name: 'InvoiceLine',
  tableName: 'invoice_lines',
  properties: {
    /** The key: an assignment is billed at most once. */
    assignment: p.manyToOne(Assignment).ref().primary().deleteRule('no action'),
    invoice: p.manyToOne(Invoice).ref().deleteRule('cascade'),
    dateNeeded: p.date(),
    positionType: p.string(),
    freelancerName: p.string(),
    amountCents: p.integer(),
  },
  indexes: [{ name: 'invoice_lines_invoice_index', properties: ['invoice'] }],
  checks: [{ name: 'invoice_lines_amount_not_negative', expression: 'amount_cents >= 0' }],
});
export type InvoiceLine = InferEntity<typeof InvoiceLine>;

/**
 * The last invoice-number sequence used per prefix (`TUR-2026-W46-`). Generation reserves its
 * numbers here in the same transaction that inserts the invoices, so numbers stay unique under
 * concurrent runs and are never reused after an invoice is deleted.
 */
export const InvoiceNumberSequence = defineEntity({
  name: 'InvoiceNumberSequence',
  tableName: 'invoice_number_sequences',
  properties: {
    prefix: p.string().primary(),
    lastValue: p.integer(),
  },
  checks: [{ name: 'invoice_number_sequences_last_value_not_negative', expression: 'last_value >= 0' }],
});
export type InvoiceNumberSequence = InferEntity<typeof InvoiceNumberSequence>;
