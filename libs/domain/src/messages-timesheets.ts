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
  autoAccepted: (at: Date) =>
    `Esta correção foi aceita automaticamente em ${formatDateTimeBR(at)}, sem resposta em 24 horas.`,
  notDisputed: 'Só uma correção em disputa pode ser decidida.',
  decisionNoteLength: (min: number, max: number) =>
    `Registre o motivo da decisão (${min} a ${max} caracteres).`,
  proposed: 'Correção enviada. A outra parte tem 24 horas para responder; sem resposta, ela é aceita.',
  accepted: 'Correção aceita. O pagamento segue os novos horários.',
  disputed: 'Correção contestada. O suporte vai decidir.',
  decided: 'Decisão registrada.',
} as const;
