import { z } from 'zod';
import { LIST_CURSOR_MAX_LENGTH, NOTIFICATION_KINDS, NOTIFICATION_PAGE_LIMIT } from '@turno/domain';
import { Id, Timestamp } from './common';

/**
 * The in-app notification centre (issue 26), served by the shell BFF to every signed-in person:
 * `GET /api/notifications` (newest first, keyset, the unread count with the page),
 * `POST /api/notifications/:id/read`, `POST /api/notifications/read-all`.
 */
export const NotificationsQuerySchema = z.object({
  cursor: z.string().max(LIST_CURSOR_MAX_LENGTH).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_PAGE_LIMIT),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>;

export const NotificationSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A host path inside the person's area. */
  link: z.string().startsWith('/'),
  created_at: Timestamp,
  read_at: Timestamp.nullable(),
});
export type NotificationItem = z.infer<typeof NotificationSchema>;

export const NotificationsResponseSchema = z.object({
  items: z.array(NotificationSchema),
  nextCursor: z.string().nullable(),
  unread: z.number().int().nonnegative(),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;

export const NotificationIdParamsSchema = z.object({ id: Id });

/** The answer of a mark read (one or all): the unread count left. */
export const NotificationsUnreadSchema = z.object({ unread: z.number().int().nonnegative() });
export type NotificationsUnread = z.infer<typeof NotificationsUnreadSchema>;
