import type { PaymentHistoryEntry, PaymentPayoutLine } from '@turno/contracts';
import {
  PAYOUT_KIND_LABELS,
  PAYOUT_MESSAGES,
  PAYOUT_STATUS_TONES,
  formatMoney,
  payoutDeductionText,
  payoutOnItsWay,
  payoutStateText,
} from '@turno/domain';

const cents = (reais: number | null | undefined) => Math.round((reais ?? 0) * 100);
const badgeClass = (tone: string) => (tone === 'neutral' ? 't-badge' : `t-badge t-badge--${tone}`);
const MUTED_LINE = { display: 'block', fontSize: 13, marginTop: 4 } as const;

/**
 * A payment's Pix payout (issue 25): its state as a badge toned by state (paid green, on its way
 * neutral/blue, held amber, failed red with what to do), wrapping at 360 px; while on its way, "Seu
 * pagamento chega em alguns minutos via PIX" under it.
 */
export function PayoutState({ entry }: { entry: PaymentHistoryEntry }) {
  if (!entry.payout_status) return null;
  const tone = PAYOUT_STATUS_TONES[entry.payout_status];
  const text = payoutStateText({
    status: entry.payout_status,
    paidAt: entry.payout_paid_at,
    heldUntil: entry.payout_held_until,
    failureReason: entry.payout_failure_reason,
    amountCents:
      entry.payout_amount === undefined || entry.payout_amount === null ? null : cents(entry.payout_amount),
    deductedCents: cents(entry.payout_deducted),
  });
  return (
    <span data-testid="payout-state" data-status={entry.payout_status}>
      <span className={badgeClass(tone)} style={{ whiteSpace: 'normal' }}>
        {text}
      </span>
      {cents(entry.payout_deducted) > 0 && (
        <span className="t-muted" style={MUTED_LINE}>
          {PAYOUT_MESSAGES.deductedFrom(formatMoney(entry.payout_deducted ?? 0))}
        </span>
      )}
      {payoutOnItsWay(entry.payout_status) && (
        <span className="t-muted" style={MUTED_LINE}>
          {PAYOUT_MESSAGES.onItsWay}
        </span>
      )}
    </span>
  );
}

/**
 * A line of a corrected shift (issue 25): a complement ("Complemento do horário corrigido", its
 * amount and its Pix state) or a deduction ("Desconto do horário corrigido", negative, what the next
 * payments still have to take).
 */
export function PayoutLineState({ line }: { line: PaymentPayoutLine }) {
  const complement = line.kind === 'complement';
  const tone = complement
    ? PAYOUT_STATUS_TONES[line.status ?? 'pending']
    : cents(line.remaining) > 0
      ? 'warning'
      : 'success';
  const text = complement
    ? payoutStateText({
        status: line.status ?? 'pending',
        paidAt: line.paid_at,
        heldUntil: line.held_until,
        failureReason: line.failure_reason,
        amountCents: cents(line.amount),
        deductedCents: cents(line.deducted),
      })
    : payoutDeductionText(cents(line.remaining));
  return (
    <span data-testid="payout-line" data-kind={line.kind} data-status={line.status ?? undefined}>
      {/* A complement's worth: what is sent plus what it paid of a deduction. */}
      <strong>
        {formatMoney(complement ? (cents(line.amount) + cents(line.deducted)) / 100 : line.amount)}
      </strong>{' '}
      <span className="t-muted">
        {complement ? PAYOUT_MESSAGES.complementLine : PAYOUT_MESSAGES.deductionLine}
      </span>
      <span
        className={badgeClass(tone)}
        style={{ whiteSpace: 'normal', display: 'inline-block', marginTop: 4 }}
      >
        {text}
      </span>
    </span>
  );
}

/** The label of a line in the card's details: "Complemento", "Desconto", "Complemento 2", … */
export function payoutLineLabel(line: PaymentPayoutLine, before: readonly PaymentPayoutLine[]): string {
  const same = before.filter((other) => other.kind === line.kind).length;
  return same === 0 ? PAYOUT_KIND_LABELS[line.kind] : `${PAYOUT_KIND_LABELS[line.kind]} ${same + 1}`;
}
