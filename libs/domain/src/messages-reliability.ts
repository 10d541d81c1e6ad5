/** pt-BR texts of issue 23 ("Shifts that happen"): the `MESSAGES.reliability` group (see messages.ts). */
import { formatDateTimeBR } from './format';
import {
  APPEAL_NOTE_MAX_LENGTH,
  APPEAL_NOTE_MIN_LENGTH,
  APPEAL_TEXT_MAX_LENGTH,
  APPEAL_TEXT_MIN_LENGTH,
  RELIABILITY_MIN_SHIFTS,
  RELIABILITY_WEIGHTS,
} from './reliability-record';
import {
  LATE_GRACE_MINUTES,
  RELIABILITY_WINDOW_DAYS,
  STRIKES_TO_SUSPEND,
  SUSPENSION_DAYS,
} from './reliability';

export const reliability = {
  /** Strike reasons. */
  reasonLabels: {
    no_show: 'Não compareceu ao turno',
    late_cancel: 'Cancelou o turno com menos de 12 horas',
  } as Record<string, string>,
  /** Appeal states as the freelancer and the admin read them. */
  appealLabels: {
    none: 'Sem recurso',
    pending: 'Recurso em análise',
    upheld: 'Recurso negado: ocorrência mantida',
    removed: 'Recurso aceito: ocorrência removida',
  } as Record<string, string>,
  expiredLabel: 'Expirada',
  activeLabel: 'Ativa',
  removedLabel: 'Removida',

  /** Suspension (apply refused, banner). */
  suspended: (until: Date | string | number) =>
    `Você está suspenso de se candidatar até ${formatDateTimeBR(new Date(until))} por ter ${STRIKES_TO_SUSPEND} ocorrências ativas. Veja suas ocorrências no Perfil.`,
  suspendedTitle: 'Candidaturas suspensas',
  suspensionRule: `${STRIKES_TO_SUSPEND} ocorrências ativas suspendem as candidaturas por ${SUSPENSION_DAYS} dias. Cada ocorrência expira em 90 dias.`,

  /** Service refusals. */
  strikeNotFound: 'Ocorrência não encontrada.',
  appealTextLength: `Escreva o recurso com ${APPEAL_TEXT_MIN_LENGTH} a ${APPEAL_TEXT_MAX_LENGTH} caracteres.`,
  noteLength: `Escreva a observação com ${APPEAL_NOTE_MIN_LENGTH} a ${APPEAL_NOTE_MAX_LENGTH} caracteres.`,
  alreadyAppealed: 'Esta ocorrência já tem um recurso. Cada ocorrência pode ter um recurso só.',
  appealWindowClosed: 'O prazo de 7 dias para recorrer desta ocorrência terminou.',
  appealRemoved: 'Esta ocorrência já foi removida.',
  noPendingAppeal: 'Este recurso já foi decidido ou não existe.',
  alreadyDecided: 'Este recurso já foi decidido com outra decisão.',
  invalidDecision: "Decisão inválida: use 'uphold' (manter) ou 'remove' (remover ocorrência).",

  /** Success answers. */
  appealSent: 'Recurso enviado! A equipe Turno vai analisar e responder aqui.',
  decidedUpheld: 'Ocorrência mantida. O freelancer verá a decisão e a observação.',
  decidedRemoved: 'Ocorrência removida. O freelancer verá a decisão e a observação.',

  /** "Ocorrências" (freelancer). */
  screenTitle: 'Ocorrências',
  screenSubtitle:
    'Não comparecimentos e cancelamentos tardios dos últimos 12 meses. Cada ocorrência conta por 90 dias.',
  openScreen: 'Ver ocorrências',
  closeScreen: 'Fechar ocorrências',
  empty: 'Nenhuma ocorrência. Continue assim!',
  loadFailed: 'Não foi possível carregar suas ocorrências.',
  retry: 'Tentar novamente',
  activeCount: (n: number) => (n === 1 ? '1 ocorrência ativa' : `${n} ocorrências ativas`),
  givenAtLabel: 'Data',
  expiresAtLabel: 'Expira em',
  shiftLabel: 'Turno',
  appealLabel: 'Recurso',
  appealDeadline: (deadline: Date | string | number) =>
    `Você pode recorrer até ${formatDateTimeBR(new Date(deadline))}.`,
  yourAppeal: 'Seu recurso',
  decisionNote: 'Resposta da equipe',
  appealButton: 'Recorrer',
  appealTitle: 'Recorrer da ocorrência',
  appealHint: `Explique o que aconteceu (${APPEAL_TEXT_MIN_LENGTH} a ${APPEAL_TEXT_MAX_LENGTH} caracteres). Cada ocorrência pode ter um recurso só.`,
  appealTextLabel: 'Seu recurso',
  appealSubmit: 'Enviar recurso',
  cancel: 'Cancelar',
  sending: 'Enviando...',

  /** The score (Perfil, the business's applicants). */
  scoreLabel: 'Confiabilidade',
  scoreValue: (score: number) => `${score}/100`,
  noHistory: 'Sem histórico',
  scoreExplanation: `Confiabilidade dos últimos ${RELIABILITY_WINDOW_DAYS} dias: ${RELIABILITY_WEIGHTS.attendance}% presença nos turnos, ${RELIABILITY_WEIGHTS.punctuality}% pontualidade (check-in até ${LATE_GRACE_MINUTES} min após o início) e ${RELIABILITY_WEIGHTS.cancellations}% sem cancelamentos tardios; aparece a partir de ${RELIABILITY_MIN_SHIFTS} turnos.`,
  completedShifts: (n: number) => (n === 1 ? '1 turno concluído' : `${n} turnos concluídos`),
  sortLabel: 'Ordenar por',
  sortApplied: 'Ordem de candidatura',
  sortScore: 'Confiabilidade',

  /** "Disputas" (admin). */
  disputesTitle: 'Disputas',
  disputesSubtitle: 'Recursos de ocorrências aguardando decisão.',
  disputesEmpty: 'Nenhuma disputa pendente.',
  disputesLoadFailed: 'Não foi possível carregar as disputas.',
  disputeKindLabels: { strike_appeal: 'Recurso de ocorrência' } as Record<string, string>,
  freelancerLabel: 'Freelancer',
  reasonLabel: 'Motivo',
  appealedAtLabel: 'Recurso em',
  decide: 'Decidir',
  decideTitle: 'Decidir recurso',
  keep: 'Manter',
  remove: 'Remover ocorrência',
  noteLabel: 'Observação para o freelancer',
  noteHint: `De ${APPEAL_NOTE_MIN_LENGTH} a ${APPEAL_NOTE_MAX_LENGTH} caracteres. O freelancer verá esta observação.`,
  statusFilterLabel: 'Situação',
  statusLabels: { pending: 'Pendentes', decided: 'Decididas' } as Record<string, string>,
  decisionLabels: { upheld: 'Mantida', removed: 'Removida' } as Record<string, string>,
} as const;
