/**
 * The identifiers Turno gives the PSP, derived from its own ids so that a retry, a restarted worker
 * or a webhook always names the same thing:
 * - the txid of an invoice's charge with due date (standard API Pix: `cobv` txid, 26–35 [a-zA-Z0-9]);
 * - the idempotency id of a freelancer's payout (Efí's `idEnvio`, 1–35 [a-zA-Z0-9]): the PSP refuses
 *   a second send with the same id, and is asked by it whether the first one went through.
 */

/** txid of an immediate charge (cob) or a charge with due date (cobv): 26–35 characters [a-zA-Z0-9]. */
export const CHARGE_TXID_SHAPE = /^[a-zA-Z0-9]{26,35}$/;
/** txid as a received Pix (or a static BR Code) may carry it: 1–35 characters [a-zA-Z0-9]. */
export const PIX_TXID_SHAPE = /^[a-zA-Z0-9]{1,35}$/;
/** Efí's idEnvio (the idempotency id of a Pix send): 1–35 characters [a-zA-Z0-9]. */
export const PIX_SEND_ID_SHAPE = /^[a-zA-Z0-9]{1,35}$/;

/** True for a txid a charge (cob or cobv) may have: 26–35 characters [a-zA-Z0-9]. */
export function isValidChargeTxid(txid: string): boolean {
  return CHARGE_TXID_SHAPE.test(txid);
}

/** True for an idempotency id a Pix send may have (Efí's idEnvio: 1–35 characters [a-zA-Z0-9]). */
export function isValidPixSendId(id: string): boolean {
  return PIX_SEND_ID_SHAPE.test(id);
}

const INVOICE_TXID_PREFIX = 'TURNOFATURA';
const PAYOUT_ID_PREFIX = 'TURNOREPASSE';
/** Digits of a whole id: Number.MAX_SAFE_INTEGER has 16. */
const ID_DIGITS = 16;
const REVISION_DIGITS = 4;
const ATTEMPT_DIGITS = 3;

function wholeId(id: number, what: string): string {
  if (!Number.isSafeInteger(id) || id <= 0)
    throw new RangeError(`${what} must be a positive whole number, got ${id}`);
  return String(id).padStart(ID_DIGITS, '0');
}

function counter(value: number, digits: number, what: string): string {
  if (!Number.isInteger(value) || value < 0 || value >= 10 ** digits)
    throw new RangeError(`${what} must be a whole number 0–${10 ** digits - 1}, got ${value}`);
  return String(value).padStart(digits, '0');
}

/**
 * The txid of an invoice's Pix charge: 'TURNOFATURA' + the invoice id (16 digits) + 'R' + the
 * charge's revision (4 digits) — 32 characters. Revision 0 is the first charge; a regenerated
 * invoice whose charge was cancelled takes the next revision (a removed cobv's txid is never reused).
 * Invoice 42 → 'TURNOFATURA0000000000000042R0000'.
 */
export function invoiceChargeTxid(invoiceId: number, revision = 0): string {
  return `${INVOICE_TXID_PREFIX}${wholeId(invoiceId, 'invoice id')}R${counter(revision, REVISION_DIGITS, 'revision')}`;
}

/** The invoice and revision a txid of `invoiceChargeTxid` names; null for any other txid. */
export function invoiceOfChargeTxid(txid: string): { invoiceId: number; revision: number } | null {
  const match = new RegExp(`^${INVOICE_TXID_PREFIX}(\\d{${ID_DIGITS}})R(\\d{${REVISION_DIGITS}})$`).exec(
    txid,
  );
  if (!match) return null;
  const invoiceId = Number(match[1]);
  return invoiceId > 0 && Number.isSafeInteger(invoiceId) ? { invoiceId, revision: Number(match[2]) } : null;
}

/**
 * The idempotency id of the payout of an assignment (Efí's idEnvio): 'TURNOREPASSE' + the
 * assignment id (16 digits) + 'T' + the attempt (3 digits) — 32 characters. Attempt 0 is the
 * payout the completion creates; only an admin's "retry" of a payout the PSP refused for good
 * (a rejected idEnvio is final) takes the next attempt. A worker's retry after a timeout or a 5xx
 * keeps the same id: the PSP then answers for the first send instead of sending again.
 * Assignment 7 → 'TURNOREPASSE0000000000000007T000'.
 */
export function payoutIdempotencyId(assignmentId: number, attempt = 0): string {
  return `${PAYOUT_ID_PREFIX}${wholeId(assignmentId, 'assignment id')}T${counter(attempt, ATTEMPT_DIGITS, 'attempt')}`;
}

/**
 * The idempotency id of a complement payout (a raised timesheet after the shift's payout left;
 * issue 25): 'TURNOREPASSE' + the payout's own id (16 digits) + 'C' + the attempt (3 digits) — 32
 * characters like the shift's. The letter keeps it apart from every shift payout's id ('T'), the
 * payout id (unique) from every other complement's, the attempt from its own earlier sends.
 * Payout 9 → 'TURNOREPASSE0000000000000009C000'.
 */
export function payoutComplementIdempotencyId(payoutId: number, attempt = 0): string {
  return `${PAYOUT_ID_PREFIX}${wholeId(payoutId, 'payout id')}C${counter(attempt, ATTEMPT_DIGITS, 'attempt')}`;
}

/** The assignment and attempt an id of `payoutIdempotencyId` names; null for any other id. */
export function assignmentOfPayoutId(id: string): { assignmentId: number; attempt: number } | null {
  const match = new RegExp(`^${PAYOUT_ID_PREFIX}(\\d{${ID_DIGITS}})T(\\d{${ATTEMPT_DIGITS}})$`).exec(id);
  if (!match) return null;
  const assignmentId = Number(match[1]);
  return assignmentId > 0 && Number.isSafeInteger(assignmentId)
    ? { assignmentId, attempt: Number(match[2]) }
    : null;
}
