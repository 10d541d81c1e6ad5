export * from './app';
export * from './errors';
export * from './logger';
export * from './route';
export * from './server';
export * from './env';
export * from './main-runner';
export * from './session';
