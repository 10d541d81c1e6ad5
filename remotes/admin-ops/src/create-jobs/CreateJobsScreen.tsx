import { CreateJobsResponseSchema, RestaurantOptionsPageSchema } from '@turno/contracts';
import {
  ADMIN_OPS_TEXTS,
  BUSINESS_MEMBER_MESSAGES,
  MESSAGES,
  formatDateBR,
  formatMoney,
  freelancerPayout,
  platformCommission,
  relativeDayLabel,
  selectableDates,
  startTimeGuidance,
  weekdayLabel,
  plural,
} from '@turno/domain';
import {
  Alert,
  bffErrorMessage,
  Button,
  Card,
  SelectField,
  sendBff,
  TextField,
  useBffQuery,
  useClock,
} from '@turno/ui';
import { useRef, useState, type FormEvent } from 'react';
import { ADMIN_OPS_BFF } from '../shared/bff';
import { StoreField } from './StoreField';
import { DescriptionField, PositionField, ShiftFields } from '../shared/JobFields';
import {
  EMPTY_JOB_FIELDS,
  jobFieldsBody,
  jobFieldsMissing,
  jobShiftOf,
  type JobFieldValues,
} from '../shared/job-fields';

const RESTAURANTS_URL = `${ADMIN_OPS_BFF}/restaurant-options?eligible=approved&limit=200`;
/** Quantity per date for the admin: 1–10 (spec 02 §5), with quick buttons 1–5. */
export const ADMIN_QUANTITY_MAX = 10;
const QUICK_QUANTITIES = [1, 2, 3, 4, 5] as const;

interface CreateForm extends JobFieldValues {
  restaurantId: string;
  /** The store of a chain ('' while none chosen; not asked when the business has one active store). */
  storeId: string;
  dates: string[];
  quantity: number;
}

const EMPTY: Omit<CreateForm, 'restaurantId' | 'storeId'> = { ...EMPTY_JOB_FIELDS, dates: [], quantity: 1 };

export interface CreateJobsScreenProps {
  fetchImpl?: typeof fetch;
  now?: Date;
  /** Controle Mercado: the business is already chosen (the select is not shown). */
  restaurantId?: number;
  /** After a creation (Controle Mercado closes the form 2 s later, spec 02 §8). */
  onCreated?: (jobsCreated: number) => void;
}

const dayLabel = (date: string, now: Date) =>
  relativeDayLabel(date, now) ?? `${weekdayLabel(date).slice(0, 3)} ${formatDateBR(date).slice(0, 5)}`;

/**
 * "Criar Vagas" (spec 02 §5 "Job creation (admin)"): vacancies for any approved business, every one
 * of the eight workloads, dates among today and the next 6 days (a list), 1–10 per date, the meal
 * options once workload and start are chosen, and the price from `@turno/domain`.
 */
export function CreateJobsScreen({
  fetchImpl,
  now: fixedNow,
  restaurantId,
  onCreated,
}: CreateJobsScreenProps) {
  const now = useClock(fixedNow);
  const restaurants = useBffQuery(RESTAURANTS_URL, RestaurantOptionsPageSchema);
  const [form, setForm] = useState<CreateForm>({
    restaurantId: restaurantId ? String(restaurantId) : '',
    storeId: '',
    ...EMPTY,
  });
  const [storeRequired, setStoreRequired] = useState(false);
  const [storeError, setStoreError] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const set = (patch: Partial<CreateForm>) => setForm((current) => ({ ...current, ...patch }));
  const dates = selectableDates(now);
  const shift = jobShiftOf(form);
  const { charge } = shift;
  const toggleDate = (date: string) =>
    set({
      dates: form.dates.includes(date) ? form.dates.filter((d) => d !== date) : [...form.dates, date].sort(),
    });
  const setQuantity = (value: number) =>
    set({ quantity: Math.min(ADMIN_QUANTITY_MAX, Math.max(1, Math.round(value) || 1)) });
  const missing = form.dates.length === 0 || !form.workload || !form.startTime;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (savingRef.current) return;
    if (!form.restaurantId || missing || jobFieldsMissing(form)) {
      setMessage({ tone: 'danger', text: MESSAGES.jobs.adminRequiredFields });
      return;
    }
    if (storeRequired && !form.storeId) {
      setStoreError(BUSINESS_MEMBER_MESSAGES.storeRequired);
      setMessage({ tone: 'danger', text: BUSINESS_MEMBER_MESSAGES.storeRequired });
      return;
    }
    savingRef.current = true;
    setSaving(true);
    setMessage(null);
    try {
      const answer = await sendBff(`${ADMIN_OPS_BFF}/jobs`, {
        method: 'POST',
        schema: CreateJobsResponseSchema,
        fetchImpl,
        body: {
          restaurantId: Number(form.restaurantId),
          ...(storeRequired && form.storeId ? { storeId: Number(form.storeId) } : {}),
          dates: form.dates,
          quantity: form.quantity,
          ...jobFieldsBody(form, shift),
        },
      });
      setMessage({ tone: 'success', text: MESSAGES.jobs.created(answer.jobsCreated) });
      setForm((current) => ({ restaurantId: current.restaurantId, storeId: current.storeId, ...EMPTY }));
      onCreated?.(answer.jobsCreated);
    } catch (error) {
      setMessage({ tone: 'danger', text: bffErrorMessage(error, MESSAGES.jobs.createManyFailed) });
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  return (
    <Card title="Criar Vagas">
      <form onSubmit={(e) => void submit(e)} className="t-stack" style={{ gap: 16 }} noValidate>
        {restaurants.status === 'error' && <Alert tone="danger">{MESSAGES.restaurants.loadFailed}</Alert>}
        <div className="t-form-grid">
          {restaurantId === undefined && (
            <SelectField
              label="Mercado"
              value={form.restaurantId}
              onChange={(e) => set({ restaurantId: e.target.value, storeId: '' })}
            >
              <option value="">Selecione o mercado</option>
              {(restaurants.data?.items ?? []).map((r) => (
                <option key={r.id} value={String(r.id)}>
                  {r.business_name}
                </option>
              ))}
            </SelectField>
          )}
          {form.restaurantId && (
            <StoreField
              key={form.restaurantId}
              restaurantId={form.restaurantId}
              value={form.storeId}
              error={storeError}
              onRequiredChange={setStoreRequired}
              onChange={(storeId) => {
                set({ storeId });
                setStoreError(undefined);
              }}
            />
          )}
          <PositionField value={form.positionType} onChange={set} placeholder />
        </div>
        <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
          <legend style={{ fontWeight: 600, marginBottom: 6 }}>Datas (hoje e os próximos 6 dias)</legend>
          <div className="t-row" style={{ gap: 6, flexWrap: 'wrap' }}>
            {dates.map((date) => {
              const selected = form.dates.includes(date);
              return (
                <Button
                  key={date}
                  size="sm"
                  variant={selected ? 'primary' : 'secondary'}
                  aria-pressed={selected}
                  aria-label={`${dayLabel(date, now)}, ${formatDateBR(date)}`}
                  onClick={() => toggleDate(date)}
                >
                  {dayLabel(date, now)}
                </Button>
              );
            })}
          </div>
        </fieldset>
        <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
          <legend style={{ fontWeight: 600, marginBottom: 6 }}>
            Quantidade por data (1 a {ADMIN_QUANTITY_MAX})
          </legend>
          <div className="t-row" style={{ gap: 6, flexWrap: 'wrap', alignItems: 'flex-end' }}>
            {QUICK_QUANTITIES.map((n) => (
              <Button
                key={n}
                size="sm"
                variant={form.quantity === n ? 'primary' : 'secondary'}
                aria-pressed={form.quantity === n}
                aria-label={`Quantidade ${n}`}
                onClick={() => setQuantity(n)}
              >
                {n}
              </Button>
            ))}
            <div style={{ width: 120 }}>
              <TextField
                label="Quantidade"
                type="number"
                min={1}
                max={ADMIN_QUANTITY_MAX}
                value={String(form.quantity)}
                onChange={(e) => setQuantity(Number(e.target.value))}
              />
            </div>
          </div>
        </fieldset>
        <div className="t-form-grid">
          <ShiftFields
            values={form}
            shift={shift}
            onChange={set}
            placeholder
            mealHint={shift.timed ? ADMIN_OPS_TEXTS.mealNote : ADMIN_OPS_TEXTS.chooseWorkloadAndStart}
            startGuidance={startTimeGuidance(form.dates, form.startTime, now)}
          />
        </div>
        <DescriptionField value={form.description} onChange={set} />
        <div className="t-card" style={{ padding: 12 }} data-testid="create-jobs-preview" aria-live="polite">
          {charge === null ? (
            <span className="t-muted">Escolha a carga horária e o início para ver o preço.</span>
          ) : (
            <>
              <strong>{formatMoney(charge)}</strong> por vaga · Freelancer{' '}
              {formatMoney(freelancerPayout(charge))} · Comissão {formatMoney(platformCommission(charge))}
              {form.dates.length > 0 && (
                <>
                  {' '}
                  · {plural(form.dates.length * form.quantity, 'vaga', 'vagas')}:{' '}
                  {formatMoney(charge * form.dates.length * form.quantity)}
                </>
              )}
            </>
          )}
        </div>
        {message && (
          <Alert tone={message.tone} data-testid="create-jobs-message">
            {message.text}
          </Alert>
        )}
        <div className="t-row" style={{ justifyContent: 'flex-end' }}>
          <Button type="submit" busy={saving} disabled={saving || missing}>
            Criar Vagas
          </Button>
        </div>
      </form>
    </Card>
  );
}
