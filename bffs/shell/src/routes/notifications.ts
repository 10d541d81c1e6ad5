import { route } from '@turno/bff-kit';
import {
  NotificationIdParamsSchema,
  NotificationsQuerySchema,
  NotificationsResponseSchema,
  NotificationsUnreadSchema,
} from '@turno/contracts';
import { markAllNotificationsRead, markNotificationRead, notificationsPage } from '@turno/core';

/** A page of the bell as the contract answers it. */
function answerOf(page: Awaited<ReturnType<typeof notificationsPage>>) {
  return {
    unread: page.unread,
    nextCursor: page.nextCursor,
    items: page.items.map((item) => ({
      id: item.id,
      kind: item.kind,
      title: item.title,
      body: item.body,
      link: item.link,
      created_at: item.createdAt.toISOString(),
      read_at: item.readAt ? item.readAt.toISOString() : null,
    })),
  };
}

/**
 * The in-app notification centre (issue 26): the host header's bell, for every signed-in business
 * and freelancer (the host talks to this BFF before any remote loads). Another person's notification
 * is a 404. New ones reach the open page as `notification_created` on the role's live stream.
 */
export const notificationsList = route({
  method: 'get',
  path: '/api/notifications',
  access: 'user',
  query: NotificationsQuerySchema,
  response: NotificationsResponseSchema,
  handler: async ({ em, actor, query }) => {
    return answerOf(await notificationsPage(em, { kind: 'user', userId: actor.userId }, query));
  },
});

/** POST /api/notifications/read-all — every unread notification of the caller read. */
export const notificationsReadAll = route({
  method: 'post',
  path: '/api/notifications/read-all',
  access: 'user',
  response: NotificationsUnreadSchema,
  handler: async ({ em, actor }) => {
    await markAllNotificationsRead(em, { kind: 'user', userId: actor.userId });
    return { unread: 0 };
  },
});

/** POST /api/notifications/:id/read — one notification read (opened from the panel); 404 when not the caller's. */
export const notificationRead = route({
  method: 'post',
  path: '/api/notifications/:id/read',
  access: 'user',
  params: NotificationIdParamsSchema,
  response: NotificationsUnreadSchema,
  handler: ({ em, actor, params }) =>
    markNotificationRead(em, { kind: 'user', userId: actor.userId }, params.id),
});

/**
 * The admins' bell (issue 26: a disputed timesheet, a payout failed or held — `admin_id` rows): the
 * same three calls for the signed-in admin, under /api/admin (another admin's notification: 404).
 */
export const adminNotificationsList = route({
  method: 'get',
  path: '/api/admin/notifications',
  access: 'admin',
  query: NotificationsQuerySchema,
  response: NotificationsResponseSchema,
  handler: async ({ em, actor, query }) =>
    answerOf(await notificationsPage(em, { kind: 'admin', adminId: actor.adminId }, query)),
});

export const adminNotificationsReadAll = route({
  method: 'post',
  path: '/api/admin/notifications/read-all',
  access: 'admin',
  response: NotificationsUnreadSchema,
  handler: async ({ em, actor }) => {
    await markAllNotificationsRead(em, { kind: 'admin', adminId: actor.adminId });
    return { unread: 0 };
  },
});

export const adminNotificationRead = route({
  method: 'post',
  path: '/api/admin/notifications/:id/read',
  access: 'admin',
  params: NotificationIdParamsSchema,
  response: NotificationsUnreadSchema,
  handler: ({ em, actor, params }) =>
    markNotificationRead(em, { kind: 'admin', adminId: actor.adminId }, params.id),
});

export const notificationRoutes = [
  notificationsList,
  notificationsReadAll,
  notificationRead,
  adminNotificationsList,
  adminNotificationsReadAll,
  adminNotificationRead,
];
