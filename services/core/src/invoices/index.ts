/** Invoices: weekly and custom billing (exactly once), payment, overdue marking, and invoice lists. */
export { Invoice, InvoiceLine, InvoiceNumberSequence } from './invoice.entity';
export * from './invoices.service';
export * from './invoices.queries';
