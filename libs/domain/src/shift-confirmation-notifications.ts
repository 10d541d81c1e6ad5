/**
 * The notifications of confirmations and reminders (issue 26): their side, subject, pt-BR texts
 * and links, spread into NOTIFICATION_TEMPLATES (notifications.ts). Each is about the assignment;
 * the freelancer's link opens the shift on Trabalhos with its one-tap "Confirmar presença".
 */
import { formatDateBR } from './format';
import type { NotificationFacts, NotificationSubjectType, NotificationText } from './notifications';
import { SHIFT_CONFIRMATION_MESSAGES, UNCONFIRMED_DEADLINE_HOURS } from './shift-confirmation';

type Kind =
  'shift_confirmation_request' | 'shift_reminder' | 'shift_unconfirmed' | 'shift_released_unconfirmed';

const shift = (facts: NotificationFacts) =>
  `${facts.position} (${facts.businessName}, ${formatDateBR(facts.date)} às ${facts.start})`;
const someone = (facts: NotificationFacts) => facts.freelancerName?.trim() || 'O freelancer';

/** The freelancer's shift on Trabalhos (`?turno=<assignment id>` scrolls to it and offers the confirm). */
export const shiftLink = (assignmentId: number | undefined) =>
  assignmentId ? `/dashboard/trabalhos?turno=${assignmentId}` : '/dashboard/trabalhos';

export const SHIFT_CONFIRMATION_TEMPLATES: Record<
  Kind,
  {
    to: 'freelancer' | 'restaurant';
    subject: NotificationSubjectType;
    render: (facts: NotificationFacts) => NotificationText;
  }
> = {
  shift_confirmation_request: {
    to: 'freelancer',
    subject: 'assignment',
    render: (facts) => ({
      title: SHIFT_CONFIRMATION_MESSAGES.question(facts.date, facts.start, facts.askedAt ?? new Date()),
      body: `Toque para confirmar sua presença no turno de ${shift(facts)}.`,
      link: shiftLink(facts.assignmentId),
    }),
  },
  shift_reminder: {
    to: 'freelancer',
    subject: 'assignment',
    render: (facts) => ({
      title: 'Seu turno começa em 2 horas',
      body: `Lembrete: ${shift(facts)}. Bom trabalho!`,
      link: shiftLink(facts.assignmentId),
    }),
  },
  shift_unconfirmed: {
    to: 'restaurant',
    subject: 'assignment',
    render: (facts) =>
      facts.released
        ? {
            title: 'Turno liberado automaticamente',
            body: `${someone(facts)} não confirmou presença no turno de ${shift(facts)}. A vaga voltou a receber candidaturas.`,
            link: '/dashboard/agenda',
          }
        : {
            title: 'Presença não confirmada',
            body: `${someone(facts)} não confirmou presença no turno de ${shift(facts)} até ${UNCONFIRMED_DEADLINE_HOURS} horas antes. Você pode liberar a vaga na Agenda.`,
            link: '/dashboard/agenda',
          },
  },
  shift_released_unconfirmed: {
    to: 'freelancer',
    subject: 'assignment',
    render: (facts) => ({
      title: 'Turno liberado',
      body: `Como sua presença não foi confirmada, o turno de ${shift(facts)} foi liberado para outros freelancers.`,
      link: '/dashboard/trabalhos',
    }),
  },
};
