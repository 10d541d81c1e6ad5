import type { EntityManager } from '@mikro-orm/postgresql';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_PREFERENCE_TEXTS,
  NOTIFICATION_TEMPLATES,
  canTurnOff,
  channelOn,
  isNotificationKind,
  notificationKindsFor,
  type NotificationChannelName,
  type NotificationKind,
  type NotificationPreferenceChoice,
} from '@turno/domain';
import { invalid } from '../shared/domain-error';
import type { NotificationToMake } from './notifications.service';

/** The side whose kinds a person chooses for (a business or a freelancer). */
export type PreferenceSide = 'freelancer' | 'restaurant';

/** One kind's row in Perfil → "Notificações": each channel offered, on or off, and whether it may change. */
export interface KindPreferences {
  kind: NotificationKind;
  label: string;
  channels: { channel: NotificationChannelName; enabled: boolean; locked: boolean }[];
}

/** The stored choices of these people (one statement, whatever their number), by user id. */
export async function preferenceChoicesOf(
  em: EntityManager,
  userIds: readonly number[],
): Promise<Map<number, NotificationPreferenceChoice[]>> {
  const byUser = new Map<number, NotificationPreferenceChoice[]>();
  if (userIds.length === 0) return byUser;
  const rows = await em.execute<
    { user_id: number; kind: string; channel: NotificationChannelName; enabled: boolean }[]
  >(
    `select user_id, kind, channel, enabled from notification_preferences
      where user_id in (select jsonb_array_elements_text(?::jsonb)::int)`,
    [JSON.stringify([...new Set(userIds)])],
  );
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push({ kind: row.kind, channel: row.channel, enabled: row.enabled });
    byUser.set(row.user_id, list);
  }
  return byUser;
}

/** A person's preferences as the card shows them: their side's kinds, the channels offered. */
export async function notificationPreferencesOf(
  em: EntityManager,
  userId: number,
  side: PreferenceSide | null,
  offered: readonly NotificationChannelName[],
): Promise<KindPreferences[]> {
  // Before the profile is set up there is no side, and nothing to choose.
  if (!side) return [];
  const choices = (await preferenceChoicesOf(em, [userId])).get(userId) ?? [];
  return notificationKindsFor(side).map((kind) => ({
    kind,
    label: NOTIFICATION_KIND_LABELS[kind] ?? NOTIFICATION_TEMPLATES[kind].render(PLACEHOLDER_FACTS).title,
    channels: offered.map((channel) => ({
      channel,
      enabled: channelOn(kind, channel, choices),
      locked: !canTurnOff(kind, channel),
    })),
  }));
}

/** Facts for rendering a kind's title only (titles name no fact). */
const PLACEHOLDER_FACTS = { position: '', businessName: '', date: '2026-01-01', start: '00:00' };

/**
 * Stores one choice (the same again changes nothing). Refused (400, pt-BR): no profile yet, a kind the
 * person's side does not receive, a channel not offered (WhatsApp unconfigured), turning off the in-app of a
 * shift-critical kind.
 */
export async function setNotificationPreference(
  em: EntityManager,
  userId: number,
  side: PreferenceSide | null,
  offered: readonly NotificationChannelName[],
  choice: { kind: string; channel: NotificationChannelName; enabled: boolean },
): Promise<void> {
  if (!side || !isNotificationKind(choice.kind) || NOTIFICATION_TEMPLATES[choice.kind].to !== side) {
    throw invalid('notification_kind_unknown', NOTIFICATION_PREFERENCE_TEXTS.unknownKind);
  }
  if (!offered.includes(choice.channel)) {
    throw invalid('notification_channel_unavailable', NOTIFICATION_PREFERENCE_TEXTS.channelUnavailable);
  }
  if (!choice.enabled && !canTurnOff(choice.kind, choice.channel)) {
    throw invalid('notification_in_app_locked', NOTIFICATION_PREFERENCE_TEXTS.cannotTurnOff);
  }
  await em.execute(
    `insert into notification_preferences (user_id, kind, channel, enabled) values (?, ?, ?, ?)
     on conflict (user_id, kind, channel) do update set enabled = excluded.enabled, updated_at = now()
      where notification_preferences.enabled <> excluded.enabled`,
    [userId, choice.kind, choice.channel, choice.enabled],
  );
}

/**
 * The items with `inAppOff` set where their person turned the in-app notification of the kind off
 * (one read for all): such a row is made already read — the person's history and the other channels
 * keep it, the bell does not count it.
 */
export async function withInAppChoice<T extends Pick<NotificationToMake, 'userId' | 'kind'>>(
  em: EntityManager,
  items: readonly T[],
): Promise<(T & { inAppOff?: boolean })[]> {
  if (items.length === 0) return [];
  const choices = await preferenceChoicesOf(
    em,
    items.map((item) => item.userId),
  );
  return items.map((item) =>
    channelOn(item.kind, 'in_app', choices.get(item.userId) ?? []) ? item : { ...item, inAppOff: true },
  );
}
