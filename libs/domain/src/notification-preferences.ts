/**
 * Who is told what, where and when (issue 26): the channels, the preferences' defaults per kind and
 * channel, the kinds whose in-app notification cannot be turned off, quiet hours and the "new
 * vacancy" rate limit. One source of truth for core (the fan-out and `channelsAllowedFor`), the
 * shell BFF's preferences routes and Perfil → "Notificações" (docs/decisions.md says why).
 */

import { NOTIFICATION_KINDS, NOTIFICATION_TEMPLATES, type NotificationKind } from './notifications';
import { MS_PER_HOUR, addDays, saoPauloDate, saoPauloDateTimeToInstant, saoPauloTime } from './time';

/** Where a notification can reach a person: the bell, web push, e-mail, WhatsApp (only when configured). */
export const NOTIFICATION_CHANNELS = ['in_app', 'web_push', 'email', 'whatsapp'] as const;
export type NotificationChannelName = (typeof NOTIFICATION_CHANNELS)[number];
/** The channels beyond the bell (sent by the workers' adapters after the in-app row is made). */
export type DeliveryChannelName = Exclude<NotificationChannelName, 'in_app'>;

/** The channels a person may choose: WhatsApp only when its Cloud API is configured. */
export function offeredNotificationChannels(whatsappConfigured: boolean): NotificationChannelName[] {
  return NOTIFICATION_CHANNELS.filter((channel) => channel !== 'whatsapp' || whatsappConfigured);
}

export function isNotificationChannel(value: unknown): value is NotificationChannelName {
  return typeof value === 'string' && (NOTIFICATION_CHANNELS as readonly string[]).includes(value);
}

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/**
 * Kinds about a shift the person holds or must staff: missing one costs a shift (a freelancer who
 * does not know they were accepted does not come; a business that does not know its freelancer
 * cancelled opens without staff). Their in-app notification cannot be turned off (it always counts
 * in the bell); push and e-mail stay the person's choice. Another kind's in-app turned off is made
 * read: the history keeps it, the bell does not count it, the other channels still go. Helpers
 * adding a confirmation, reminder or auto-release kind list it here.
 */
export const SHIFT_CRITICAL_KINDS: ReadonlySet<string> = new Set<string>([
  'application_accepted',
  'freelancer_cancelled',
  'shift_confirmation_request',
  'shift_reminder',
  'shift_unconfirmed',
  'shift_released_unconfirmed',
]);

export function isShiftCriticalKind(kind: string): boolean {
  return SHIFT_CRITICAL_KINDS.has(kind);
}

/** Whether a person may turn `channel` off for `kind` (in-app of a shift-critical kind: no). */
export function canTurnOff(kind: string, channel: NotificationChannelName): boolean {
  return !(channel === 'in_app' && isShiftCriticalKind(kind));
}

/**
 * A channel's default for every kind (a person who never chose): the bell, push and e-mail on;
 * WhatsApp off (it costs per message and is only offered when configured).
 */
export const DEFAULT_CHANNEL_ON: Readonly<Record<NotificationChannelName, boolean>> = {
  in_app: true,
  web_push: true,
  email: true,
  whatsapp: false,
};

/** Kinds whose default differs from their channel's: a "new vacancy" e-mail would be noise. */
export const KIND_CHANNEL_DEFAULTS: Readonly<
  Partial<Record<string, Partial<Record<NotificationChannelName, boolean>>>>
> = {
  vacancy_nearby: { email: false },
  // The business is at the store when its freelancer confirms or asks for check-in/out: the bell
  // and push tell it in time; an e-mail read later is noise (it may turn it on).
  freelancer_confirmed: { email: false },
  check_in_requested: { email: false },
  check_out_requested: { email: false },
};

/** Whether `channel` is on for `kind` for a person who never chose. */
export function defaultChannelOn(kind: string, channel: NotificationChannelName): boolean {
  return KIND_CHANNEL_DEFAULTS[kind]?.[channel] ?? DEFAULT_CHANNEL_ON[channel];
}

/** A person's choice (stored only when made; a missing one is the default). */
export interface NotificationPreferenceChoice {
  kind: string;
  channel: NotificationChannelName;
  enabled: boolean;
}

/**
 * Whether `channel` is on for `kind`, given the person's stored choices: a shift-critical kind's
 * in-app is on whatever is stored; else the choice, else the default.
 */
export function channelOn(
  kind: string,
  channel: NotificationChannelName,
  choices: readonly NotificationPreferenceChoice[],
): boolean {
  if (!canTurnOff(kind, channel)) return true;
  const chosen = choices.find((choice) => choice.kind === kind && choice.channel === channel);
  return chosen ? chosen.enabled : defaultChannelOn(kind, channel);
}

/** The kinds one side receives (Perfil → "Notificações" lists these). */
export function notificationKindsFor(side: 'freelancer' | 'restaurant'): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_TEMPLATES[kind].to === side);
}

// ---------------------------------------------------------------------------------------------
// Quiet hours
// ---------------------------------------------------------------------------------------------

/** Quiet hours in Sao Paulo: from 22:00 (in) to 07:00 (out), push and e-mail wait. */
export const QUIET_HOURS = { from: '22:00', until: '07:00' } as const;
/** A shift that starts within this many hours is told at once, quiet hours or not (the edge is in). */
export const QUIET_HOURS_URGENT_WITHIN_HOURS = 12;

/** Whether `now` falls in Sao Paulo's quiet hours (22:00 in, 07:00 out). */
export function inQuietHours(now: Date): boolean {
  const clock = saoPauloTime(now);
  return clock >= QUIET_HOURS.from || clock < QUIET_HOURS.until;
}

/**
 * When a push or e-mail made at `now` may be sent: `null` at once, else the instant it is held until
 * (the next 07:00 in Sao Paulo). In quiet hours it waits, unless the shift it is about starts within
 * 12 hours of `now` (`shiftStartsAt`; one that started already is urgent too). The in-app row is
 * always made at once: quiet hours hold the other channels only.
 */
export function quietHoursHoldUntil(now: Date, shiftStartsAt?: Date | null): Date | null {
  if (!inQuietHours(now)) return null;
  if (
    shiftStartsAt &&
    shiftStartsAt.getTime() - now.getTime() <= QUIET_HOURS_URGENT_WITHIN_HOURS * MS_PER_HOUR
  ) {
    return null;
  }
  const today = saoPauloDate(now);
  const day = saoPauloTime(now) >= QUIET_HOURS.from ? addDays(today, 1) : today;
  return saoPauloDateTimeToInstant(day, QUIET_HOURS.until);
}

// ---------------------------------------------------------------------------------------------
// Rate limit
// ---------------------------------------------------------------------------------------------

/**
 * At most this many "new vacancy" notifications per person in any hour (the ones beyond are not
 * made: the vacancies are in "Vagas", ranked, all the same).
 */
export const VACANCY_ALERTS_PER_HOUR = 5;
/** The kinds the rate limit counts. */
export const RATE_LIMITED_KINDS: ReadonlySet<string> = new Set<string>(['vacancy_nearby']);

// ---------------------------------------------------------------------------------------------
// Texts (Perfil → "Notificações")
// ---------------------------------------------------------------------------------------------

export const NOTIFICATION_CHANNEL_LABELS: Readonly<Record<NotificationChannelName, string>> = {
  in_app: 'No app',
  web_push: 'Push',
  email: 'E-mail',
  whatsapp: 'WhatsApp',
};

/** The name of each kind in the preferences card (the kinds other helpers add fall back to their title). */
export const NOTIFICATION_KIND_LABELS: Readonly<Partial<Record<string, string>>> = {
  application_accepted: 'Candidatura aceita',
  application_rejected: 'Candidatura não aceita',
  check_in_approved: 'Check-in aprovado',
  check_out_approved: 'Check-out aprovado',
  payment_sent: 'Pagamento enviado',
  new_application: 'Nova candidatura',
  freelancer_cancelled: 'Freelancer cancelou',
  vacancy_nearby: 'Nova vaga perto de você',
  freelancer_confirmed: 'Freelancer confirmou presença',
  check_in_requested: 'Check-in pedido',
  check_out_requested: 'Check-out pedido',
  strike_appeal_decided: 'Recurso de ocorrência decidido',
};

export const NOTIFICATION_PREFERENCE_TEXTS = {
  cardTitle: 'Notificações',
  openButton: 'Escolher notificações',
  closeButton: 'Fechar notificações',
  loading: 'Carregando preferências de notificação',
  cardIntro:
    'Escolha como quer ser avisado de cada assunto. Entre 22:00 e 07:00 (horário de Brasília), push e e-mail esperam até as 07:00, exceto para turnos que começam em até 12 horas.',
  locked: 'Sempre no app: avisos sobre turnos não podem ser desligados no app.',
  saved: 'Preferência salva.',
  saveFailed: 'Não foi possível salvar a preferência. Tente novamente.',
  loadFailed: 'Não foi possível carregar as preferências de notificação. Tente novamente.',
  cannotTurnOff: 'Avisos sobre turnos não podem ser desligados no app.',
  unknownKind: 'Tipo de notificação desconhecido.',
  unknownChannel: 'Canal de notificação desconhecido.',
  channelUnavailable: 'Este canal não está disponível.',
} as const;
