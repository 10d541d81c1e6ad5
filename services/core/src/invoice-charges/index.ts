/** Invoices' Pix charges after their issue (issue 25): the workers' claim and records, the PSP's payments, the sweep, the divergences. */
export * from './invoice-charges.service';
export * from './invoice-charges.queries';
