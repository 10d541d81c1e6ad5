import { type OpenJob } from '@turno/contracts';
import { formatDateBR, formatMoney, relativeDayLabel } from '@turno/domain';
import { Badge, Card, formatTimeRange } from '@turno/ui';

const payoutStyle = {
  margin: '12px 0 0',
  fontSize: 18,
  fontWeight: 700,
  color: 'var(--t-color-success)',
} as const;

export function OpenJobCard({ job, now }: { job: OpenJob; now: Date }) {
  const relative = relativeDayLabel(job.date_needed, now);
  return (
    <Card
      title={job.title}
      titleAs="h3"
      actions={relative ? <Badge tone="info">{relative}</Badge> : undefined}
    >
      {/* minmax(0, 1fr) and overflowWrap: a long word (Empacotador/Embalador) wraps inside the card. */}
      <dl
        style={{
          margin: 0,
          display: 'grid',
          gridTemplateColumns: 'auto minmax(0, 1fr)',
          gap: '4px 12px',
          overflowWrap: 'anywhere',
        }}
      >
        <dt className="t-muted">Mercado</dt>
        <dd style={{ margin: 0 }}>{job.restaurant_name}</dd>
        <dt className="t-muted">Função</dt>
        <dd style={{ margin: 0 }}>{job.position_type}</dd>
        <dt className="t-muted">Data</dt>
        <dd style={{ margin: 0 }}>{formatDateBR(job.date_needed)}</dd>
        <dt className="t-muted">Horário</dt>
        <dd style={{ margin: 0 }}>{formatTimeRange(job.start_time, job.end_time)}</dd>
        {job.meal_time && (
          <>
            <dt className="t-muted">Refeição</dt>
            <dd style={{ margin: 0 }}>{job.meal_time}</dd>
          </>
        )}
        {job.recommended_attire && (
          <>
            <dt className="t-muted">Vestimenta</dt>
            <dd style={{ margin: 0 }}>{job.recommended_attire}</dd>
          </>
        )}
      </dl>
      <p style={payoutStyle}>Você recebe {formatMoney(job.freelancer_payment_amount)}</p>
    </Card>
  );
}
