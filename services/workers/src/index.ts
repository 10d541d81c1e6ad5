export * from './queues';
export * from './generation-runs';
export * from './worker-process';
export * from './processors/application-expiry.processor';
export * from './processors/invoices.processor';
export * from './processors/maintenance.processor';
export * from './processors/shift-sweeps.processor';
export * from './processors/payouts.processor';
