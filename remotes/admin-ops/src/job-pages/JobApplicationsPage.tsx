import { type AdminJob, type AdminJobApplication, type RemoteAppProps } from '@turno/contracts';
import { MESSAGES, formatDateBR, formatMoney } from '@turno/domain';
import { Alert, Button, ConfirmDialog, formatTimeRange, Loading } from '@turno/ui';
import { useState } from 'react';
import { acceptApplication, rejectApplication } from '../command-centre/job-actions';
import { ApplicantItem } from '../shared/ApplicantItem';
import { FeedbackAlert } from '../shared/FeedbackAlert';
import { useJobApplications } from '../shared/useJobApplications';
import { useAction } from '../shared/useAction';
import { useAdminJob } from './job-pages';

export interface JobApplicationsPageProps extends RemoteAppProps {
  fetchImpl?: typeof fetch;
}

/** "Vaga não encontrada" with the way back (spec 02 §2), on both job pages. */
export function JobMissing({
  navigate,
  to,
  label,
}: {
  navigate?: (to: string) => void;
  to: string;
  label: string;
}) {
  return (
    <Alert tone="danger" title={MESSAGES.jobs.notFound} data-testid="job-missing">
      {navigate ? (
        <Button variant="secondary" size="sm" onClick={() => navigate(to)}>
          {label}
        </Button>
      ) : (
        <a href={to}>{label}</a>
      )}
    </Alert>
  );
}

function JobInfo({ job }: { job: AdminJob }) {
  return (
    <div className="t-card" style={{ padding: 16 }} data-testid="job-info">
      <div className="t-row" style={{ gap: 8, justifyContent: 'space-between' }}>
        <h3 style={{ margin: 0 }}>{job.position_type}</h3>
        <span className="t-muted">{job.restaurant_name}</span>
      </div>
      <p style={{ margin: '6px 0 0' }}>
        {formatDateBR(job.date_needed)} · {formatTimeRange(job.start_time, job.end_time)} ·{' '}
        {formatMoney(job.hourly_rate)}
      </p>
      {job.description && <p style={{ margin: '6px 0 0' }}>{job.description}</p>}
    </div>
  );
}

/**
 * /admin/jobs/{jobId}/applications (spec 02 §2): the job, "Candidaturas (n)" with each applicant's
 * photo or "SEM FOTO", status, experience, rating, phone, date, specialties and message; accept and
 * reject (confirmed) for pending applications only.
 */
export function JobApplicationsPage({ params, navigate, fetchImpl }: JobApplicationsPageProps) {
  const [version, setVersion] = useState(0);
  const load = useAdminJob(params?.jobId, version, fetchImpl);
  const action = useAction();
  const [confirming, setConfirming] = useState<{ application: AdminJobApplication; accept: boolean } | null>(
    null,
  );
  const jobId = load.state === 'found' ? load.job.id : null;
  const { items, error: listError } = useJobApplications(jobId, version, fetchImpl);

  if (load.state === 'loading') return <Loading />;
  if (load.state === 'missing')
    return <JobMissing navigate={navigate} to="/admin/jobs" label="Voltar às vagas" />;
  if (load.state === 'failed') return <Alert tone="danger">{load.message}</Alert>;

  const decide = async (application: AdminJobApplication, accept: boolean) => {
    const done = await action.run(
      `${accept ? 'accept' : 'reject'}-${application.id}`,
      (): Promise<unknown> =>
        accept ? acceptApplication(application.id, fetchImpl) : rejectApplication(application.id, fetchImpl),
      {
        success: () => (accept ? MESSAGES.applications.accepted : MESSAGES.applications.rejected),
        failure: accept ? MESSAGES.applications.acceptFailed : MESSAGES.applications.rejectFailed,
      },
    );
    setConfirming(null);
    if (done) setVersion((n) => n + 1);
  };
  const busy = action.running !== null;

  return (
    <div className="t-stack" style={{ gap: 16 }}>
      <JobInfo job={load.job} />
      <FeedbackAlert feedback={action.feedback} onDismiss={() => action.setFeedback(null)} />
      <h3 style={{ margin: 0 }}>Candidaturas ({items?.length ?? 0})</h3>
      {listError && <Alert tone="danger">{listError}</Alert>}
      {!items && !listError && <Loading />}
      {items?.length === 0 && <p className="t-muted">Nenhuma candidatura para esta vaga.</p>}
      {items && items.length > 0 && (
        <ul className="t-stack" style={{ listStyle: 'none', margin: 0, padding: 0, gap: 12 }}>
          {items.map((a) => (
            <ApplicantItem
              key={a.id}
              application={a}
              disabled={busy}
              running={action.running}
              onAccept={() => setConfirming({ application: a, accept: true })}
              onReject={() => setConfirming({ application: a, accept: false })}
            />
          ))}
        </ul>
      )}
      {confirming && (
        <ConfirmDialog
          title={confirming.accept ? 'Aceitar candidatura' : 'Rejeitar candidatura'}
          message={
            confirming.accept
              ? MESSAGES.confirmations.acceptApplication
              : MESSAGES.confirmations.rejectApplication
          }
          confirmLabel={confirming.accept ? 'Aceitar' : 'Rejeitar'}
          tone={confirming.accept ? 'primary' : 'danger'}
          busy={busy}
          onConfirm={() => void decide(confirming.application, confirming.accept)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
