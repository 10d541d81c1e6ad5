export * from './domain-error';
export * from './actor';

// Domain services of the marketplace (one file per aggregate).
export * from './jobs.service';
export * from './applications.service';
export * from './assignments.service';
export * from './ratings.service';
export * from './blocks.service';
export * from './accounts.service';

// Billing and analytics.
export * from './invoices.service';
export * from './analytics.service';
