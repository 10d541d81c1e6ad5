/** Applications: the business (or an admin) rejects one; expiry. Applying and accepting are in workflows/. */
export { Application } from '../model/application.entity';
export * from './applications.service';
// The applicant part of an application row, for the read queries that list applicants
export * from './applicant-row';
