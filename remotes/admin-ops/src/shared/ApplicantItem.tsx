import { type AdminJobApplication } from '@turno/contracts';
import { APPLICATION_STATUS_LABELS, formatPhone, formatRatingAverage, plural } from '@turno/domain';
import { Badge, Button, formatTimestampBR, type Tone } from '@turno/ui';
import { FreelancerPhoto } from '../freelancers/FreelancersView';

const STATUS_TONES: Record<AdminJobApplication['status'], Tone> = {
  pending: 'warning',
  accepted: 'success',
  rejected: 'danger',
};

export interface ApplicantItemProps {
  application: AdminJobApplication;
  /** An action is running: the buttons wait. */
  disabled: boolean;
  /** The action running (`accept-12` / `reject-12`), to show on its button. */
  running?: string | null;
  onAccept: () => void;
  onReject: () => void;
}

/**
 * One applicant of a job (spec 02 §2, the applications modal and page): photo or "SEM FOTO", name,
 * status, experience, rating, total jobs, phone, specialties, message and when they applied (Sao
 * Paulo time); accept and reject while the application is pending.
 */
export function ApplicantItem({ application: a, disabled, running, onAccept, onReject }: ApplicantItemProps) {
  return (
    <li className="t-card" style={{ padding: 12 }} data-testid={`application-${a.id}`}>
      <div className="t-row" style={{ gap: 10, alignItems: 'flex-start', flexWrap: 'nowrap' }}>
        <FreelancerPhoto url={a.profile_photo_url} name={a.freelancer_name} />
        <div style={{ minWidth: 0, flex: 1 }}>
          <div className="t-row" style={{ gap: 6 }}>
            <strong>{a.freelancer_name}</strong>
            <Badge tone={STATUS_TONES[a.status]}>{APPLICATION_STATUS_LABELS[a.status]}</Badge>
          </div>
          <div className="t-muted" style={{ fontSize: 14 }}>
            {plural(a.experience_years, 'ano', 'anos')} de experiência ·{' '}
            {a.rating === null ? 'Sem avaliações' : `★ ${formatRatingAverage(a.rating)}`} ·{' '}
            {plural(a.total_jobs, 'trabalho', 'trabalhos')}
            {a.freelancer_phone && ` · ${formatPhone(a.freelancer_phone)}`}
          </div>
          {a.specialties.length > 0 && <div style={{ fontSize: 14 }}>{a.specialties.join(', ')}</div>}
          {a.application_message && <p style={{ margin: '6px 0 0' }}>“{a.application_message}”</p>}
          <div className="t-muted" style={{ fontSize: 13 }}>
            Candidatura em {formatTimestampBR(a.applied_at)}
          </div>
        </div>
      </div>
      {a.status === 'pending' && (
        <div className="t-row" style={{ gap: 6, marginTop: 8, justifyContent: 'flex-end' }}>
          <Button
            size="sm"
            disabled={disabled}
            busy={running === `accept-${a.id}`}
            aria-label={`Aceitar ${a.freelancer_name}`}
            onClick={onAccept}
          >
            Aceitar
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={disabled}
            busy={running === `reject-${a.id}`}
            aria-label={`Rejeitar ${a.freelancer_name}`}
            onClick={onReject}
          >
            Rejeitar
          </Button>
        </div>
      )}
    </li>
  );
}
