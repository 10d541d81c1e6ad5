import { FreelancerOptionsPageSchema, type FreelancerOption, type Job } from '@turno/contracts';
import { formatDateBR, formatPhone } from '@turno/domain';
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
 * server's order); "Alocar" stays disabled until both a job and a freelancer are chosen.
 */
export function AssignDialog({ jobs, initialJobId, busy, onAssign, onCancel, fetchImpl }: AssignDialogProps) {
  const [jobId, setJobId] = useState(initialJobId === null ? '' : String(initialJobId));
  const [freelancerId, setFreelancerId] = useState('');
  const [options, setOptions] = useState<FreelancerOption[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchBff(`${FREELANCER_OPTIONS_URL}?eligible=assignable&limit=200`, FreelancerOptionsPageSchema, {
      signal: controller.signal,
      fetchImpl,
    }).then(
      (page) => setOptions(page.items),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadError(error instanceof Error ? error.message : String(error));
      },
    );
    return () => controller.abort();
  }, [fetchImpl]);

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
      {loadError && <Alert tone="danger">{loadError}</Alert>}
      {!options && !loadError && <Loading label="Carregando freelancers..." />}
      {options && (
        <SelectField
          label="Freelancer"
          hint="Somente freelancers aprovados e disponíveis."
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
