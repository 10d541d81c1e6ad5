import { POLL_INTERVAL_MS } from '@turno/domain';

/** The specification sets no interval for the invoice lists: the admin's job list one (30 s). */
export const INVOICES_POLL_INTERVAL_MS = POLL_INTERVAL_MS.adminJobs;
