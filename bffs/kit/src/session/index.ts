export * from './settings';
export * from './store';
export * from './cookies';
export * from './sessions';
export * from './access';
export * from './csrf';
export * from './rate-limit';
