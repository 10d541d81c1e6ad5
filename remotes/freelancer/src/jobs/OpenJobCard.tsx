import { type FreelancerMe, type OpenJob } from '@turno/contracts';
import { formatDateBR, formatMoney, relativeDayLabel } from '@turno/domain';
import { Badge, Card, formatTimeRange } from '@turno/ui';
import { Details, WrappingTitle } from '../shared/Details';
import { ApplyControl } from './ApplyControl';

const payoutStyle = {
  margin: '12px 0',
  fontSize: 18,
  fontWeight: 700,
  color: 'var(--t-color-success)',
} as const;

/** Neighbourhood and city of the business, "Vila Mariana, São Paulo - SP" (its name and street come after acceptance). */
export function areaText(job: Pick<OpenJob, 'restaurant_neighborhood' | 'restaurant_city'>): string | null {
  const parts = [job.restaurant_neighborhood, job.restaurant_city].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

export interface OpenJobCardProps {
  job: OpenJob;
  now: Date;
  me: FreelancerMe | undefined;
  onApplied: () => void;
  fetchImpl?: typeof fetch;
}

/**
 * One vacancy (spec 01 "Vagas"): position, day ("Hoje"/"Amanhã"), times, meal break, attire,
 * description, where (neighbourhood and city only) and "Você recebe R$ …", then "Candidatar-se".
 */
export function OpenJobCard({ job, now, me, onApplied, fetchImpl }: OpenJobCardProps) {
  const relative = relativeDayLabel(job.date_needed, now);
  return (
    <Card
      title={<WrappingTitle>{job.title}</WrappingTitle>}
      titleAs="h3"
      actions={relative ? <Badge tone="info">{relative}</Badge> : undefined}
    >
      <Details
        lines={[
          { label: 'Local', value: areaText(job) ?? 'Informado após a aceitação' },
          { label: 'Função', value: job.position_type },
          { label: 'Data', value: formatDateBR(job.date_needed) },
          { label: 'Horário', value: formatTimeRange(job.start_time, job.end_time) },
          { label: 'Refeição', value: job.meal_time },
          { label: 'Vestimenta', value: job.recommended_attire },
        ]}
      />
      {job.description && (
        <p style={{ margin: '10px 0 0', overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {job.description}
        </p>
      )}
      <p style={payoutStyle}>Você recebe {formatMoney(job.freelancer_payment_amount)}</p>
      <ApplyControl
        jobId={job.id}
        jobTitle={job.title}
        me={me}
        hasApplied={job.has_applied}
        onApplied={onApplied}
        fetchImpl={fetchImpl}
      />
    </Card>
  );
}
