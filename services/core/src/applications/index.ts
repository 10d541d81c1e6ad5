/** Applications: the business (or an admin) rejects one; expiry. Applying and accepting are in workflows/. */
export { Application } from '../model/application.entity';
export * from './applications.service';
