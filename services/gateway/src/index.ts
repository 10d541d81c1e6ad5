export * from './config';
export * from './gateway';
export * from './static-server';
export * from './security-headers';
