import { type AdminJobUpdateRequest, type Job } from '@turno/contracts';
import {
  MESSAGES,
  POSITION_TYPES,
  WORKLOADS,
  formatMoney,
  freelancerPayout,
  inferWorkload,
  mealBreakOptions,
  platformCommission,
  shiftEndTime,
  shiftPrice,
  workloadLabel,
} from '@turno/domain';
import { Alert, Button, SelectField, TextAreaField, TextField } from '@turno/ui';
import { useState, type FormEvent } from 'react';
import { Dialog } from '../shared/Dialog';

export interface JobEditDialogProps {
  job: Job;
  busy: boolean;
  error: string | null;
  onSave: (body: AdminJobUpdateRequest) => void;
  onCancel: () => void;
}

interface JobForm {
  positionType: string;
  dateNeeded: string;
  workload: string;
  startTime: string;
  mealTime: string;
  recommendedAttire: string;
  description: string;
}

/**
 * Inline edit of a job from the command centre (spec 02 §5 "Job edit"): a new workload or start
 * recomputes the end and the price shown (the server recomputes them too) and clears the meal time.
 */
export function JobEditDialog({ job, busy, error, onSave, onCancel }: JobEditDialogProps) {
  const [form, setForm] = useState<JobForm>(() => ({
    positionType: job.position_type,
    dateNeeded: job.date_needed,
    workload: String(inferWorkload(job.start_time, job.end_time)),
    startTime: job.start_time,
    mealTime: job.meal_time ?? '',
    recommendedAttire: job.recommended_attire ?? '',
    description: job.description ?? '',
  }));
  const [checkError, setCheckError] = useState<string | null>(null);
  const set = (patch: Partial<JobForm>) => setForm({ ...form, ...patch });
  const workload = Number(form.workload);
  const timed = form.workload !== '' && form.startTime !== '';
  const charge = timed ? shiftPrice(workload, form.startTime) : job.hourly_rate;
  const meals = timed ? mealBreakOptions(form.startTime, workload) : [];
  const positions = [...new Set([...POSITION_TYPES, job.position_type])];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.positionType || !form.dateNeeded || !form.startTime || !form.workload) {
      setCheckError(MESSAGES.jobs.requiredFields);
      return;
    }
    setCheckError(null);
    onSave({
      positionType: form.positionType,
      dateNeeded: form.dateNeeded,
      workload,
      startTime: form.startTime,
      endTime: shiftEndTime(form.startTime, workload),
      hourlyRate: charge,
      mealTime: form.mealTime || null,
      recommendedAttire: form.recommendedAttire.trim() || null,
      description: form.description.trim() || null,
    });
  };
  const formId = `job-edit-${job.id}`;
  const shown = checkError ?? error;
  return (
    <Dialog
      title={`Editar Vaga #${job.id}`}
      wide
      busy={busy}
      onClose={onCancel}
      actions={
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
      {shown && <Alert tone="danger">{shown}</Alert>}
      <form id={formId} onSubmit={submit} className="t-form-grid" noValidate>
        <SelectField
          label="Função"
          value={form.positionType}
          onChange={(e) => set({ positionType: e.target.value })}
        >
          {positions.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Data"
          type="date"
          value={form.dateNeeded}
          onChange={(e) => set({ dateNeeded: e.target.value })}
        />
        <SelectField
          label="Carga horária"
          value={form.workload}
          onChange={(e) => set({ workload: e.target.value, mealTime: '' })}
        >
          {WORKLOADS.map((w) => (
            <option key={w} value={String(w)}>
              {workloadLabel(w)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Início"
          type="time"
          value={form.startTime}
          onChange={(e) => set({ startTime: e.target.value, mealTime: '' })}
          hint={timed ? `Término: ${shiftEndTime(form.startTime, workload)}` : undefined}
        />
        <SelectField
          label="Refeição"
          optional
          disabled={!timed}
          value={form.mealTime}
          onChange={(e) => set({ mealTime: e.target.value })}
        >
          <option value="">Sem horário definido</option>
          {meals.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Traje recomendado"
          optional
          maxLength={255}
          value={form.recommendedAttire}
          onChange={(e) => set({ recommendedAttire: e.target.value })}
        />
      </form>
      <TextAreaField
        label="Descrição"
        optional
        rows={3}
        maxLength={2000}
        value={form.description}
        onChange={(e) => set({ description: e.target.value })}
      />
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
