export * from './private-redis';
