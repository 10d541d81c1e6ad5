import { type Job } from '@turno/contracts';
import {
  ASSIGNMENT_STATUS_LABELS,
  formatDateBR,
  formatMoney,
  parseInstant,
  relativeDayLabel,
  saoPauloTime,
  plural,
} from '@turno/domain';
import { Badge, formatTimeRange } from '@turno/ui';
import { Fragment, type CSSProperties } from 'react';
import { FreelancerPhoto } from '../freelancers/FreelancersView';
import { JobActions, type JobRowActions } from './JobActions';
import { JobStatusCell } from './JobStatusCell';

const cardStyle: CSSProperties = { padding: '14px 16px', display: 'flex', flexDirection: 'column', gap: 10 };
const fieldsStyle: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: '4px 12px',
  margin: 0,
  fontSize: 14,
};
/** The title takes the row; on a narrow card the badges go below it rather than break its words. */
const titleStyle: CSSProperties = {
  margin: 0,
  fontSize: 17,
  flex: '1 1 14rem',
  minWidth: 0,
  overflowWrap: 'break-word',
};
const freelancerStyle: CSSProperties = { display: 'flex', gap: 10, alignItems: 'flex-start', fontSize: 14 };

/** 'HH:MM' in Sao Paulo of a wire timestamp, or null. */
function clock(timestamp: string | null): string | null {
  const instant = parseInstant(timestamp);
  return instant ? saoPauloTime(instant) : null;
}

/** The assigned freelancer: photo, name, assignment status and the times of the shift so far. */
function FreelancerBlock({ job }: { job: Job }) {
  if (!job.freelancer_name)
    return (
      <p className="t-muted" style={{ margin: 0, fontSize: 14 }}>
        Sem freelancer
      </p>
    );
  const times = [
    ['A caminho', clock(job.on_the_way_time)],
    ['Check-in solicitado', clock(job.freelancer_checkin_request_time)],
    ['Check-in', clock(job.check_in_time)],
    ['Check-out solicitado', clock(job.freelancer_checkout_request_time)],
    ['Check-out', clock(job.check_out_time)],
  ].filter((entry): entry is [string, string] => entry[1] !== null);
  return (
    <div style={freelancerStyle}>
      <FreelancerPhoto url={job.freelancer_profile_photo_url} name={job.freelancer_name} />
      <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <strong>{job.freelancer_name}</strong>
        {job.assignment_status && (
          <div className="t-muted">{ASSIGNMENT_STATUS_LABELS[job.assignment_status]}</div>
        )}
        {times.length > 0 && (
          <div className="t-muted" style={{ fontSize: 13 }}>
            {times.map(([label, time], index) => (
              <Fragment key={label}>
                {index > 0 && ' · '}
                {label} {time}
              </Fragment>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

export interface JobCardProps {
  job: Job;
  now: Date;
  /** Pending applications of the job (its badge when above zero). */
  applicationCount: number;
  /** The job's buttons; none in a read-only list. */
  actions?: JobRowActions;
}

/**
 * A job as a card (spec 02, Controle Mercado's agenda): title, ADMIN badge, status badge with the
 * on-the-way time, application count, date, time range, rate, meal time, the assigned freelancer
 * (photo, name, status, times), the description and the command centre's actions.
 */
export function JobCard({ job, now, applicationCount, actions }: JobCardProps) {
  const relative = relativeDayLabel(job.date_needed, now);
  const titleId = `job-card-${job.id}-title`;
  return (
    <li className="t-card" style={cardStyle} aria-labelledby={titleId} data-testid="job-card">
      <div className="t-row" style={{ gap: 6, alignItems: 'flex-start' }}>
        <h4 id={titleId} style={titleStyle}>
          {job.title}
        </h4>
        {job.created_by_admin && <Badge tone="neutral">ADMIN</Badge>}
        <JobStatusCell job={job} />
        {applicationCount > 0 && (
          <Badge tone="info">{plural(applicationCount, 'candidatura', 'candidaturas')}</Badge>
        )}
      </div>
      <dl style={fieldsStyle}>
        {job.position_type !== job.title && (
          <>
            <dt className="t-muted">Função</dt>
            <dd style={{ margin: 0 }}>{job.position_type}</dd>
          </>
        )}
        <dt className="t-muted">Data</dt>
        <dd style={{ margin: 0 }}>
          <span className="t-row" style={{ gap: 6 }}>
            {formatDateBR(job.date_needed)}
            {relative && <Badge tone="info">{relative}</Badge>}
          </span>
        </dd>
        <dt className="t-muted">Horário</dt>
        <dd style={{ margin: 0 }}>{formatTimeRange(job.start_time, job.end_time)}</dd>
        <dt className="t-muted">Valor</dt>
        <dd style={{ margin: 0 }}>{formatMoney(job.hourly_rate)}</dd>
        <dt className="t-muted">Refeição</dt>
        <dd style={{ margin: 0 }}>{job.meal_time ?? <span className="t-muted">Não informada</span>}</dd>
      </dl>
      <FreelancerBlock job={job} />
      {job.description && (
        <p style={{ margin: 0, fontSize: 14, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {job.description}
        </p>
      )}
      {actions && <JobActions job={job} actions={actions} applicationsLabel="Ver Candidaturas" />}
    </li>
  );
}
