/**
 * pt-BR texts of issue 23 ("Shifts that happen"), check-out: `MESSAGES.checkOut` (the approval
 * dialog and the service's refusals) and `MESSAGES.checkOutNotice` (the freelancer's completion
 * notice); the panel's pending-request badges are in messages-pending-requests.ts, a module of its
 * own so the restaurant's first screen does not carry the dialog's texts (see messages.ts).
 */
import { formatMoney } from './format';
import { formatHoursMinutes } from './hours-minutes';

export const checkOut = {
  /** Service refusals. */
  requestBeforeCheckIn:
    'O horário do check-out não pode ser anterior ao do check-in. Confira o relógio do aparelho.',
  payBasisChanged:
    'Este turno já foi concluído com outra forma de pagamento. Correções de horário serão feitas pela folha de horas.',
  requestMissingYet: (hours: number) =>
    `Não há solicitação de check-out para aprovar. Sem solicitação, o check-out pode ser confirmado ${hours} horas após o fim previsto do turno.`,
  invalidPay: "Forma de pagamento inválida: use 'worked' (tempo trabalhado) ou 'full' (turno completo).",

  /** The approval dialog. */
  approveTitle: 'Aprovar check-out',
  confirmTitle: 'Confirmar check-out',
  checkInTitle: 'Aprovar check-in',
  checkInLabel: 'Check-in',
  requestedCheckOutLabel: 'Check-out solicitado',
  confirmedCheckOutLabel: 'Check-out (fim previsto)',
  checkInRequestedLabel: 'Check-in solicitado',
  scheduleLabel: 'Horário previsto',
  workedLabel: 'Tempo trabalhado',
  amountLabel: 'Valor do turno',
  noRequestNote:
    'O freelancer não solicitou check-out. O check-out será registrado no fim previsto do turno.',
  earlyDepartureTitle: 'Saída antecipada',
  earlyDeparture: (workedMinutes: number, scheduledMinutes: number) =>
    `O freelancer saiu antes do fim previsto: trabalhou ${formatHoursMinutes(workedMinutes)} de ${formatHoursMinutes(scheduledMinutes)}.`,
  byWorkedAmount: (reais: number) => `Pelo tempo trabalhado: ${formatMoney(reais)}`,
  fullAmount: (reais: number) => `Turno completo: ${formatMoney(reais)}`,
  approveWorked: 'Aprovar pelo tempo trabalhado',
  payFull: 'Pagar turno completo',
  payFullHint:
    'Escolha “Pagar turno completo” apenas se o mercado decidir pagar o turno inteiro mesmo com a saída antecipada.',
  approve: 'Aprovar',
  approveCheckIn: 'Aprovar check-in',
  cancel: 'Cancelar',
  checkInConfirm: (time: string) => `Confirmar o check-in do freelancer às ${time}?`,
} as const;

/** The freelancer's completion notice: what was actually paid. */
export const checkOutNotice = {
  earlyDeparturePaid: (paidMinutes: number) =>
    `Saída antecipada: pago pelo tempo trabalhado (${formatHoursMinutes(paidMinutes)})`,
  paidAmount: (reais: number) => `Valor pago: ${formatMoney(reais)}`,
} as const;
