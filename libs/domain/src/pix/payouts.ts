/**
 * Payouts to freelancers (issue 25): one Pix send per completed shift. Its states, the hold on a
 * freshly changed Pix key, and what "Finanças" and "Repasses" say of each state.
 */
import { formatDateBR } from '../format';
import { saoPauloDate, saoPauloTime } from '../time';
import { pixSendFailureText, type PixSendFailureReason } from './pix-messages';

/**
 * `pending` (waiting for the sender) → `sending` (handed to the PSP) → `paid`, or `failed` (the
 * PSP's reason); `held` while the Pix key changed less than {@link PIX_KEY_HOLD_HOURS} ago. `paid`
 * is final; `failed` ends an attempt (an admin's retry starts the next one).
 */
export const PAYOUT_STATUSES = ['pending', 'held', 'sending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

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
} as const;

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
