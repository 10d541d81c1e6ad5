/**
 * Payouts to freelancers (issue 25): one Pix send per completed shift. Its states, the hold on a
 * freshly changed Pix key, and what "Finanças" and "Repasses" say of each state.
 */
import { formatDateBR, formatMoneyCents } from '../format';
import { saoPauloDate, saoPauloTime } from '../time';
import { pixSendFailureText, type PixSendFailureReason } from './pix-messages';

/**
 * `pending` (waiting for the sender) → `sending` (handed to the PSP) → `paid`, or `failed` (the
 * PSP's reason); `held` while the Pix key changed less than {@link PIX_KEY_HOLD_HOURS} ago. `paid`
 * is final; `failed` ends an attempt (an admin's retry starts the next one).
 */
export const PAYOUT_STATUSES = ['pending', 'held', 'sending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * What a payout pays: `shift` — the shift's payout, created by its completion (one per assignment);
 * `complement` — the difference of a timesheet raised after the shift's payout left (`sending` or
 * `paid`), one per settled proposal. A timesheet cut after the payout left is no payout but a
 * deduction (`payout_deductions`): an amount the freelancer owes, taken from their next payouts
 * before they are sent.
 */
/**
 * Whether a payout's amount may still change (a deduction taken, a timesheet correction in place):
 * it is `pending` or `held` and its current attempt (idempotency id) was never handed to the PSP.
 * Once handed (`sending`, or `pending` again after the PSP said it had no such send, `handedAt` =
 * its `sending_since` kept), the PSP may hold that id with that amount and answers a second request
 * under it with the first one: a deduction taken then would be recorded as paid while the freelancer
 * received the whole amount.
 */
export function isPayoutAmountOpen(
  status: PayoutStatus,
  handedAt: Date | string | null | undefined,
): boolean {
  return (status === 'pending' || status === 'held') && !handedAt;
}

export const PAYOUT_KINDS = ['shift', 'complement'] as const;
export type PayoutKind = (typeof PAYOUT_KINDS)[number];
/** What a line of "Repasses" or of a shift in "Finanças" is: a payout of a kind, or a deduction. */
export const PAYOUT_ENTRY_KINDS = [...PAYOUT_KINDS, 'deduction'] as const;
export type PayoutEntryKind = (typeof PAYOUT_ENTRY_KINDS)[number];
export const PAYOUT_KIND_LABELS: Record<PayoutEntryKind, string> = {
  shift: 'Turno',
  complement: 'Complemento',
  deduction: 'Desconto',
};

/** A payout to a Pix key changed less than this many hours ago waits (fraud: a taken-over account). */
export const PIX_KEY_HOLD_HOURS = 24;
const HOUR_MS = 3_600_000;

/** When a payout to a key changed at `keyChangedAt` may leave, or null when it need not wait at `now`. */
export function payoutHeldUntil(keyChangedAt: Date | null | undefined, now: Date): Date | null {
  if (!keyChangedAt) return null;
  const until = new Date(keyChangedAt.getTime() + PIX_KEY_HOLD_HOURS * HOUR_MS);
  return until > now ? until : null;
}

/** A payout `sending` for longer than this is asked of the PSP by the sweep (lost answer, lost webhook). */
export const PAYOUT_SENDING_CHECK_AFTER_MS = 2 * 60_000;

/** How a payout's state reads to its freelancer ("Finanças") and to the admin ("Repasses"). */
export interface PayoutStateView {
  status: PayoutStatus;
  /** What is (was) sent by Pix, after deductions; 0 with `paid`: nothing was sent (see below). */
  amountCents?: number | null;
  /** What was taken from it to settle the freelancer's deductions. */
  deductedCents?: number | null;
  paidAt?: Date | string | null;
  heldUntil?: Date | string | null;
  failureReason?: PixSendFailureReason | null;
}

export const PAYOUT_MESSAGES = {
  pending: 'Na fila de envio',
  sending: 'Enviado',
  paid: 'Pago',
  held: 'Retido: chave Pix alterada há menos de 24 h',
  /** The line under "Finanças" while a payment is on its way. */
  onItsWay: 'Seu pagamento chega em alguns minutos via PIX',
  retried: 'Repasse reenviado.',
  released: 'Repasse liberado para envio.',
  markedPaid: 'Repasse marcado como pago fora da plataforma.',
  notFound: 'Repasse não encontrado',
  notRetryable: 'Só um repasse que falhou pode ser reenviado.',
  notReleasable: 'Só um repasse retido pode ser liberado.',
  alreadyPaid: 'Este repasse já foi pago.',
  sendingCannotBeMarked:
    'Este repasse está em envio ao banco: aguarde o resultado antes de marcá-lo como pago.',
  reasonRequired: 'Informe o motivo (pelo menos 5 caracteres).',
  heldUntil: (until: string) => `Retido até ${until}: chave Pix alterada há menos de 24 h`,
  /** "Repasses" (admin-billing). */
  listLoadFailed: 'Não foi possível carregar os repasses.',
  totalsLoadFailed: 'Não foi possível carregar os totais por dia.',
  invalidPeriod: 'A data inicial do período deve ser anterior ou igual à final.',
  periodTooLong: 'Escolha um período de até 366 dias.',
  empty: 'Nenhum repasse com estes filtros.',
  retryConfirm: (name: string, amount: string) =>
    `Reenviar o repasse de ${amount} para ${name}? Um novo Pix será enviado à chave atual do freelancer.`,
  releaseConfirm: (name: string, amount: string) =>
    `Liberar agora o repasse de ${amount} para ${name}? A chave Pix foi alterada há menos de 24 h.`,
  markPaidConfirm: (name: string, amount: string) =>
    `Marcar como pago o repasse de ${amount} para ${name}? Use quando o valor foi pago fora da plataforma.`,
  reasonLabel: 'Motivo (como foi pago)',
  /** A payout a timesheet correction or a deduction left at R$ 0: settled without a Pix. */
  settledByDeduction: 'Quitado com desconto de valor a devolver — nenhum Pix enviado',
  zeroAfterCorrection: 'Sem valor a pagar após a correção do horário',
  /** The lines of a corrected shift ("Finanças") and the kinds of "Repasses". */
  complementLine: 'Complemento do horário corrigido',
  deductionLine: 'Desconto do horário corrigido',
  deductedFrom: (amount: string) => `Desconto aplicado: -${amount}`,
  deductionOpen: (remaining: string) => `A descontar dos próximos pagamentos: ${remaining}`,
  deductionSettled: 'Descontado dos pagamentos seguintes',
} as const;

/** A deduction's state: what is still owed ("A descontar…: R$ 12,00") or settled. */
export function payoutDeductionText(remainingCents: number): string {
  return remainingCents > 0
    ? PAYOUT_MESSAGES.deductionOpen(formatMoneyCents(remainingCents))
    : PAYOUT_MESSAGES.deductionSettled;
}

/** The short name of each state, for the filter of "Repasses". */
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'Na fila',
  held: 'Retido',
  sending: 'Enviado',
  paid: 'Pago',
  failed: 'Falhou',
};

/** The tone of a state's badge: paid green, on its way neutral/info, held warning, failed danger. */
export const PAYOUT_STATUS_TONES: Record<
  PayoutStatus,
  'success' | 'info' | 'neutral' | 'warning' | 'danger'
> = {
  pending: 'neutral',
  sending: 'info',
  paid: 'success',
  held: 'warning',
  failed: 'danger',
};

/** Whether the freelancer's payment is on its way ("Seu pagamento chega em alguns minutos via PIX"). */
export const payoutOnItsWay = (status: PayoutStatus | null | undefined): boolean =>
  status === 'pending' || status === 'sending';

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** "Pago às 14:32", "Enviado", "Falhou: chave Pix inválida — atualize seu Perfil", … */
export function payoutStateText(view: PayoutStateView): string {
  switch (view.status) {
    case 'paid':
      if (view.amountCents === 0)
        return (view.deductedCents ?? 0) > 0
          ? PAYOUT_MESSAGES.settledByDeduction
          : PAYOUT_MESSAGES.zeroAfterCorrection;
      return view.paidAt ? `Pago às ${saoPauloTime(asDate(view.paidAt))}` : PAYOUT_MESSAGES.paid;
    case 'failed':
      return pixSendFailureText(view.failureReason ?? 'unknown');
    case 'held':
      return view.heldUntil
        ? PAYOUT_MESSAGES.heldUntil(
            `${formatDateBR(saoPauloDate(asDate(view.heldUntil)))} às ${saoPauloTime(asDate(view.heldUntil))}`,
          )
        : PAYOUT_MESSAGES.held;
    case 'sending':
      return PAYOUT_MESSAGES.sending;
    default:
      return PAYOUT_MESSAGES.pending;
  }
}
