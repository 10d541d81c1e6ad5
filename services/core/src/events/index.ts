/** Live updates: the outbox of domain events, written in each change's transaction. */
export { DomainEvent } from '../model/domain-event.entity';
export { audienceOf, latestEventId, type EventAudience } from './audience';
export { eventRows, recordEvent, recordEvents, type EventRecord, type SharedEvent } from './record-event';
export {
  DOMAIN_EVENTS_CHANNEL,
  DOMAIN_EVENT_RETENTION_DAYS,
  concerns,
  eventsAfter,
  eventLogBounds,
  parseEventNotification,
  pruneDomainEvents,
  type PruneOptions,
  type PublishedEvent,
} from './event-log';
