import { type FreelancerMe, type OpenJob } from '@turno/contracts';
import {
  INVITATION_MESSAGES,
  formatDateBR,
  formatMoney,
  formatVacancyDistance,
  relativeDayLabel,
} from '@turno/domain';
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
  /** Issue 26: the freelancer is placed, so each vacancy says how far it is (or "distância desconhecida"). */
  showDistance?: boolean;
  onApplied: () => void;
  fetchImpl?: typeof fetch;
}

/**
 * One vacancy (spec 01 "Vagas"): position, day ("Hoje"/"Amanhã"), times, meal break, attire,
 * description, where (neighbourhood and city only, and how far: "a 3,2 km") and "Você recebe R$ …",
 * then "Candidatar-se".
 */
export function OpenJobCard({ job, now, me, showDistance = false, onApplied, fetchImpl }: OpenJobCardProps) {
  const relative = relativeDayLabel(job.date_needed, now);
  // Issue 26 "Chamar de novo": the business invited this freelancer; only invitees may apply until then.
  const invitation = job.invitation ?? null;
  const exclusive = invitation !== null && new Date(invitation.exclusive_until).getTime() > now.getTime();
  const badges =
    invitation || relative ? (
      <span className="t-row" style={{ gap: 6 }}>
        {invitation && (
          <span data-testid="invitation-badge">
            <Badge tone="success">{INVITATION_MESSAGES.badge}</Badge>
          </span>
        )}
        {relative && <Badge tone="info">{relative}</Badge>}
      </span>
    ) : undefined;
  return (
    <Card title={<WrappingTitle>{job.title}</WrappingTitle>} titleAs="h3" actions={badges}>
      {exclusive && (
        <p className="t-muted" style={{ margin: '0 0 8px' }} data-testid="invitation-until">
          {INVITATION_MESSAGES.badgeUntil(invitation.exclusive_until)}
        </p>
      )}
      <Details
        lines={[
          { label: 'Local', value: areaText(job) ?? 'Informado após a aceitação' },
          ...(showDistance ? [{ label: 'Distância', value: formatVacancyDistance(job.distance_km) }] : []),
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
