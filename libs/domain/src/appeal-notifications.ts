/**
 * The notifications of strike appeals (issue 23's appeals, told as issue 26 tells the rest): every
 * admin hears of an appeal waiting for a decision (on "Disputas"), the freelancer of the decision
 * (kept or removed; the team's note is on "Ocorrências", in Perfil). Their side, subject, pt-BR texts
 * and links, spread into NOTIFICATION_TEMPLATES (notifications.ts). Both are about the strike.
 */
import { formatDateBR } from './format';
import { reliability } from './messages-reliability';
import type { NotificationFacts, NotificationSubjectType, NotificationText } from './notifications';
import { ADMIN_DISPUTES_LINK } from './staffing-notifications';

export type AppealNotificationKind = 'strike_appealed' | 'strike_appeal_decided';

/** The freelancer's Perfil: its "Confiabilidade" card opens "Ocorrências" (the decision and its note). */
export const FREELANCER_PROFILE_LINK = '/dashboard/perfil';

const shift = (facts: NotificationFacts) =>
  `${facts.position} (${facts.businessName}, ${formatDateBR(facts.date)} às ${facts.start})`;
const someone = (facts: NotificationFacts) => facts.freelancerName?.trim() || 'O freelancer';

export const APPEAL_NOTIFICATION_TEMPLATES: Record<
  AppealNotificationKind,
  {
    to: 'freelancer' | 'restaurant' | 'admin';
    subject: NotificationSubjectType;
    render: (facts: NotificationFacts) => NotificationText;
  }
> = {
  strike_appealed: {
    to: 'admin',
    subject: 'strike',
    render: (facts) => ({
      title: 'Recurso de ocorrência',
      body: `${someone(facts)} recorreu da ocorrência do turno de ${shift(facts)}. Decida em Disputas.`,
      link: ADMIN_DISPUTES_LINK,
    }),
  },
  strike_appeal_decided: {
    to: 'freelancer',
    subject: 'strike',
    render: (facts) =>
      facts.strikeRemoved
        ? {
            title: reliability.appealLabels.removed!,
            body: `Seu recurso da ocorrência do turno de ${shift(facts)} foi aceito: a ocorrência foi removida e não conta mais. Veja a resposta da equipe em Perfil, em Ocorrências.`,
            link: FREELANCER_PROFILE_LINK,
          }
        : {
            title: reliability.appealLabels.upheld!,
            body: `Seu recurso da ocorrência do turno de ${shift(facts)} foi analisado: a ocorrência foi mantida. Veja a resposta da equipe em Perfil, em Ocorrências.`,
            link: FREELANCER_PROFILE_LINK,
          },
  },
};
