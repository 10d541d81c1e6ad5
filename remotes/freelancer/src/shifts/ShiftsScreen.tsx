import {
  FREELANCER_SHIFT_SCOPES,
  FreelancerShiftsPageSchema,
  type FreelancerShiftScope,
} from '@turno/contracts';
import { POLL_INTERVAL_MS, SUCCESS_MESSAGE_MS } from '@turno/domain';
import { Alert, PagedListBody, useLiveRefresh, usePagedList } from '@turno/ui';
import { useCallback, useState } from 'react';
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
}

/** The assignment id of `?turno=<id>`, or null. */
export function linkedShiftId(search: string): number | null {
  const value = Number(new URLSearchParams(search).get('turno'));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

type Flash = { tone: 'success' | 'danger'; text: string; id: number } | null;

/**
 * The "Trabalhos" tab: the shifts held (or completed), kept live (10 s polling while the stream is
 * down). The completion message and the rating prompt show on every tab (CompletionNotice, in App).
 */
export function ShiftsScreen({ fetchImpl, now: fixedNow }: ShiftsScreenProps) {
  const [scope, setScope] = useState<FreelancerShiftScope>('active');
  const now = useNow(30_000, fixedNow);
  const list = usePagedList(SHIFTS_URL, { scope }, FreelancerShiftsPageSchema, {
    defaults: SHIFTS_QUERY_DEFAULTS,
    fetchImpl,
  });
  useLiveRefresh('freelancer', list.refresh, { pollIntervalMs: POLL_INTERVAL_MS.freelancerActiveJobs });

  const [flash, setFlash] = useState<Flash>(null);
  const show = useCallback((tone: 'success' | 'danger', text: string, ms: number) => {
    const id = Date.now() + Math.random();
    setFlash({ tone, text, id });
    setTimeout(() => setFlash((current) => (current?.id === id ? null : current)), ms);
  }, []);

  const onDone = useCallback(
    (message: string) => {
      show('success', message, SUCCESS_MESSAGE_MS);
      list.refresh();
    },
    [show, list],
  );

  // A notification's link names the shift (`?turno=<assignment id>`, issue 26).
  const linkedShift = linkedShiftId(globalThis.location?.search ?? '');
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
                <ShiftCard
                  key={shift.id}
                  shift={shift}
                  now={now}
                  onDone={onDone}
                  highlighted={shift.id === linkedShift}
                  fetchImpl={fetchImpl}
                />
              ))}
            </div>
          )
        }
      </PagedListBody>
    </section>
  );
}
