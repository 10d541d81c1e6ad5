/** Invoices: weekly and custom billing (exactly once), payment, overdue marking, and invoice lists. */
export { Invoice, InvoiceLine, InvoiceNumberSequence } from '../model/invoice.entity';
export * from './invoices.service';
export * from './invoices.queries';
// The billable-service SQL (what is billed, for how much, under whose name) BFF reads compose
export { billableAmountCents, billableAssignment, billableProfessional } from './invoices-billing';
export * from './restaurant-invoices.queries';
export * from './invoice-document';
export * from './invoice-pdf';
export * from './invoice-html';
export * from './invoice-pix-charges';
