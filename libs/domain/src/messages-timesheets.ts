/** pt-BR texts of timesheet corrections (issue 23, "Timesheets"): the `MESSAGES.timesheets` group (see messages.ts). */
import { formatDateTimeBR } from './format';

export const timesheets = {
  notCompleted: 'Só é possível corrigir os horários de um turno concluído.',
  windowClosed: 'O prazo de 48 horas após o check-out para propor uma correção terminou.',
  alreadyOpen: 'Já existe uma correção de horários em aberto para este turno.',
  timesOrder: 'O check-out deve ser depois do check-in.',
  timesTooEarly: 'O check-in proposto não pode ser mais de 1 hora antes do início previsto.',
  timesTooLate: 'O check-out proposto não pode ser mais de 12 horas depois do fim previsto.',
  reasonLength: (min: number, max: number) => `Explique o motivo da correção (${min} a ${max} caracteres).`,
  disputeReasonLength: (min: number, max: number) =>
    `Explique o motivo da contestação (${min} a ${max} caracteres).`,
  notFound: 'Correção de horários não encontrada.',
  ownProposal: 'Quem propôs a correção não pode respondê-la: aguarde a outra parte.',
  notPending: 'Esta correção já foi respondida.',
  autoAccepted: (at: Date | string | number) =>
    `Esta correção foi aceita automaticamente em ${formatDateTimeBR(new Date(at))}, sem resposta em 24 horas.`,
  notDisputed: 'Só uma correção em disputa pode ser decidida.',
  decisionNoteLength: (min: number, max: number) =>
    `Registre o motivo da decisão (${min} a ${max} caracteres).`,
  proposed: 'Correção enviada. A outra parte tem 24 horas para responder; sem resposta, ela é aceita.',
  accepted: 'Correção aceita. O pagamento segue os novos horários.',
  disputed: 'Correção contestada. O suporte vai decidir.',
  decided: 'Decisão registrada.',
  // The correction panel (libs/ui TimesheetCorrection).
  panelTitle: 'Horários do turno',
  recorded: (checkIn: string, checkOut: string) => `Registrado: entrada ${checkIn}, saída ${checkOut}.`,
  proposeButton: 'Corrigir horários',
  proposeTitle: 'Propor correção de horários',
  checkInLabel: 'Entrada',
  checkOutLabel: 'Saída',
  reasonLabel: 'Motivo da correção',
  reasonHint: 'A outra parte verá o motivo. Sem resposta em 24 horas, a correção é aceita.',
  send: 'Enviar correção',
  cancel: 'Cancelar',
  accept: 'Aceitar correção',
  dispute: 'Contestar',
  disputeReasonLabel: 'Por que você contesta?',
  sendDispute: 'Enviar contestação',
  invalidTime: 'Informe data e hora.',
  workedPreview: (duration: string) => `Tempo trabalhado no horário previsto: ${duration}.`,
  waitingOther: (deadline: string) =>
    `Aguardando a outra parte até ${deadline}. Sem resposta, a correção é aceita.`,
  waitingYou: (deadline: string) => `Responda até ${deadline}: sem resposta, a correção é aceita.`,
  windowClosedAt: (deadline: string) => `O prazo para corrigir estes horários terminou em ${deadline}.`,
  windowOpenUntil: (deadline: string) => `Você pode propor uma correção até ${deadline}.`,
  proposedBy: { freelancer: 'Proposta do freelancer', restaurant: 'Proposta do mercado' },
  proposedTimes: (checkIn: string, checkOut: string) => `Entrada ${checkIn}, saída ${checkOut}`,
  disputeNote: (text: string) => `Contestação: ${text}`,
  decisionNote: (label: string, text: string) => `Decisão do suporte: ${label}. ${text}`,
  // The admin's "Disputas" (timesheet disputes).
  adminTitle: 'Horários contestados',
  adminSubtitle:
    'Correções de horário que uma parte propôs e a outra contestou. A decisão define o pagamento.',
  adminEmpty: 'Nenhum horário contestado.',
  adminLoadFailed: 'Não foi possível carregar os horários contestados.',
  adminDecide: 'Decidir',
  adminDecideTitle: 'Decidir horários contestados',
  adminRecorded: (checkIn: string, checkOut: string) => `Registrado: entrada ${checkIn}, saída ${checkOut}`,
  adminProposed: (who: string, checkIn: string, checkOut: string) =>
    `${who}: entrada ${checkIn}, saída ${checkOut}`,
  adminAmounts: (charge: string, payout: string) =>
    `Hoje: mercado paga ${charge}, freelancer recebe ${payout}`,
  adminReason: (text: string) => `Motivo: ${text}`,
  adminDecisionLabel: 'Decisão',
  adminNoteLabel: 'Observação (as duas partes verão)',
  adminConfirm: 'Registrar decisão',
} as const;
