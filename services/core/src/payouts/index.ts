/** Payouts to freelancers by Pix (issue 25): sending, outcomes, the sweep and the admin's actions. */
export * from './payouts.service';
export { takeDeductions } from './deductions';
