import type { PaymentHistoryEntry } from '@turno/contracts';
import { PAYOUT_MESSAGES, PAYOUT_STATUS_TONES, payoutOnItsWay, payoutStateText } from '@turno/domain';

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
  });
  return (
    <span data-testid="payout-state" data-status={entry.payout_status}>
      <span
        className={tone === 'neutral' ? 't-badge' : `t-badge t-badge--${tone}`}
        style={{ whiteSpace: 'normal' }}
      >
        {text}
      </span>
      {payoutOnItsWay(entry.payout_status) && (
        <span className="t-muted" style={{ display: 'block', fontSize: 13, marginTop: 4 }}>
          {PAYOUT_MESSAGES.onItsWay}
        </span>
      )}
    </span>
  );
}
