/** The channels beyond the in-app centre (issue 26): per-channel deliveries and web push subscriptions. */
export * from './deliveries';
export * from './push-subscriptions';
