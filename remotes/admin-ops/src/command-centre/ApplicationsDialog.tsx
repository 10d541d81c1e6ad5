import { type AdminJobApplication, type Job } from '@turno/contracts';
import { MESSAGES, formatDateBR } from '@turno/domain';
import { Alert, Button, Dialog, formatTimeRange, Loading } from '@turno/ui';
import { useState } from 'react';
import { ApplicantItem } from '../shared/ApplicantItem';
import { useJobApplications } from '../shared/useJobApplications';

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
  const [version, setVersion] = useState(0);
  const { items, error } = useJobApplications(job.id, version, fetchImpl);
  const reload = () => setVersion((n) => n + 1);
  const busy = running !== null;

  return (
    <Dialog
      closeButton={false}
      title={`Candidaturas (${items?.length ?? 0})`}
      busy={busy}
      onClose={onClose}
      footer={
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
            <ApplicantItem
              key={a.id}
              application={a}
              disabled={busy}
              running={running}
              onAccept={() => void onAccept(a).then(reload)}
              onReject={() => void onReject(a).then(reload)}
            />
          ))}
        </ul>
      )}
    </Dialog>
  );
}
