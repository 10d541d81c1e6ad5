export * from './logger';
export * from './env';
export * from './redis';
export * from './shutdown';
export * from './database-errors';
export * from './main-runner';
export * from './keep-alive';
