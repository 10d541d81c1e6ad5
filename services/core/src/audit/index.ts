export { AuditEvent } from './audit-event.entity';
export * from './record-audit';
