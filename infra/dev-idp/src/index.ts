export * from './accounts';
export * from './provider';
export * from './settings';
