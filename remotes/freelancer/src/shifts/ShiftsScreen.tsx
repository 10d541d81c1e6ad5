import {
  FREELANCER_SHIFT_SCOPES,
  FreelancerShiftsPageSchema,
  type FreelancerShift,
  type FreelancerShiftScope,
} from '@turno/contracts';
import {
  COMPLETION_MESSAGE_MS,
  MESSAGES,
  POLL_INTERVAL_MS,
  RATING_PROMPT_DELAY_MS,
  SUCCESS_MESSAGE_MS,
} from '@turno/domain';
import { Alert, Button, fetchBff, PagedListBody, useLiveRefresh, usePagedList } from '@turno/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CARD_GRID_STYLE } from '../shared/Details';
import { FilterChips } from '../shared/FilterChips';
import { useNow } from '../shared/useNow';
import { ShiftCard } from './ShiftCard';
import { SHIFTS_QUERY_DEFAULTS, SHIFTS_URL } from './shifts';

const SCOPE_LABELS: Record<FreelancerShiftScope, string> = {
  active: 'Em andamento',
  completed: 'Concluídos',
};

export interface ShiftsScreenProps {
  fetchImpl?: typeof fetch;
  /** For tests: a fixed "now" (the clock ticks every 30 s otherwise). */
  now?: Date;
  /** "Avaliar Mercado" of the rating prompt after a completion. */
  onRate?: (shift: FreelancerShift) => void;
}

type Flash = { tone: 'success' | 'danger'; text: string; id: number } | null;

/**
 * The "Trabalhos" tab: the shifts held (or completed), kept live (10 s polling while the stream is
 * down). When a held shift is completed by the business, the completion message shows for 10 s and,
 * 3 s after it, the prompt to rate the business (spec 01 §4 "Success feedback").
 */
export function ShiftsScreen({ fetchImpl, now: fixedNow, onRate }: ShiftsScreenProps) {
  const [scope, setScope] = useState<FreelancerShiftScope>('active');
  const now = useNow(30_000, fixedNow);
  const list = usePagedList(SHIFTS_URL, { scope }, FreelancerShiftsPageSchema, {
    defaults: SHIFTS_QUERY_DEFAULTS,
    fetchImpl,
  });
  useLiveRefresh('freelancer', list.refresh, { pollIntervalMs: POLL_INTERVAL_MS.freelancerActiveJobs });

  const [flash, setFlash] = useState<Flash>(null);
  const [ratingPrompt, setRatingPrompt] = useState<FreelancerShift | null>(null);
  const show = useCallback((tone: 'success' | 'danger', text: string, ms: number) => {
    const id = Date.now() + Math.random();
    setFlash({ tone, text, id });
    setTimeout(() => setFlash((current) => (current?.id === id ? null : current)), ms);
  }, []);

  // Completion: a held shift leaves the active list; if it is among the completed ones, say so.
  const held = useRef<Map<number, FreelancerShift> | null>(null);
  useEffect(() => {
    if (scope !== 'active' || !list.data) return;
    const current = new Map(list.data.items.map((shift) => [shift.id, shift]));
    const vanished = held.current ? [...held.current.keys()].filter((id) => !current.has(id)) : [];
    held.current = current;
    if (vanished.length === 0) return;
    let cancelled = false;
    fetchBff(`${SHIFTS_URL}?scope=completed&limit=20`, FreelancerShiftsPageSchema, { fetchImpl })
      .then((completed) => {
        const done = completed.items.find((shift) => vanished.includes(shift.id));
        if (cancelled || !done) return;
        show('success', MESSAGES.shifts.completedPayoutSoon, COMPLETION_MESSAGE_MS);
        setTimeout(() => setRatingPrompt(done), RATING_PROMPT_DELAY_MS);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [scope, list.data, fetchImpl, show]);

  const onDone = useCallback(
    (message: string) => {
      show('success', message, SUCCESS_MESSAGE_MS);
      list.refresh();
    },
    [show, list],
  );

  const counts = list.data?.counts;
  return (
    <section aria-labelledby="shifts-title" className="t-stack">
      <h2 id="shifts-title" style={{ fontSize: 18 }}>
        Meus trabalhos
      </h2>
      {flash && (
        <Alert tone={flash.tone} data-testid="shift-flash">
          {flash.text}
        </Alert>
      )}
      {ratingPrompt && (
        <Alert
          tone="info"
          title="Como foi o trabalho?"
          data-testid="rating-prompt"
          action={
            <div className="t-row">
              {onRate && (
                <Button size="sm" onClick={() => onRate(ratingPrompt)}>
                  Avaliar Mercado
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={() => setRatingPrompt(null)}>
                Agora não
              </Button>
            </div>
          }
        >
          Avalie {ratingPrompt.restaurant_name} pelo trabalho "{ratingPrompt.title}".
        </Alert>
      )}
      <FilterChips
        label="Filtrar trabalhos"
        value={scope}
        onChange={setScope}
        chips={FREELANCER_SHIFT_SCOPES.map((value) => ({
          value,
          label: SCOPE_LABELS[value],
          count: counts?.[value],
        }))}
      />
      <PagedListBody list={list} label="Lista de trabalhos">
        {(data) =>
          data.items.length === 0 ? (
            <p className="t-card t-coming-soon">
              {scope === 'active'
                ? 'Nenhum trabalho alocado no momento. Quando um mercado aceitar sua candidatura, ele aparece aqui.'
                : 'Nenhum trabalho concluído ainda.'}
            </p>
          ) : (
            <div style={CARD_GRID_STYLE}>
              {data.items.map((shift) => (
                <ShiftCard key={shift.id} shift={shift} now={now} onDone={onDone} fetchImpl={fetchImpl} />
              ))}
            </div>
          )
        }
      </PagedListBody>
    </section>
  );
}
