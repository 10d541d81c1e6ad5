export * from './statuses';
export * from './money';
