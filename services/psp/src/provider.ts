/**
 * What the product needs from a payment service provider, and nothing more: send a Pix to a
 * freelancer's key (idempotent by an id Turno derives), read that send back, and run an invoice's
 * charge with due date (the Central Bank's standard `cobv`). An adapter per PSP implements it
 * (`EfiPixProvider` today); the workers and the BFFs only see this interface.
 */
import type { DictKeyType, PixKeyType, PixSendFailureReason } from '@turno/domain';

export interface PixSendRequest {
  /** Turno's idempotency id (`payoutIdempotencyId` of @turno/domain): the PSP refuses to send it twice. */
  idempotencyId: string;
  amountCents: number;
  /** The key as `normalizePixKey` stores it. */
  key: string;
  keyType: PixKeyType;
  /** Who must own the key: the PSP refuses the send when the DICT says the key is someone else's. */
  payee: { name: string; cpf: string };
  /** Shown to the payee in their bank app (at most 140 characters). */
  description?: string;
}

/**
 * Where a send stands at the PSP:
 * - `processing`: accepted, not settled yet (a webhook or a later read tells the end);
 * - `paid`: settled (`endToEndId` is the Central Bank's id of the transfer);
 * - `failed`: refused or returned for good (`failure` says why, in a code and in pt-BR);
 * - `not_found`: the PSP has no send with that id (it never accepted it: sending is safe).
 */
export type PixSendStatus = 'processing' | 'paid' | 'failed' | 'not_found';

export interface PixSendResult {
  idempotencyId: string;
  status: PixSendStatus;
  endToEndId?: string;
  amountCents?: number;
  /** When the PSP settled it (ISO 8601), for `paid`. */
  settledAt?: string;
  /** `message` is `PIX_SEND_FAILURE_MESSAGES[reason]` (pt-BR); a screen shows `pixSendFailureText(reason)`. */
  failure?: { reason: PixSendFailureReason; message: string; pspCode?: string };
}

export interface DueChargeRequest {
  /** `invoiceChargeTxid` of @turno/domain: 26–35 [a-zA-Z0-9]. */
  txid: string;
  amountCents: number;
  /** YYYY-MM-DD (the invoice's due date). */
  dueDate: string;
  /** Days the charge may still be paid after the due date (the standard's `validadeAposVencimento`, default 30). */
  validDaysAfterDue?: number;
  debtor: { cnpj: string; name: string };
  /** Shown to the payer (`solicitacaoPagador`, at most 140 characters). */
  payerMessage?: string;
  /** Extra lines on the payer's screen (`infoAdicionais`), e.g. the invoice number. */
  info?: { name: string; value: string }[];
}

/** The standard's status of a charge record. */
export type DueChargeStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

/** A Pix received for a charge. */
export interface ReceivedPix {
  endToEndId: string;
  txid?: string;
  amountCents: number;
  /** ISO 8601. */
  paidAt: string;
}

export interface DueCharge {
  txid: string;
  status: DueChargeStatus;
  amountCents: number;
  dueDate: string;
  /** The payload location (the QR code's URL, without scheme). */
  location: string;
  /** The BR Code ("Pix copia e cola") to show and to draw as the QR code. */
  brCode: string;
  revision: number;
  /** Pix received for it (only `getDueCharge` reads them). */
  pix: ReceivedPix[];
}

export interface PixProvider {
  /** Which adapter (for logs and the admin's screens). */
  readonly name: string;
  /**
   * Asks the PSP to send. Idempotent: a second call with the same id never sends again — it answers
   * what the first one became (the adapter reads it back when the PSP says "duplicate").
   * Throws `PspError` (`transient`: retry with the same id; `permanent`: the payout failed).
   */
  sendPix(request: PixSendRequest): Promise<PixSendResult>;
  /** Reads a send by Turno's id (`not_found` when the PSP never accepted it). */
  getPixSend(idempotencyId: string): Promise<PixSendResult>;
  /** Creates (or replaces, while unpaid) the charge with due date of that txid. */
  createDueCharge(request: DueChargeRequest): Promise<DueCharge>;
  /** Reads a charge with the Pix received for it; null when the PSP has none with that txid. */
  getDueCharge(txid: string): Promise<DueCharge | null>;
  /** Removes an unpaid charge (its BR Code stops being payable). A removed or unknown txid is fine. */
  cancelDueCharge(txid: string): Promise<void>;
  /** Registers Turno's webhook URL for the account's Pix key (payments received and sends settled). */
  registerWebhook(url: string): Promise<void>;
}

export type { DictKeyType };
