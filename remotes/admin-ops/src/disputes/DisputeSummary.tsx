import { type AdminDispute } from '@turno/contracts';
import { MESSAGES, formatDateBR } from '@turno/domain';
import { formatTimestampBR } from '@turno/ui';

/** One appeal's facts: freelancer, reason, shift, when, and the freelancer's text. */
export function DisputeSummary({ dispute }: { dispute: AdminDispute }) {
  const t = MESSAGES.reliability;
  const shift = dispute.shift;
  return (
    <dl
      style={{
        margin: 0,
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        gap: '4px 12px',
        overflowWrap: 'anywhere',
      }}
    >
      <dt className="t-muted">{t.freelancerLabel}</dt>
      <dd style={{ margin: 0 }}>{dispute.freelancer_name}</dd>
      <dt className="t-muted">{t.reasonLabel}</dt>
      <dd style={{ margin: 0 }}>{t.reasonLabels[dispute.reason] ?? dispute.reason}</dd>
      {shift && (
        <>
          <dt className="t-muted">{t.shiftLabel}</dt>
          <dd style={{ margin: 0 }}>
            {shift.title} · {shift.restaurant_name} · {formatDateBR(shift.date_needed)} {shift.start_time}–
            {shift.end_time}
          </dd>
        </>
      )}
      <dt className="t-muted">{t.appealedAtLabel}</dt>
      <dd style={{ margin: 0 }}>{formatTimestampBR(dispute.submitted_at)}</dd>
      <dt className="t-muted">{t.appealLabel}</dt>
      <dd style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{dispute.text}</dd>
      {dispute.decision_note && (
        <>
          <dt className="t-muted">{t.decisionNote}</dt>
          <dd style={{ margin: 0 }}>{dispute.decision_note}</dd>
        </>
      )}
    </dl>
  );
}
