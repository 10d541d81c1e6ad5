import { RestaurantOptionsPageSchema, type AdminJob, type RemoteAppProps } from '@turno/contracts';
import {
  JOB_STATUS_LABELS,
  MESSAGES,
  formatMoney,
  freelancerPayout,
  platformCommission,
} from '@turno/domain';
import {
  Alert,
  Badge,
  bffErrorMessage,
  Button,
  JOB_STATUS_TONES,
  Loading,
  SelectField,
  useBffQuery,
} from '@turno/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { updateJob } from '../command-centre/job-actions';
import { PendingApplicationsNote } from '../command-centre/PendingApplicationsNote';
import { ADMIN_OPS_BFF } from '../shared/bff';
import { DescriptionField, JobFields } from '../shared/JobFields';
import {
  jobFieldValuesOf,
  positionChoicesFor,
  jobFieldsMissing,
  jobShiftOf,
  type JobFieldValues,
} from '../shared/job-fields';
import { JobMissing } from './JobApplicationsPage';
import { useAdminJob } from './job-pages';

/** Where the page goes after a save (spec 02 §8: "then a redirect to /admin/dashboard after 2 seconds"). */
export const AFTER_SAVE_PATH = '/admin/dashboard';
export const AFTER_SAVE_DELAY_MS = 2_000;
const RESTAURANTS_URL = `${ADMIN_OPS_BFF}/restaurant-options?eligible=approved&limit=200`;

interface JobForm extends JobFieldValues {
  restaurantId: string;
  dateNeeded: string;
}

const formOf = (job: AdminJob): JobForm => ({
  restaurantId: String(job.restaurant_id),
  dateNeeded: job.date_needed,
  ...jobFieldValuesOf(job),
});

export interface JobEditPageProps extends RemoteAppProps {
  fetchImpl?: typeof fetch;
}

/** /admin/jobs/{jobId}/edit (spec 02 §2, §5 "Job edit"). */
export function JobEditPage({ params, navigate, fetchImpl }: JobEditPageProps) {
  const load = useAdminJob(params?.jobId, 0, fetchImpl);
  if (load.state === 'loading') return <Loading />;
  if (load.state === 'missing')
    return <JobMissing navigate={navigate} to="/admin/dashboard" label="Voltar ao painel" />;
  if (load.state === 'failed') return <Alert tone="danger">{MESSAGES.jobs.loadDataFailed}</Alert>;
  return <JobEditForm job={load.job} navigate={navigate} fetchImpl={fetchImpl} />;
}

/**
 * The edit form: business, position, date, shift, start, meal, attire, description and the cost
 * table. A new workload or start recomputes end and price (the server recomputes them too) and
 * clears the meal time; a completed job shows every field disabled and no save button.
 */
export function JobEditForm({
  job,
  navigate,
  fetchImpl,
}: {
  job: AdminJob;
  navigate?: (to: string) => void;
  fetchImpl?: typeof fetch;
}) {
  const restaurants = useBffQuery(RESTAURANTS_URL, RestaurantOptionsPageSchema);
  const [form, setForm] = useState<JobForm>(() => formOf(job));
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const completed = job.status === 'completed';
  const set = (patch: Partial<JobForm>) => setForm((current) => ({ ...current, ...patch }));
  const shift = jobShiftOf(form);
  const { timed, workload } = shift;
  const charge = shift.charge ?? job.hourly_rate;
  const endTime = shift.endTime ?? job.end_time;
  const options = restaurants.data?.items ?? [];
  const restaurantChoices = options.some((r) => r.id === job.restaurant_id)
    ? options
    : [{ id: job.restaurant_id, business_name: job.restaurant_name }, ...options];
  const leave = () => navigate?.(AFTER_SAVE_PATH);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (completed || savingRef.current) return;
    if (!form.restaurantId || !form.dateNeeded || jobFieldsMissing(form)) {
      setMessage({ tone: 'danger', text: MESSAGES.jobs.requiredFields });
      return;
    }
    savingRef.current = true;
    setSaving(true);
    setMessage(null);
    try {
      await updateJob(
        job.id,
        {
          restaurantId: Number(form.restaurantId),
          positionType: form.positionType,
          dateNeeded: form.dateNeeded,
          workload,
          startTime: form.startTime,
          endTime,
          hourlyRate: charge,
          ...(form.mealTime ? { mealTime: form.mealTime } : {}),
          ...(form.recommendedAttire.trim() ? { recommendedAttire: form.recommendedAttire.trim() } : {}),
          ...(form.description.trim() ? { description: form.description.trim() } : {}),
        },
        fetchImpl,
      );
      setMessage({ tone: 'success', text: MESSAGES.jobs.updatedWithCheck });
      timer.current = setTimeout(leave, AFTER_SAVE_DELAY_MS);
    } catch (error) {
      setMessage({ tone: 'danger', text: bffErrorMessage(error, MESSAGES.jobs.updateFailed) });
      savingRef.current = false;
      setSaving(false);
    }
  };

  return (
    <div className="t-stack" style={{ gap: 16 }}>
      <div className="t-row" style={{ gap: 8 }}>
        <span>
          Vaga #{job.id} · {job.restaurant_name}
        </span>
        <Badge tone={JOB_STATUS_TONES[job.status]}>{JOB_STATUS_LABELS[job.status]}</Badge>
      </div>
      {completed && <Alert tone="info">{MESSAGES.jobs.completedCannotBeEdited}</Alert>}
      <PendingApplicationsNote jobId={job.id} status={job.status} fetchImpl={fetchImpl} />
      {message && (
        <Alert tone={message.tone} data-testid="job-edit-message">
          {message.text}
        </Alert>
      )}
      <form id="job-edit-form" onSubmit={(e) => void submit(e)} className="t-form-grid" noValidate>
        <SelectField
          label="Mercado"
          value={form.restaurantId}
          disabled={completed}
          onChange={(e) => set({ restaurantId: e.target.value })}
        >
          {restaurantChoices.map((r) => (
            <option key={r.id} value={String(r.id)}>
              {r.business_name}
            </option>
          ))}
        </SelectField>
        <JobFields
          values={form}
          shift={shift}
          onChange={set}
          positions={positionChoicesFor(job)}
          workloadLabel="Turno (carga horária)"
          disabled={completed}
        />
      </form>
      <DescriptionField value={form.description} onChange={set} disabled={completed} />
      <div className="t-table-wrap">
        <table className="t-table" style={{ minWidth: 0 }} data-testid="job-edit-costs">
          <caption className="t-muted" style={{ textAlign: 'left' }}>
            Custos do turno ({timed ? `${form.startTime} às ${endTime}` : '—'})
          </caption>
          <thead>
            <tr>
              <th scope="col">Cobrança do mercado</th>
              <th scope="col">Pagamento do freelancer</th>
              <th scope="col">Comissão</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td data-testid="cost-charge">{formatMoney(charge)}</td>
              <td data-testid="cost-payout">{formatMoney(freelancerPayout(charge))}</td>
              <td data-testid="cost-commission">{formatMoney(platformCommission(charge))}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="t-muted" style={{ margin: 0, fontSize: 13 }}>
        {MESSAGES.jobs.businessWorkloadsNote}
      </p>
      <div className="t-row" style={{ gap: 8, justifyContent: 'flex-end' }}>
        <Button variant="ghost" onClick={leave} disabled={saving}>
          Cancelar
        </Button>
        {!completed && (
          <Button type="submit" form="job-edit-form" busy={saving}>
            Salvar Alterações
          </Button>
        )}
      </div>
    </div>
  );
}
