/** Invoices: weekly and custom billing (exactly once), payment, overdue marking, and invoice lists. */
export { Invoice, InvoiceLine, InvoiceNumberSequence } from '../model/invoice.entity';
export * from './invoices.service';
export * from './invoices.queries';
export * from './invoice-services.queries';
export * from './restaurant-invoices.queries';
export * from './invoice-document';
export * from './invoice-pdf';
export * from './invoice-html';
