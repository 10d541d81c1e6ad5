import {
  AdminBusinessStoresSchema,
  RestaurantOptionsPageSchema,
  RestaurantSpendingAnalyticsSchema,
  type RestaurantOption,
} from '@turno/contracts';
import { ADMIN_SAVE_REDIRECT_MS, ALL_STORES_LABEL, MESSAGES, SUCCESS_MESSAGE_MS } from '@turno/domain';
import {
  Alert,
  Badge,
  Button,
  Loading,
  SearchField,
  SelectField,
  SpendingPanels,
  Tabs,
  listUrl,
  useBffQuery,
} from '@turno/ui';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { ADMIN_OPS_BFF } from '../shared/bff';
import { restaurantStoresUrl } from '../create-jobs/StoreField';
import { StoresAndBillingCard } from './StoresAndBillingCard';

// The agenda (job cards, the command centre's actions and dialogs) is a chunk of its own, loaded
// when its sub-tab opens.
const RestaurantAgendaScreen = lazy(() =>
  import('./RestaurantAgendaScreen').then((m) => ({ default: m.RestaurantAgendaScreen })),
);
const CreateJobsScreen = lazy(() =>
  import('../create-jobs/CreateJobsScreen').then((m) => ({ default: m.CreateJobsScreen })),
);
const RestaurantInvoicesArea = lazy(() =>
  import('./RestaurantInvoicesArea').then((m) => ({ default: m.RestaurantInvoicesArea })),
);

type SubTab = 'select' | 'dashboard' | 'agenda' | 'faturas';

function RestaurantCard({ r, onSelect }: { r: RestaurantOption; onSelect: () => void }) {
  return (
    <li>
      <button
        type="button"
        className="t-card"
        onClick={onSelect}
        style={{
          width: '100%',
          textAlign: 'left',
          padding: 12,
          cursor: 'pointer',
          font: 'inherit',
          color: 'inherit',
        }}
      >
        <span className="t-row" style={{ gap: 6, justifyContent: 'space-between' }}>
          <strong>{r.business_name}</strong>
          <Badge tone={r.is_approved ? 'success' : 'warning'}>
            {r.is_approved ? 'Aprovado' : 'Pendente'}
          </Badge>
        </span>
        <span style={{ display: 'block', fontSize: 14 }}>{r.contact_person ?? r.name}</span>
        <span className="t-muted" style={{ display: 'block', fontSize: 13 }}>
          {r.cuisine_type ?? 'Tipo não informado'}
          {r.address && ` · ${r.address}${r.address_number ? `, ${r.address_number}` : ''}`}
        </span>
      </button>
    </li>
  );
}

function SelectRestaurant({ onSelect }: { onSelect: (r: RestaurantOption) => void }) {
  const [q, setQ] = useState('');
  const options = useBffQuery(
    listUrl(`${ADMIN_OPS_BFF}/restaurant-options`, { q, limit: 200 }),
    RestaurantOptionsPageSchema,
  );
  const items = options.data?.items ?? [];
  return (
    <div className="t-stack">
      <SearchField
        label="Buscar mercado"
        placeholder="Nome do mercado ou contato"
        value={q}
        onSearch={setQ}
      />
      {options.status === 'loading' && <Loading />}
      {options.status !== 'loading' && items.length === 0 && (
        <p className="t-muted">{MESSAGES.restaurants.noneFound}</p>
      )}
      <ul
        style={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'grid',
          gap: 12,
          gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
        }}
      >
        {items.map((r) => (
          <RestaurantCard key={r.id} r={r} onSelect={() => onSelect(r)} />
        ))}
      </ul>
    </div>
  );
}

function Dashboard({ restaurant }: { restaurant: RestaurantOption }) {
  // Per store or for the whole business (issue 28): the figures follow the store chosen.
  const stores = useBffQuery(restaurantStoresUrl(String(restaurant.id)), AdminBusinessStoresSchema);
  const [storeId, setStoreId] = useState('');
  const spending = useBffQuery(
    `${ADMIN_OPS_BFF}/restaurants/${restaurant.id}/spending-analytics${storeId ? `?storeId=${storeId}` : ''}`,
    RestaurantSpendingAnalyticsSchema,
  );
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const closing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clearing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(
    () => () => {
      clearTimeout(closing.current);
      clearTimeout(clearing.current);
    },
    [],
  );
  // Spec 02 §8: the form shows its success message, then closes after 2 s; the message stays on
  // the dashboard for the rest of its 5 s, and the spending figures are read again.
  const onCreated = (count: number) => {
    clearTimeout(closing.current);
    clearTimeout(clearing.current);
    closing.current = setTimeout(() => {
      setCreating(false);
      setCreated(MESSAGES.jobs.created(count));
      spending.reload();
      clearing.current = setTimeout(() => setCreated(null), SUCCESS_MESSAGE_MS - ADMIN_SAVE_REDIRECT_MS);
    }, ADMIN_SAVE_REDIRECT_MS);
  };
  return (
    <div className="t-stack">
      <div>
        <Button
          variant={creating ? 'ghost' : 'primary'}
          onClick={() => {
            clearTimeout(closing.current);
            setCreated(null);
            setCreating((v) => !v);
          }}
          aria-expanded={creating}
        >
          {creating ? 'Fechar formulário' : 'Criar Vaga'}
        </Button>
      </div>
      {created && !creating && (
        <Alert tone="success" data-testid="control-create-message">
          {created}
        </Alert>
      )}
      {creating && (
        <Suspense fallback={<Loading />}>
          <CreateJobsScreen restaurantId={restaurant.id} onCreated={onCreated} />
        </Suspense>
      )}
      {(stores.data?.items.length ?? 0) > 1 && (
        <div style={{ maxWidth: 360 }}>
          <SelectField
            label="Filtrar por loja"
            value={storeId}
            onChange={(event) => setStoreId(event.target.value)}
            options={[
              { value: '', label: ALL_STORES_LABEL },
              ...stores.data!.items.map((store) => ({ value: String(store.id), label: store.name })),
            ]}
          />
        </div>
      )}
      <SpendingPanels
        data={spending.data}
        loading={spending.status === 'loading'}
        error={spending.error ? { detail: spending.error.detail } : null}
        onRetry={spending.reload}
      />
      <StoresAndBillingCard restaurantId={restaurant.id} stores={stores} />
    </div>
  );
}

/**
 * "Controle Mercado" (spec 02 §2): pick a business, then its dashboard (the shared spending panels
 * and a vacancy form), its agenda (its own agenda read model, as job cards with every
 * command-centre action) and its invoices
 * (admin_billing's screen, loaded at run time). Every sub-tab but the select waits for a choice.
 */
export function RestaurantControlScreen() {
  const [restaurant, setRestaurant] = useState<RestaurantOption | null>(null);
  const [tab, setTab] = useState<SubTab>('select');
  const chosen = restaurant !== null;
  return (
    <div className="t-stack">
      <div className="t-row" style={{ justifyContent: 'space-between', gap: 8 }}>
        <h2 style={{ margin: 0 }}>Controle Mercado{restaurant && `: ${restaurant.business_name}`}</h2>
        {chosen && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setRestaurant(null);
              setTab('select');
            }}
          >
            Trocar Mercado
          </Button>
        )}
      </div>
      <Tabs
        label="Seções do Controle Mercado"
        active={tab}
        onChange={(id) => setTab(id as SubTab)}
        tabs={[
          { id: 'select', label: 'Selecionar Mercado' },
          { id: 'dashboard', label: 'Dashboard', disabled: !chosen },
          { id: 'agenda', label: 'Agenda', disabled: !chosen },
          { id: 'faturas', label: 'Faturas', disabled: !chosen },
        ]}
      >
        <Suspense fallback={<Loading />}>
          {tab === 'select' && (
            <SelectRestaurant
              onSelect={(r) => {
                setRestaurant(r);
                setTab('dashboard');
              }}
            />
          )}
          {restaurant && tab === 'dashboard' && <Dashboard key={restaurant.id} restaurant={restaurant} />}
          {restaurant && tab === 'agenda' && (
            <RestaurantAgendaScreen key={restaurant.id} restaurantId={restaurant.id} />
          )}
          {restaurant && tab === 'faturas' && (
            <RestaurantInvoicesArea
              key={restaurant.id}
              restaurantId={String(restaurant.id)}
              restaurantName={restaurant.business_name}
            />
          )}
        </Suspense>
      </Tabs>
    </div>
  );
}
