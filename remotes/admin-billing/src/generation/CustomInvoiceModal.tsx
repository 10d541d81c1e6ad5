import {
  AdminRestaurantsPageSchema,
  type AdminRestaurantsPage,
  type GenerateCustomRequest,
} from '@turno/contracts';
import { MESSAGES, customInvoicePeriodError, saoPauloDate } from '@turno/domain';
import { Alert, Badge, Button, Dialog, SearchField, TextField, fetchBff, listUrl } from '@turno/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { INVOICE_RESTAURANTS_URL } from './generation';

export interface CustomInvoiceModalProps {
  open: boolean;
  busy: boolean;
  now: Date;
  onClose: () => void;
  /** Starts the run; resolves true when it started (the modal then closes). */
  onSubmit: (request: GenerateCustomRequest) => Promise<boolean>;
  /** An error of the last attempt (server side), shown in the modal. */
  error: string | undefined;
  fetchImpl?: typeof fetch;
}

type Options =
  | { status: 'loading' }
  | { status: 'error'; detail: string }
  | { status: 'success'; data: AdminRestaurantsPage };

/** The businesses matching `q` (one page), re-read when `q` changes. */
function useRestaurantOptions(q: string, fetchImpl: typeof fetch | undefined): Options {
  const [options, setOptions] = useState<Options>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchBff(
      listUrl(INVOICE_RESTAURANTS_URL, { q, limit: RESTAURANT_OPTIONS_LIMIT }),
      AdminRestaurantsPageSchema,
      {
        signal: controller.signal,
        fetchImpl,
      },
    ).then(
      (data) => setOptions({ status: 'success', data }),
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setOptions({ status: 'error', detail: (error as { detail?: string }).detail ?? String(error) });
        }
      },
    );
    return () => controller.abort();
  }, [q, fetchImpl]);
  return options;
}

const RESTAURANT_OPTIONS_LIMIT = 30;

/** The businesses matching the search (approved first page), as checkboxes. */
function RestaurantPicker({
  selected,
  onToggle,
  fetchImpl,
}: {
  selected: Map<number, string>;
  onToggle: (id: number, name: string) => void;
  fetchImpl?: typeof fetch;
}) {
  const [q, setQ] = useState('');
  const options = useRestaurantOptions(q, fetchImpl);
  return (
    <fieldset className="t-fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend className="t-label">Mercados</legend>
      <p className="t-hint" style={{ marginTop: 0 }}>
        Nenhum selecionado = todos os mercados.
      </p>
      {selected.size > 0 && (
        <div className="t-row" style={{ flexWrap: 'wrap', gap: 6, marginBottom: 8 }}>
          {[...selected].map(([id, name]) => (
            <Button key={id} size="sm" variant="secondary" onClick={() => onToggle(id, name)}>
              {name} <span aria-hidden="true">×</span>
              <span className="t-visually-hidden"> (remover)</span>
            </Button>
          ))}
        </div>
      )}
      <SearchField label="Buscar mercado" placeholder="Nome do mercado" value={q} onSearch={setQ} />
      <div style={{ maxHeight: 200, overflowY: 'auto', marginTop: 8 }} data-testid="restaurant-options">
        {options.status === 'loading' && <p className="t-muted">{MESSAGES.common.loading}</p>}
        {options.status === 'error' && <p className="t-hint t-hint--error">{options.detail}</p>}
        {options.status === 'success' && options.data.items.length === 0 && (
          <p className="t-muted">{MESSAGES.restaurants.noneFound}</p>
        )}
        {options.status === 'success' &&
          options.data.items.map((restaurant) => (
            <label
              key={restaurant.id}
              className="t-row"
              style={{ gap: 8, padding: '6px 0', cursor: 'pointer' }}
            >
              <input
                type="checkbox"
                checked={selected.has(restaurant.id)}
                onChange={() => onToggle(restaurant.id, restaurant.business_name)}
              />
              <span>{restaurant.business_name}</span>
              {!restaurant.is_approved && <Badge tone="warning">Pendente</Badge>}
            </label>
          ))}
      </div>
    </fieldset>
  );
}

/**
 * "Fatura personalizada" (spec 02 §2 and §5): start and end date, a business multi-select (empty =
 * all, sent as null). Missing dates: "Por favor, selecione as datas de início e fim"; start after
 * end: "A data de início deve ser anterior à data de fim".
 */
export function CustomInvoiceModal({
  open,
  busy,
  now,
  onClose,
  onSubmit,
  error,
  fetchImpl,
}: CustomInvoiceModalProps) {
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [selected, setSelected] = useState(new Map<number, string>());
  const [invalid, setInvalid] = useState<string>();
  const today = saoPauloDate(now);

  const toggle = (id: number, name: string) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(id)) next.delete(id);
      else next.set(id, name);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = customInvoicePeriodError(startDate || null, endDate || null);
    setInvalid(problem ?? undefined);
    if (problem) return;
    const started = await onSubmit({
      startDate,
      endDate,
      restaurantIds: selected.size > 0 ? [...selected.keys()] : null,
    });
    if (started) {
      setSelected(new Map());
      setStartDate('');
      setEndDate('');
    }
  };

  return (
    open && (
      <Dialog
        title="Fatura personalizada"
        onClose={onClose}
        onSubmit={(event) => void submit(event)}
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" busy={busy}>
              Gerar faturas
            </Button>
          </>
        }
      >
        <div
          className="t-grid"
          style={{ gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: 12 }}
        >
          <TextField
            label="Data de início"
            type="date"
            max={today}
            value={startDate}
            onChange={(e) => setStartDate(e.target.value)}
          />
          <TextField
            label="Data de fim"
            type="date"
            max={today}
            min={startDate || undefined}
            value={endDate}
            onChange={(e) => setEndDate(e.target.value)}
          />
        </div>
        <RestaurantPicker selected={selected} onToggle={toggle} fetchImpl={fetchImpl} />
        {(invalid ?? error) && <Alert tone="danger">{invalid ?? error}</Alert>}
      </Dialog>
    )
  );
}
