export * from './xlsx-export';
export * from './export-route';
