export * from './eventually';
export * from './private-redis';
