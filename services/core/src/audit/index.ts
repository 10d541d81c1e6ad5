export { AuditEvent } from '../model/audit-event.entity';
export * from './record-audit';
export * from './audit-snapshots';
export * from './audit-events.queries';
