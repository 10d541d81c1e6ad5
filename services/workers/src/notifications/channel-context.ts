import type { EntityManager, NotificationToMake } from '@turno/core';

/** What a channel is handed: the notification the in-app insert made (its row id). */
export type ChannelInput = NotificationToMake & { id: number };

/** A fresh EntityManager per send (the channels run inside the workers' jobs, concurrently). */
export type EntityManagerSource = () => EntityManager;

/** An SMTP or HTTP answer a retry will not change (the address or subscription is refused). */
export function isPermanent(status: number | undefined): boolean {
  return status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** Another try of the same delivery is sending right now: the job retries after its backoff. */
export class DeliveryBusyError extends Error {
  constructor(notificationId: number, channel: string) {
    super(`notification ${notificationId}: ${channel} is being sent by another try`);
    this.name = 'DeliveryBusyError';
  }
}
