/** Applications: a freelancer applies, the business (or an admin) accepts or rejects; expiry. */
export { Application } from '../model/application.entity';
export * from './applications.service';
export * from './restaurant-applications.queries';
