/** What every aggregate shares: who acts, refusals, transactions. */
export * from './actor';
export * from './domain-error';
export * from './transaction';
export { AppMeta } from './app-meta.entity';
