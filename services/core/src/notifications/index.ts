/** In-app notifications (issue 26): made from the domain events by the workers' fan-out, read and marked by the shell BFF. */
export * from './notifications.service';
export * from './notifications.queries';
export * from './channel-permissions';
export * from './fan-out';
export * from './preferences.service';
export * from './vacancy-nearby';
