import { type DisputedTimesheet } from '@turno/contracts';
import { MESSAGES, formatDateBR, formatDateTimeBR, formatMoney } from '@turno/domain';
import { formatTimeRange } from '@turno/ui';

const when = (iso: string | null) => (iso ? formatDateTimeBR(new Date(iso)) : '—');
const money = (value: number | null) => (value === null ? '—' : formatMoney(value));

/** What the admin reads of a timesheet dispute: the shift, both times, both sides' words and the amounts today. */
export function TimesheetDisputeSummary({ dispute }: { dispute: DisputedTimesheet }) {
  const t = MESSAGES.timesheets;
  return (
    <div className="t-stack" style={{ gap: 4 }}>
      <strong style={{ overflowWrap: 'anywhere' }}>
        {dispute.freelancerName} · {dispute.restaurantName}
      </strong>
      <span>
        {dispute.jobTitle} · {formatDateBR(dispute.dateNeeded)} ·{' '}
        {formatTimeRange(dispute.startTime, dispute.endTime)}
      </span>
      <span>{t.adminRecorded(when(dispute.recordedCheckInAt), when(dispute.recordedCheckOutAt))}</span>
      <span>
        {t.adminProposed(t.proposedBy[dispute.proposedBy], when(dispute.checkInAt), when(dispute.checkOutAt))}
      </span>
      <span style={{ overflowWrap: 'anywhere' }}>{t.adminReason(dispute.reason)}</span>
      {dispute.disputeReason && (
        <span style={{ overflowWrap: 'anywhere' }}>{t.disputeNote(dispute.disputeReason)}</span>
      )}
      <span className="t-muted">
        {t.adminAmounts(money(dispute.restaurantPaymentAmount), money(dispute.freelancerPaymentAmount))}
      </span>
    </div>
  );
}
