import { AdminJobApplicationsPageSchema, type AdminJobApplication, type Job } from '@turno/contracts';
import {
  APPLICATION_STATUS_LABELS,
  MESSAGES,
  formatDateBR,
  formatPhone,
  formatRatingAverage,
} from '@turno/domain';
import {
  Alert,
  Badge,
  Button,
  fetchBff,
  formatTimeRange,
  formatTimestampBR,
  Loading,
  type Tone,
} from '@turno/ui';
import { useEffect, useState } from 'react';
import { FreelancerPhoto } from '../freelancers/FreelancersView';
import { Dialog } from '../shared/Dialog';
import { jobApplicationsUrl } from './job-actions';

const STATUS_TONES: Record<AdminJobApplication['status'], Tone> = {
  pending: 'warning',
  accepted: 'success',
  rejected: 'danger',
};

export interface ApplicationsDialogProps {
  job: Job;
  /** The application being decided (`accept-12` / `reject-12`), or null. */
  running: string | null;
  /** Asks for confirmation, then decides; resolves when done (the list reloads). */
  onAccept: (application: AdminJobApplication) => Promise<void>;
  onReject: (application: AdminJobApplication) => Promise<void>;
  onClose: () => void;
  fetchImpl?: typeof fetch;
}

/**
 * The applications modal (spec 02 §2): the job, the rule that accepting one rejects the others and
 * allocates at once, and each applicant with accept/reject while pending.
 */
export function ApplicationsDialog({
  job,
  running,
  onAccept,
  onReject,
  onClose,
  fetchImpl,
}: ApplicationsDialogProps) {
  const [items, setItems] = useState<AdminJobApplication[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchBff(`${jobApplicationsUrl(job.id)}?limit=200`, AdminJobApplicationsPageSchema, {
      signal: controller.signal,
      fetchImpl,
    }).then(
      (page) => setItems(page.items),
      (failure: unknown) => {
        if (!controller.signal.aborted)
          setError(failure instanceof Error ? failure.message : String(failure));
      },
    );
    return () => controller.abort();
  }, [job.id, version, fetchImpl]);
  const reload = () => setVersion((n) => n + 1);
  const busy = running !== null;

  return (
    <Dialog
      title={`Candidaturas (${items?.length ?? 0})`}
      wide
      busy={busy}
      onClose={onClose}
      actions={
        <Button variant="ghost" onClick={onClose} disabled={busy}>
          Fechar
        </Button>
      }
    >
      <p style={{ margin: 0 }}>
        <strong>{job.title}</strong> · {job.restaurant_name} · {formatDateBR(job.date_needed)}{' '}
        {formatTimeRange(job.start_time, job.end_time)}
      </p>
      <Alert tone="info">{MESSAGES.applications.acceptExplanation}</Alert>
      {error && <Alert tone="danger">{error}</Alert>}
      {!items && !error && <Loading />}
      {items?.length === 0 && <p className="t-muted">Nenhuma candidatura para esta vaga.</p>}
      {items && items.length > 0 && (
        <ul className="t-stack" style={{ listStyle: 'none', margin: 0, padding: 0, gap: 12 }}>
          {items.map((a) => (
            <li key={a.id} className="t-card" style={{ padding: 12 }}>
              <div className="t-row" style={{ gap: 10, alignItems: 'flex-start', flexWrap: 'nowrap' }}>
                <FreelancerPhoto url={a.profile_photo_url} name={a.freelancer_name} />
                <div style={{ minWidth: 0, flex: 1 }}>
                  <div className="t-row" style={{ gap: 6 }}>
                    <strong>{a.freelancer_name}</strong>
                    <Badge tone={STATUS_TONES[a.status]}>{APPLICATION_STATUS_LABELS[a.status]}</Badge>
                  </div>
                  <div className="t-muted" style={{ fontSize: 14 }}>
                    {a.experience_years} ano(s) de experiência ·{' '}
                    {a.rating === null ? 'Sem avaliações' : `★ ${formatRatingAverage(a.rating)}`} ·{' '}
                    {a.total_jobs} trabalho(s)
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
                    disabled={busy}
                    busy={running === `accept-${a.id}`}
                    aria-label={`Aceitar ${a.freelancer_name}`}
                    onClick={() => void onAccept(a).then(reload)}
                  >
                    Aceitar
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={busy}
                    busy={running === `reject-${a.id}`}
                    aria-label={`Rejeitar ${a.freelancer_name}`}
                    onClick={() => void onReject(a).then(reload)}
                  >
                    Rejeitar
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
