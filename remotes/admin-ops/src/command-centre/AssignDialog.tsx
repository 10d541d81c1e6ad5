import { FreelancerOptionsPageSchema, type FreelancerOption, type Job } from '@turno/contracts';
import { formatDateBR, formatPhone, MESSAGES } from '@turno/domain';
import { Alert, Button, Dialog, fetchBff, formatTimeRange, Loading, SelectField } from '@turno/ui';
import { useEffect, useState } from 'react';
import { FREELANCER_OPTIONS_URL } from './job-actions';

export interface AssignDialogProps {
  /** The open jobs to choose from (the list shown), and the one chosen first. */
  jobs: readonly Job[];
  initialJobId: number | null;
  busy: boolean;
  onAssign: (jobId: number, freelancerId: number) => void;
  onCancel: () => void;
  fetchImpl?: typeof fetch;
}

const jobLabel = (job: Job) =>
  `#${job.id} · ${job.title} · ${job.restaurant_name} · ${formatDateBR(job.date_needed)} ${formatTimeRange(job.start_time, job.end_time)}`;

/**
 * "Alocar Freelancer" (spec 02 §2): only approved and available freelancers, sorted by name (the
 * server's order), and of those only the ones free for the chosen job (not blocked by its business,
 * no overlapping shift), so a choice offered is one the server accepts; "Alocar" stays disabled until both a job and a freelancer are chosen.
 */
export function AssignDialog({ jobs, initialJobId, busy, onAssign, onCancel, fetchImpl }: AssignDialogProps) {
  const [jobId, setJobId] = useState(initialJobId === null ? '' : String(initialJobId));
  const [freelancerId, setFreelancerId] = useState('');
  // The freelancers offered for the chosen job, read again when the job changes: only those the
  // server would assign to it (approved, available, not blocked there, free at that time).
  const [loaded, setLoaded] = useState<{ jobId: string; items: FreelancerOption[] } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    if (jobId === '') return;
    const controller = new AbortController();
    setLoadError(null);
    fetchBff(
      `${FREELANCER_OPTIONS_URL}?eligible=assignable&job_id=${jobId}&limit=200`,
      FreelancerOptionsPageSchema,
      {
        signal: controller.signal,
        fetchImpl,
      },
    ).then(
      (page) => {
        setLoaded({ jobId, items: page.items });
        setFreelancerId((chosen) => (page.items.some((f) => String(f.id) === chosen) ? chosen : ''));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadError(error instanceof Error ? error.message : String(error));
      },
    );
    return () => controller.abort();
  }, [fetchImpl, jobId]);
  const options = loaded?.jobId === jobId ? loaded.items : null;

  const ready = jobId !== '' && freelancerId !== '';
  return (
    <Dialog
      title="Alocar Freelancer"
      busy={busy}
      onClose={onCancel}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button disabled={!ready} busy={busy} onClick={() => onAssign(Number(jobId), Number(freelancerId))}>
            Alocar
          </Button>
        </>
      }
    >
      <SelectField label="Vaga" value={jobId} onChange={(e) => setJobId(e.target.value)}>
        <option value="">Selecione uma vaga</option>
        {jobs.map((job) => (
          <option key={job.id} value={job.id}>
            {jobLabel(job)}
          </option>
        ))}
      </SelectField>
      {jobId === '' && <p className="t-muted">{MESSAGES.assignments.chooseJobFirst}</p>}
      {loadError && <Alert tone="danger">{loadError}</Alert>}
      {jobId !== '' && !options && !loadError && <Loading label="Carregando freelancers..." />}
      {options && options.length === 0 && <Alert tone="info">{MESSAGES.assignments.noneAssignable}</Alert>}
      {options && options.length > 0 && (
        <SelectField
          label="Freelancer"
          hint={MESSAGES.assignments.assignableHint}
          value={freelancerId}
          onChange={(e) => setFreelancerId(e.target.value)}
        >
          <option value="">Selecione um freelancer</option>
          {options.map((f) => (
            <option key={f.id} value={f.id}>
              {f.phone ? `${f.name} · ${formatPhone(f.phone)}` : f.name}
            </option>
          ))}
        </SelectField>
      )}
    </Dialog>
  );
}
