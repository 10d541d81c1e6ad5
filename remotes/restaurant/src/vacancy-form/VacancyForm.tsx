import { CreateJobsResponseSchema, RepeatableVacancySchema, type BusinessStores } from '@turno/contracts';
import {
  BUSINESS_MEMBER_MESSAGES,
  DEFAULT_INVITATION_WINDOW_HOURS,
  INVITATION_MESSAGES,
  LONG_TEXT_MAX_LENGTH,
  MESSAGES,
  SHORT_TEXT_MAX_LENGTH,
  earliestStartTime,
  formatMoney,
  startTimeGuidance,
} from '@turno/domain';
import {
  Alert,
  bffErrorMessage,
  Button,
  fetchBff,
  SelectField,
  sendBff,
  TextAreaField,
  TextField,
  useClock,
} from '@turno/ui';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { InviteesPicker, type InviteesValue } from '../invite-again/InviteesPicker';
import { BFF } from '../shared/bff';
import { WithStores } from '../stores/stores';
import {
  EMPTY_DRAFT,
  POSITION_OPTIONS,
  QUANTITY_OPTIONS,
  WORKLOAD_OPTIONS,
  asksForStore,
  dateChips,
  draftError,
  mealOptions,
  repeatedDraft,
  saveStoreId,
  savedStoreId,
  selectableStores,
  storeChoice,
  toggleDate,
  vacancyFigures,
  vacancyRequest,
  withShift,
  type VacancyDraft,
} from './vacancy-form';

export interface VacancyFormProps {
  /** From the business's profile: an unapproved business sees why and cannot submit. */
  approved: boolean;
  /** After the server created them: how many vacancies (`jobsCreated`) and freelancers invited. */
  onCreated: (jobsCreated: number, invitedFreelancers?: number) => void;
  /** "Repetir vaga" (issue 26): the vacancy whose position, workload, start, quantity and texts fill the form. */
  repeatJobId?: number;
  /** "Chamar de novo": with `repeatJobId`, its shift's freelancer comes ticked as an invitee. */
  callAgain?: boolean;
  onCancel: () => void;
  /** A fixed clock (tests); without it the form reads the clock every 30 s (a start of today may pass). */
  now?: Date;
  fetchImpl?: typeof fetch;
}

/**
 * "Criar vaga": the store (when the person reaches more than one active store, issue 28), position,
 * dates (today + 6 days), workload, start, the computed end, meal break, attire, description and
 * quantity, with the price per freelancer and the total as the person types. One request at a
 * time: the button is disabled and a second submit ignored while it runs.
 */
export function VacancyForm(props: VacancyFormProps) {
  // The panel's read of the stores (App), or the form's own when rendered alone.
  return (
    <WithStores fetchImpl={props.fetchImpl}>
      {(stores) => <VacancyFormBody {...props} stores={stores.data} />}
    </WithStores>
  );
}

function VacancyFormBody({
  approved,
  onCreated,
  onCancel,
  repeatJobId,
  callAgain = false,
  now: fixedNow,
  fetchImpl,
  stores,
}: VacancyFormProps & { stores: BusinessStores | undefined }) {
  const now = useClock(fixedNow);
  // The store: asked only among two or more active stores; the last one chosen comes preselected.
  const selectable = selectableStores(stores);
  const asksStore = asksForStore(selectable);
  const [storeId, setStoreId] = useState(savedStoreId);
  const [storeMissing, setStoreMissing] = useState(false);
  const chosenStore = storeChoice(storeId, selectable);
  const storeFieldId = useId();
  const [draft, setDraft] = useState<VacancyDraft>(EMPTY_DRAFT);
  const [invitees, setInvitees] = useState<InviteesValue>({
    chosen: new Map(),
    exclusiveHours: DEFAULT_INVITATION_WINDOW_HOURS,
  });
  const [repeated, setRepeated] = useState(false);
  // The invitee picker opens on demand (or ticked by "Chamar de novo"): no read until then.
  const [inviting, setInviting] = useState(false);
  useEffect(() => {
    if (repeatJobId === undefined) return;
    const controller = new AbortController();
    fetchBff(`${BFF}/jobs/${repeatJobId}/repeat`, RepeatableVacancySchema, {
      signal: controller.signal,
      fetchImpl,
    })
      .then((vacancy) => {
        setDraft(repeatedDraft(vacancy));
        if (callAgain && vacancy.past_worker) {
          const worker = vacancy.past_worker;
          setInvitees((current) => ({ ...current, chosen: new Map([[worker.freelancer_id, worker.name]]) }));
          setInviting(true);
        }
        setRepeated(true);
      })
      .catch((failure: unknown) => {
        if ((failure as Error)?.name === 'AbortError') return;
        setError(bffErrorMessage(failure, INVITATION_MESSAGES.repeatNotFound, MESSAGES.common.connection));
      });
    return () => controller.abort();
  }, [repeatJobId, callAgain, fetchImpl]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const chips = useMemo(() => dateChips(now), [now]);
  const datesLabelId = useId();
  const figures = vacancyFigures(draft);
  const meals = mealOptions(draft);
  // With "Hoje" chosen, only starts still ahead in Sao Paulo (the server refuses the others).
  const startGuidance = startTimeGuidance(draft.dates, draft.startTime, now);
  const change = (next: Partial<VacancyDraft>) => setDraft((current) => ({ ...current, ...next }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current || !approved) return;
    if (asksStore && !chosenStore) {
      setStoreMissing(true);
      setError(null);
      document.getElementById(storeFieldId)?.focus();
      return;
    }
    const problem = draftError(draft, now);
    if (problem) {
      setError(problem);
      return;
    }
    inFlight.current = true;
    setSending(true);
    setError(null);
    try {
      const created = await sendBff(`${BFF}/jobs`, {
        method: 'POST',
        body: {
          ...vacancyRequest(draft),
          ...(asksStore && { storeId: Number(chosenStore) }),
          ...(invitees.chosen.size > 0 && {
            inviteFreelancerIds: [...invitees.chosen.keys()],
            exclusiveHours: invitees.exclusiveHours,
          }),
        },
        schema: CreateJobsResponseSchema,
        fetchImpl,
      });
      setDraft(EMPTY_DRAFT);
      if (created.invitedFreelancers) onCreated(created.jobsCreated, created.invitedFreelancers);
      else onCreated(created.jobsCreated);
    } catch (failure) {
      setError(bffErrorMessage(failure, MESSAGES.jobs.createFailed, MESSAGES.common.connection));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return (
    <form className="t-stack" onSubmit={submit} noValidate aria-label="Criar vaga">
      {repeated && (
        <Alert tone="info" data-testid="repeated-notice">
          {INVITATION_MESSAGES.repeatedNotice}
        </Alert>
      )}
      {!approved && (
        <Alert tone="warning" title="Cadastro em análise" data-testid="not-approved">
          {MESSAGES.jobs.notApproved}
        </Alert>
      )}
      {asksStore && (
        <SelectField
          id={storeFieldId}
          label="Loja"
          value={chosenStore}
          onChange={(e) => {
            setStoreId(e.target.value);
            setStoreMissing(false);
            saveStoreId(e.target.value);
          }}
          required
          error={storeMissing ? BUSINESS_MEMBER_MESSAGES.storeRequired : undefined}
        >
          <option value="">Escolha a loja</option>
          {selectable.map((store) => (
            <option key={store.id} value={store.id}>
              {store.name}
            </option>
          ))}
        </SelectField>
      )}
      <div className="t-form-grid">
        <SelectField
          label="Tipo de vaga"
          value={draft.positionType}
          onChange={(e) => change({ positionType: e.target.value })}
          required
        >
          <option value="">Selecione...</option>
          {POSITION_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Quantidade por data"
          value={String(draft.quantity)}
          onChange={(e) => change({ quantity: Number(e.target.value) })}
          options={QUANTITY_OPTIONS}
          hint="De 1 a 5 freelancers por data"
        />
      </div>

      <fieldset className="t-fieldset">
        <legend id={datesLabelId}>Datas</legend>
        <div className="r-chips">
          {chips.map((chip) => (
            <button
              key={chip.date}
              type="button"
              className="r-chip"
              aria-pressed={draft.dates.includes(chip.date)}
              // Today after its last minute has no start left: not offered (unless already chosen).
              disabled={earliestStartTime(chip.date, now) === null && !draft.dates.includes(chip.date)}
              title={chip.fullLabel}
              onClick={() =>
                setDraft((current) =>
                  toggleDate(
                    current,
                    chip.date,
                    chips.map((c) => c.date),
                  ),
                )
              }
            >
              {chip.label}
              {/* The whole date for assistive technology, after the visible text (WCAG 2.5.3). */}
              <span className="t-visually-hidden"> ({chip.date.split('-').reverse().join('/')})</span>
            </button>
          ))}
        </div>
        <p className="t-hint">Escolha uma ou mais datas (hoje e os próximos 6 dias).</p>
      </fieldset>

      <div className="t-form-grid">
        <SelectField
          label="Carga horária"
          value={draft.workload}
          onChange={(e) => setDraft((current) => withShift(current, { workload: e.target.value }))}
          hint={MESSAGES.jobs.businessWorkloadsNote}
          required
        >
          <option value="">Selecione...</option>
          {WORKLOAD_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Início"
          type="time"
          value={draft.startTime}
          onChange={(e) => setDraft((current) => withShift(current, { startTime: e.target.value }))}
          min={startGuidance.min}
          hint={startGuidance.hint}
          error={startGuidance.error}
          required
        />
        <div className="t-field">
          <span className="t-label" id={`${datesLabelId}-end`}>
            Término
          </span>
          <output className="r-readout" aria-labelledby={`${datesLabelId}-end`} data-testid="end-time">
            {figures.endTime
              ? `${figures.endTime}${figures.endsNextDay ? ' (dia seguinte)' : ''}`
              : 'Calculado pela carga horária'}
          </output>
        </div>
        <SelectField
          label="Horário de refeição"
          optional
          value={draft.mealTime}
          onChange={(e) => change({ mealTime: e.target.value })}
          disabled={meals.length === 0}
          hint={meals.length === 0 ? 'Escolha a carga horária e o início primeiro.' : undefined}
        >
          <option value="">Sem horário definido</option>
          {meals.map((meal) => (
            <option key={meal} value={meal}>
              {meal}
            </option>
          ))}
        </SelectField>
      </div>

      <TextField
        label="Traje recomendado"
        optional
        value={draft.recommendedAttire}
        maxLength={SHORT_TEXT_MAX_LENGTH}
        placeholder="Ex.: calça preta e sapato fechado"
        onChange={(e) => change({ recommendedAttire: e.target.value })}
      />
      <TextAreaField
        label="Descrição"
        optional
        rows={3}
        value={draft.description}
        maxLength={LONG_TEXT_MAX_LENGTH}
        onChange={(e) => change({ description: e.target.value })}
      />

      {inviting ? (
        <InviteesPicker
          value={invitees}
          onChange={setInvitees}
          date={draft.dates[0] ?? null}
          fetchImpl={fetchImpl}
        />
      ) : (
        <div>
          <Button variant="secondary" aria-expanded={false} onClick={() => setInviting(true)}>
            {INVITATION_MESSAGES.callAgain}: {INVITATION_MESSAGES.inviteesTitle.toLowerCase()}
          </Button>
        </div>
      )}

      <div className="r-price" aria-live="polite" data-testid="vacancy-price">
        <div>
          <p className="r-price__label">Valor por freelancer</p>
          <p className="r-price__value" data-testid="price-per-freelancer">
            {figures.pricePerFreelancer === null ? '—' : formatMoney(figures.pricePerFreelancer)}
          </p>
        </div>
        <div>
          <p className="r-price__label">
            Total ({figures.vacancies} {figures.vacancies === 1 ? 'vaga' : 'vagas'})
          </p>
          <p className="r-price__value" data-testid="price-total">
            {figures.total === null ? '—' : formatMoney(figures.total)}
          </p>
        </div>
      </div>

      {error && (
        <Alert tone="danger" title="Não foi possível criar a vaga" data-testid="vacancy-error">
          {error}
        </Alert>
      )}
      <div className="r-actions">
        <Button variant="secondary" onClick={onCancel} disabled={sending}>
          Cancelar
        </Button>
        <Button type="submit" busy={sending} disabled={!approved}>
          {sending ? 'Criando...' : 'Criar vaga'}
        </Button>
      </div>
    </form>
  );
}
