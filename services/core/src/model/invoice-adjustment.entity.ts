import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtColumn } from '../shared/columns';
import { Assignment } from './assignment.entity';
import { Invoice } from './invoice.entity';

/**
 * A credit (negative) or debit (positive) on a shift that was already invoiced when its final
 * timesheet changed its amounts: billed on the business's next invoice, never an edit of an issued
 * one. `invoice` is null until it is billed; `payoutDeltaCents` is the freelancer's side.
 */
export const InvoiceAdjustment = defineEntity({
  name: 'InvoiceAdjustment',
  tableName: 'invoice_adjustments',
  properties: {
    id: p.integer().primary().autoincrement(),
    assignment: p.manyToOne(Assignment).ref().deleteRule('no action'),
    restaurantId: p.integer(),
    chargeDeltaCents: p.integer(),
    payoutDeltaCents: p.integer(),
    reason: p.text(),
    invoice: p.manyToOne(Invoice).ref().nullable().deleteRule('set null'),
    createdAt: createdAtColumn(),
  },
  indexes: [
    { name: 'invoice_adjustments_unbilled_index', properties: ['restaurantId', 'invoice'] },
    { name: 'invoice_adjustments_assignment_index', properties: ['assignment'] },
  ],
});
export type InvoiceAdjustment = InferEntity<typeof InvoiceAdjustment>;
