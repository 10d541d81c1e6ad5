import type { EntityManager } from '@mikro-orm/postgresql';
import { fanOutNotifications } from './fan-out';

/** A notification row as the fan-out tests read it back. */
export interface NotificationRow {
  user_id: number | null;
  admin_id: number | null;
  kind: string;
  subject_type: string;
  subject_id: number;
  title: string;
  body: string;
  link: string;
}

/** The tests' two tools over a fresh entity manager each call: a raw statement, and a full fan-out pass. */
export function notificationTestTools(em: () => EntityManager) {
  return {
    sql: <T extends object[] = object[]>(text: string, params: unknown[] = []) =>
      em().getConnection().execute<T>(text, params),
    fanOut: () => fanOutNotifications(em(), { batch: 500, rounds: 10 }),
  };
}
