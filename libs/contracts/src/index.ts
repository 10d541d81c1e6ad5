export * from './common';
export * from './remotes';
export * from './jobs';
export * from './restaurants';
export * from './invoices';
export * from './zod-pt-br';
export * from './session';
export * from './address';
