/**
 * In-app notifications (issue 26): what each kind says (pt-BR) and where it leads. One source of
 * truth for the notification service (core renders and stores the texts when the notification is
 * made), the BFF contracts and the host's bell.
 *
 * A kind is sent to one side: the freelancer (`freelancer_*` area links), the business, or every
 * admin (`admin_id` rows, links to the admin shell's tabs).
 */

import { APPEAL_NOTIFICATION_TEMPLATES } from './appeal-notifications';
import { formatDateBR, formatMoneyCents } from './format';
import { SHIFT_CONFIRMATION_TEMPLATES } from './shift-confirmation-notifications';
import { STAFFING_NOTIFICATION_TEMPLATES } from './staffing-notifications';

/** Every kind of notification; the database keeps the name (`notifications.kind`). */
export const NOTIFICATION_KINDS = [
  /** To the freelancer: the business accepted their application (the shift is theirs). */
  'application_accepted',
  /** To the freelancer: their application was rejected (by the business, or the vacancy was filled). */
  'application_rejected',
  /** To the freelancer: the business approved their check-in. */
  'check_in_approved',
  /** To the freelancer: the business approved their check-out (the shift is completed). */
  'check_out_approved',
  /** To the freelancer: the payout of a shift was paid by Pix. */
  'payment_sent',
  /** To the freelancer: a business they worked for invites them to a new vacancy ("Chamar de novo"). */
  'vacancy_invitation',
  /** To the business: a freelancer applied to one of its vacancies. */
  'new_application',
  /** To the business: the freelancer holding a shift cancelled it. */
  'freelancer_cancelled',
  /** To the freelancer: confirm presence (24 h before the shift, or at acceptance when later). */
  'shift_confirmation_request',
  /** To the freelancer: the shift starts in 2 hours. */
  'shift_reminder',
  /** To the business: the freelancer did not confirm 12 h before (or the shift was released automatically). */
  'shift_unconfirmed',
  /** To the freelancer: the shift was released because presence was not confirmed. */
  'shift_released_unconfirmed',
  /** To the freelancer: a vacancy was posted within their distance, for one of their specialties. */
  'vacancy_nearby',
  /** To the business: the freelancer confirmed presence ("Confirmar presença"). */
  'freelancer_confirmed',
  /** To the business: the freelancer asked for check-in (the business approves it on its Agenda). */
  'check_in_requested',
  /** To the business: the freelancer asked for check-out (the business approves it on its Agenda). */
  'check_out_requested',
  /** To every admin: a timesheet correction was disputed and waits for an admin's decision. */
  'timesheet_disputed',
  /** To every admin: a payout's Pix failed (an admin retries it). */
  'payout_failed',
  /** To every admin: a payout is held (the freelancer's Pix key changed in the last 24 hours). */
  'payout_held',
  /** To every admin: a freelancer appealed a strike (an admin keeps or removes it on "Disputas"). */
  'strike_appealed',
  /** To the freelancer: an admin decided their appeal (the strike kept or removed). */
  'strike_appeal_decided',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a notification is about: the row its link opens and its uniqueness key (person, kind, subject). */
export const NOTIFICATION_SUBJECT_TYPES = [
  'application',
  'assignment',
  'payout',
  'job',
  'timesheet',
  'strike',
] as const;
export type NotificationSubjectType = (typeof NOTIFICATION_SUBJECT_TYPES)[number];

/** The facts a notification's text names (read when it is made; the text does not change afterwards). */
export interface NotificationFacts {
  /** The vacancy's position ("Repositor"). */
  position: string;
  /** The business's name. */
  businessName: string;
  /** The shift's day, `YYYY-MM-DD`. */
  date: string;
  /** The shift's start, `HH:MM`. */
  start: string;
  /** The freelancer's name (business-side kinds). */
  freelancerName?: string;
  /** The amount paid, in centavos (`payment_sent`). */
  amountCents?: number;
  /** `shift_unconfirmed`: the shift was released automatically (the business's Perfil setting). */
  released?: boolean;
  /** The assignment (the confirmation kinds' links open that shift). */
  assignmentId?: number;
  /** `shift_confirmation_request`: when it was asked ('hoje' / 'amanhã' / the date as seen then). */
  askedAt?: Date;
  /** `payout_failed` / `payout_held`: the payout's attempt (0 the first; an admin's retry takes the next). */
  payoutAttempt?: number;
  /** `strike_appeal_decided`: the appeal removed the strike (else the strike was kept). */
  strikeRemoved?: boolean;
}

export interface NotificationText {
  title: string;
  body: string;
  /** The host path the notification opens (a tab of the person's area). */
  link: string;
}

/** 'Repositor (Mercado Bom Preço, 12/12/2026 às 07:00)'. */
const shift = (facts: NotificationFacts) =>
  `${facts.position} (${facts.businessName}, ${formatDateBR(facts.date)} às ${facts.start})`;
const someone = (facts: NotificationFacts) => facts.freelancerName?.trim() || 'Um freelancer';

/** Each kind: its side, its subject type, its pt-BR title and body and its link. */
export const NOTIFICATION_TEMPLATES: Record<
  NotificationKind,
  {
    to: 'freelancer' | 'restaurant' | 'admin';
    subject: NotificationSubjectType;
    render: (facts: NotificationFacts) => NotificationText;
  }
> = {
  application_accepted: {
    to: 'freelancer',
    subject: 'application',
    render: (facts) => ({
      title: 'Candidatura aceita',
      body: `Sua candidatura para ${shift(facts)} foi aceita.`,
      link: '/dashboard/trabalhos',
    }),
  },
  application_rejected: {
    to: 'freelancer',
    subject: 'application',
    render: (facts) => ({
      title: 'Candidatura não aceita',
      body: `Sua candidatura para ${shift(facts)} não foi aceita.`,
      link: '/dashboard/candidaturas',
    }),
  },
  check_in_approved: {
    to: 'freelancer',
    subject: 'assignment',
    render: (facts) => ({
      title: 'Check-in aprovado',
      body: `Seu check-in no turno de ${shift(facts)} foi aprovado.`,
      link: '/dashboard/trabalhos',
    }),
  },
  check_out_approved: {
    to: 'freelancer',
    subject: 'assignment',
    render: (facts) => ({
      title: 'Check-out aprovado',
      body: `Seu check-out no turno de ${shift(facts)} foi aprovado. O pagamento segue por Pix.`,
      link: '/dashboard/trabalhos',
    }),
  },
  payment_sent: {
    to: 'freelancer',
    subject: 'payout',
    render: (facts) => ({
      title: 'Pagamento enviado',
      body: `Enviamos ${formatMoneyCents(facts.amountCents ?? 0)} por Pix pelo turno de ${shift(facts)}.`,
      link: '/dashboard/financas',
    }),
  },
  vacancy_invitation: {
    to: 'freelancer',
    subject: 'job',
    render: (facts) => ({
      title: 'Convite para vaga',
      body: `${facts.businessName} chamou você de novo: ${shift(facts)}. Veja em Vagas e candidate-se.`,
      link: '/dashboard/vagas',
    }),
  },
  new_application: {
    to: 'restaurant',
    subject: 'application',
    render: (facts) => ({
      title: 'Nova candidatura',
      body: `${someone(facts)} se candidatou à vaga de ${shift(facts)}.`,
      link: '/dashboard',
    }),
  },
  freelancer_cancelled: {
    to: 'restaurant',
    subject: 'assignment',
    render: (facts) => ({
      title: 'Freelancer cancelou',
      body: `${someone(facts)} cancelou o turno de ${shift(facts)}. A vaga voltou a receber candidaturas.`,
      link: '/dashboard/agenda',
    }),
  },
  ...SHIFT_CONFIRMATION_TEMPLATES,
  vacancy_nearby: {
    to: 'freelancer',
    subject: 'job',
    render: (facts) => ({
      title: 'Nova vaga perto de você',
      body: `Nova vaga de ${shift(facts)} perto de você. Veja em Vagas e candidate-se.`,
      link: '/dashboard/vagas',
    }),
  },
  ...STAFFING_NOTIFICATION_TEMPLATES,
  ...APPEAL_NOTIFICATION_TEMPLATES,
};

/** The pt-BR title, body and link of a notification of `kind` about `facts`. */
export function renderNotification(kind: NotificationKind, facts: NotificationFacts): NotificationText {
  return NOTIFICATION_TEMPLATES[kind].render(facts);
}

/** The bell's and the panel's texts. */
export const NOTIFICATION_MESSAGES = {
  bellLabel: (unread: number) =>
    unread === 0
      ? 'Notificações, nenhuma não lida'
      : unread === 1
        ? 'Notificações, 1 não lida'
        : `Notificações, ${unread} não lidas`,
  panelTitle: 'Notificações',
  markAllRead: 'Marcar todas como lidas',
  empty: 'Nenhuma notificação por enquanto.',
  loadFailed: 'Não foi possível carregar as notificações. Tente novamente.',
  unread: 'Não lida',
  close: 'Fechar',
  loadMore: 'Carregar mais',
  notFound: 'Notificação não encontrada.',
} as const;

/**
 * The `audience` an admin notification's `notification_created` live event names (`{ notificationId,
 * audience: 'admins' }`). Admins' streams carry everyone's events, so the admins' bell re-reads only
 * on these; a user's event names no audience (their streams carry only their own).
 */
export const ADMIN_NOTIFICATIONS_AUDIENCE = 'admins';

/** A list page of the bell's panel: newest first, at most this many per page. */
export const NOTIFICATION_PAGE_LIMIT = 20;

/** How many people one fan-out job handles at most (an event concerning more is split into batches). */
export const NOTIFICATION_FANOUT_BATCH = 500;
