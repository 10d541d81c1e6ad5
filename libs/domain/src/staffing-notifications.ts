/**
 * Notifications to the business about its freelancers' steps (confirmed presence, check-in and
 * check-out asked) and to admins about what needs them (a disputed timesheet, a payout that failed
 * or is held), issue 26: their side, subject, pt-BR texts and links, spread into
 * NOTIFICATION_TEMPLATES (notifications.ts). The business approves check-in and check-out on its
 * Agenda; admins decide disputes on "Disputas" and act on payouts on "Repasses".
 */
import { formatDateBR, formatMoneyCents } from './format';
import { PIX_KEY_HOLD_HOURS } from './pix/payouts';
import type { NotificationFacts, NotificationSubjectType, NotificationText } from './notifications';

export type StaffingNotificationKind =
  | 'freelancer_confirmed'
  | 'check_in_requested'
  | 'check_out_requested'
  | 'timesheet_disputed'
  | 'payout_failed'
  | 'payout_held';

const shift = (facts: NotificationFacts) =>
  `${facts.position} (${facts.businessName}, ${formatDateBR(facts.date)} às ${facts.start})`;
const someone = (facts: NotificationFacts) => facts.freelancerName?.trim() || 'O freelancer';
/** ' (tentativa 2)' after an admin's retry (the attempts counted from 1, as Repasses shows them); '' the first. */
const retried = (facts: NotificationFacts) =>
  facts.payoutAttempt ? ` (tentativa ${facts.payoutAttempt + 1})` : '';

/** The business's Agenda: where it approves check-in and check-out (the tab's badge counts them). */
export const BUSINESS_AGENDA_LINK = '/dashboard/agenda';
/** The admin shell's tabs (`?tab=` of /admin/dashboard, shells/host admin-tabs.ts). */
export const ADMIN_DISPUTES_LINK = '/admin/dashboard?tab=disputas';
export const ADMIN_PAYOUTS_LINK = '/admin/dashboard?tab=repasses';

export const STAFFING_NOTIFICATION_TEMPLATES: Record<
  StaffingNotificationKind,
  {
    to: 'freelancer' | 'restaurant' | 'admin';
    subject: NotificationSubjectType;
    render: (facts: NotificationFacts) => NotificationText;
  }
> = {
  freelancer_confirmed: {
    to: 'restaurant',
    subject: 'assignment',
    render: (facts) => ({
      title: 'Presença confirmada',
      body: `${someone(facts)} confirmou presença no turno de ${shift(facts)}.`,
      link: BUSINESS_AGENDA_LINK,
    }),
  },
  check_in_requested: {
    to: 'restaurant',
    subject: 'assignment',
    render: (facts) => ({
      title: 'Check-in aguardando aprovação',
      body: `${someone(facts)} pediu check-in no turno de ${shift(facts)}. Aprove na Agenda.`,
      link: BUSINESS_AGENDA_LINK,
    }),
  },
  check_out_requested: {
    to: 'restaurant',
    subject: 'assignment',
    render: (facts) => ({
      title: 'Check-out aguardando aprovação',
      body: `${someone(facts)} pediu check-out no turno de ${shift(facts)}. Aprove na Agenda.`,
      link: BUSINESS_AGENDA_LINK,
    }),
  },
  timesheet_disputed: {
    to: 'admin',
    subject: 'timesheet',
    render: (facts) => ({
      title: 'Disputa de horários aberta',
      body: `Os horários do turno de ${someone(facts)} em ${shift(facts)} foram contestados e aguardam decisão.`,
      link: ADMIN_DISPUTES_LINK,
    }),
  },
  payout_failed: {
    to: 'admin',
    subject: 'payout',
    render: (facts) => ({
      title: 'Repasse com falha',
      body: `O Pix de ${formatMoneyCents(facts.amountCents ?? 0)} para ${someone(facts)} pelo turno de ${shift(facts)} falhou${retried(facts)}. Veja em Repasses.`,
      link: ADMIN_PAYOUTS_LINK,
    }),
  },
  payout_held: {
    to: 'admin',
    subject: 'payout',
    render: (facts) => ({
      title: 'Repasse retido',
      body: `O Pix de ${formatMoneyCents(facts.amountCents ?? 0)} para ${someone(facts)} pelo turno de ${shift(facts)} está retido${retried(facts)}: a chave Pix mudou há menos de ${PIX_KEY_HOLD_HOURS} horas. Confira em Repasses.`,
      link: ADMIN_PAYOUTS_LINK,
    }),
  },
};
