import { type AdminJobUpdateRequest, type Job } from '@turno/contracts';
import { MESSAGES, formatMoney, freelancerPayout, platformCommission } from '@turno/domain';
import { Alert, Button, Dialog } from '@turno/ui';
import { useState, type FormEvent } from 'react';
import { PendingApplicationsNote } from './PendingApplicationsNote';
import { DescriptionField, JobFields } from '../shared/JobFields';
import {
  jobFieldValuesOf,
  positionChoicesFor,
  jobFieldsBody,
  jobFieldsMissing,
  jobShiftOf,
  type JobFieldValues,
} from '../shared/job-fields';

export interface JobEditDialogProps {
  job: Job;
  busy: boolean;
  error: string | null;
  onSave: (body: AdminJobUpdateRequest) => void;
  onCancel: () => void;
  /** For tests: the fetch of the pending-applications note (the browser's by default). */
  fetchImpl?: typeof fetch;
}

interface JobForm extends JobFieldValues {
  dateNeeded: string;
}

/**
 * Inline edit of a job from the command centre (spec 02 §5 "Job edit"): a new workload or start
 * recomputes the end and the price shown (the server recomputes them too) and clears the meal time.
 */
export function JobEditDialog({ job, busy, error, onSave, onCancel, fetchImpl }: JobEditDialogProps) {
  const [form, setForm] = useState<JobForm>(() => ({
    dateNeeded: job.date_needed,
    ...jobFieldValuesOf(job),
  }));
  const [checkError, setCheckError] = useState<string | null>(null);
  const set = (patch: Partial<JobForm>) => setForm({ ...form, ...patch });
  const shift = jobShiftOf(form);
  const charge = shift.charge ?? job.hourly_rate;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.dateNeeded || jobFieldsMissing(form)) {
      setCheckError(MESSAGES.jobs.requiredFields);
      return;
    }
    setCheckError(null);
    onSave({ dateNeeded: form.dateNeeded, ...jobFieldsBody(form, shift) });
  };
  const formId = `job-edit-${job.id}`;
  const shown = checkError ?? error;
  return (
    <Dialog
      title={`Editar Vaga #${job.id}`}
      busy={busy}
      onClose={onCancel}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            Salvar Alterações
          </Button>
        </>
      }
    >
      <p style={{ margin: 0 }} className="t-muted">
        {job.restaurant_name}
      </p>
      <PendingApplicationsNote jobId={job.id} status={job.status} fetchImpl={fetchImpl} />
      {shown && <Alert tone="danger">{shown}</Alert>}
      <form id={formId} onSubmit={submit} className="t-form-grid" noValidate>
        <JobFields values={form} shift={shift} onChange={set} positions={positionChoicesFor(job)} />
      </form>
      <DescriptionField value={form.description} onChange={set} />
      <p style={{ margin: 0 }} data-testid="job-edit-costs">
        Cobrança {formatMoney(charge)} · Freelancer {formatMoney(freelancerPayout(charge))} · Comissão{' '}
        {formatMoney(platformCommission(charge))}
      </p>
      <p className="t-muted" style={{ margin: 0, fontSize: 13 }}>
        {MESSAGES.jobs.businessWorkloadsNote}
      </p>
    </Dialog>
  );
}
