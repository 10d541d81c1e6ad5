/**
 * How a call to the PSP failed, classified for whoever retries it:
 * - `transient`: nothing is known to be wrong with the request — a timeout, a connection reset, a 5xx,
 *   a 429 (with the PSP's Retry-After). Retry later with the same idempotency id. When the request may
 *   have reached the PSP (`outcomeUnknown`), ask it (`getPixSend`) before anything else.
 * - `permanent`: the PSP refused the request itself (4xx: invalid key, insufficient funds, bad data,
 *   credentials). Retrying the same request gives the same answer: fail the payout (with `reason`),
 *   or alert the operator for `auth`/`config`.
 */
import { PIX_SEND_FAILURE_MESSAGES, type PixSendFailureReason } from '@turno/domain';

export type PspErrorKind = 'transient' | 'permanent';

export interface PspErrorDetails {
  kind: PspErrorKind;
  /** HTTP status, when there was an answer. */
  status?: number;
  /** The PSP's error name (`nome` of Efí, the last segment of the standard's problem `type`). */
  code?: string;
  /** For a 429 or 503 with Retry-After: how long to wait. */
  retryAfterMs?: number;
  /** The request may have been processed (a timeout or a reset after it was written). */
  outcomeUnknown?: boolean;
  /** For a refused send: the product's reason code (pt-BR text in `failureMessage`). */
  reason?: PixSendFailureReason;
  /** Credentials or certificate refused: an operator must act, a retry will not help. */
  auth?: boolean;
}

export class PspError extends Error {
  readonly kind: PspErrorKind;
  readonly status?: number;
  readonly code?: string;
  readonly retryAfterMs?: number;
  readonly outcomeUnknown: boolean;
  readonly reason?: PixSendFailureReason;
  readonly auth: boolean;

  constructor(message: string, details: PspErrorDetails) {
    super(message);
    this.name = 'PspError';
    this.kind = details.kind;
    this.status = details.status;
    this.code = details.code;
    this.retryAfterMs = details.retryAfterMs;
    this.outcomeUnknown = details.outcomeUnknown ?? false;
    this.reason = details.reason;
    this.auth = details.auth ?? false;
  }

  get transient(): boolean {
    return this.kind === 'transient';
  }

  /** The pt-BR text of a refused send ("chave Pix inválida — atualize seu Perfil"). */
  get failureMessage(): string | undefined {
    return this.reason ? PIX_SEND_FAILURE_MESSAGES[this.reason] : undefined;
  }
}

export function isPspError(error: unknown): error is PspError {
  return error instanceof PspError;
}

/** True when retrying (with the same idempotency id) may succeed: a transient PSP error, or anything unexpected. */
export function isRetryable(error: unknown): boolean {
  return isPspError(error) ? error.transient : true;
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or malformed. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The product's reason for a PSP error name. Efí answers `{ nome, mensagem }` (names such as
 * `chave_invalida`, `saldo_insuficiente`); the standard answers a problem whose `type` ends in the
 * error's name. Matched by meaning, so an unknown name falls to `unknown`.
 */
export function failureReasonOf(code: string | undefined, message = ''): PixSendFailureReason {
  const text = `${code ?? ''} ${message}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  if (/duplicad|ja_existe|ja existe|idenvio.*(uso|utilizad)|conflit/.test(text)) return 'duplicate';
  if (/(cpf|cnpj|documento|titular).*(diverg|nao (corresponde|pertence)|invalid)|nao pertence/.test(text))
    return 'key_owner_mismatch';
  if (/chave.*(nao_encontrada|nao encontrada|inexistente)|dict.*nao/.test(text)) return 'key_not_found';
  if (/chave.*invalid|invalid.*chave|key.*invalid/.test(text)) return 'invalid_key';
  if (/saldo/.test(text)) return 'insufficient_funds';
  if (/limite/.test(text)) return 'limit_exceeded';
  if (/recusad|rejeitad|devolvid|conta.*(encerrad|bloquead)/.test(text)) return 'rejected_by_receiver';
  return 'unknown';
}
