/** Live updates: the outbox of domain events, written in each change's transaction. */
export { DomainEvent } from './domain-event.entity';
