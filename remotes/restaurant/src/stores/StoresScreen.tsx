import { SavedStoreSchema, type BusinessStore } from '@turno/contracts';
import {
  BUSINESS_MEMBER_MESSAGES,
  ESTABLISHMENT_TYPES,
  MESSAGES,
  STORE_NAME_MAX,
  STORE_NAME_MIN,
  SUCCESS_MESSAGE_MS,
  formatCnpj,
  isValidCnpj,
  memberMay,
} from '@turno/domain';
import {
  Alert,
  Badge,
  bffErrorMessage,
  Button,
  CnpjField,
  ConfirmDialog,
  Dialog,
  ListCard,
  SelectField,
  sendBff,
  TextField,
} from '@turno/ui';
import { useRef, useState } from 'react';
import { useTimedMessage } from '../shared/useTimedMessage';
import { BillingModeCard } from './BillingModeCard';
import { STORES_URL, WithStores, roleOf, type StoresResource } from './stores';

export interface StoresScreenProps {
  fetchImpl?: typeof fetch;
}

/** "3 vagas abertas", "1 vaga aberta". */
export function openVacanciesText(count: number): string {
  return `${count} ${count === 1 ? 'vaga aberta' : 'vagas abertas'}`;
}

/**
 * The "Lojas" tab (issue 28), the owner's: the business's stores (name, active or not, open
 * vacancies, type and branch CNPJ), "Adicionar loja", and per store "Editar" and "Desativar" (with confirmation: it
 * stops taking new vacancies, those it has stay) or "Reativar"; and "Faturamento" (centralized or per
 * store, BillingModeCard). Inside the panel it shows the
 * stores App already reads (so the tabs and the vacancy form see a change at once); alone, its own.
 */
export function StoresScreen({ fetchImpl }: StoresScreenProps) {
  return (
    <WithStores fetchImpl={fetchImpl}>
      {(stores) => <Stores stores={stores} fetchImpl={fetchImpl} />}
    </WithStores>
  );
}

/** The store being named: a new one (`null`) or one renamed. */
type Naming = { store: BusinessStore | null } | null;

function Stores({ stores, fetchImpl }: { stores: StoresResource; fetchImpl?: typeof fetch }) {
  const [naming, setNaming] = useState<Naming>(null);
  const [deactivating, setDeactivating] = useState<BusinessStore | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const flash = useTimedMessage();

  async function setActive(store: BusinessStore, isActive: boolean) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await sendBff(`${STORES_URL}/${store.id}`, {
        method: 'PUT',
        body: { isActive },
        schema: SavedStoreSchema,
        fetchImpl,
      });
      const text = isActive
        ? BUSINESS_MEMBER_MESSAGES.storeReactivated
        : BUSINESS_MEMBER_MESSAGES.storeDeactivated;
      flash.show({ tone: 'success', text }, SUCCESS_MESSAGE_MS);
      stores.refresh();
    } catch (error) {
      const text = bffErrorMessage(error, MESSAGES.common.saveFailed, MESSAGES.common.saveConnection);
      flash.show({ tone: 'danger', text }, SUCCESS_MESSAGE_MS);
    } finally {
      inFlight.current = false;
      setBusy(false);
      setDeactivating(null);
    }
  }

  const items = stores.data?.items ?? [];
  return (
    <div className="t-stack">
      {flash.message && (
        <Alert tone={flash.message.tone} data-testid="stores-message">
          {flash.message.text}
        </Alert>
      )}
      <ListCard
        title="Lojas do Mercado"
        className="r-rows"
        actions={<Button onClick={() => setNaming({ store: null })}>Adicionar loja</Button>}
        hint="Cada vaga é de uma loja. Uma loja desativada não recebe novas vagas; as que ela já tem continuam."
        resource={stores}
        empty={items.length === 0}
        emptyText="Nenhuma loja cadastrada."
        emptyTestId="stores-empty"
      >
        <ul className="r-rows__list" aria-label="Lojas do Mercado" data-testid="stores-list">
          {items.map((store) => (
            <li key={store.id} className="r-rows__item">
              <div>
                <strong className="r-rows__name">{store.name}</strong>
                <div className="r-rows__facts">
                  {store.is_active ? <Badge tone="success">Ativa</Badge> : <Badge>Desativada</Badge>}
                  <span className="t-muted">{openVacanciesText(store.open_vacancies)}</span>
                  {store.establishment_type && <span className="t-muted">{store.establishment_type}</span>}
                  {store.cnpj && <span className="t-muted">CNPJ {formatCnpj(store.cnpj)}</span>}
                </div>
              </div>
              <div className="r-rows__actions">
                <Button
                  variant="secondary"
                  onClick={() => setNaming({ store })}
                  aria-label={`Editar ${store.name}`}
                >
                  Editar
                </Button>
                {store.is_active ? (
                  <Button
                    variant="secondary"
                    onClick={() => setDeactivating(store)}
                    disabled={busy}
                    aria-label={`Desativar ${store.name}`}
                  >
                    Desativar
                  </Button>
                ) : (
                  <Button
                    variant="secondary"
                    onClick={() => void setActive(store, true)}
                    disabled={busy}
                    aria-label={`Reativar ${store.name}`}
                  >
                    Reativar
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </ListCard>
      {roleOf(stores) !== null && memberMay(roleOf(stores)!, 'manageBilling') && (
        <BillingModeCard stores={stores} fetchImpl={fetchImpl} />
      )}
      {naming && (
        <StoreNameDialog
          store={naming.store}
          fetchImpl={fetchImpl}
          onClose={() => setNaming(null)}
          onSaved={() => {
            const text = naming.store
              ? BUSINESS_MEMBER_MESSAGES.storeSaved
              : BUSINESS_MEMBER_MESSAGES.storeCreated;
            setNaming(null);
            flash.show({ tone: 'success', text }, SUCCESS_MESSAGE_MS);
            stores.refresh();
          }}
        />
      )}
      {deactivating && (
        <ConfirmDialog
          title="Desativar loja"
          message={`Desativar ${deactivating.name}? Ela deixa de receber novas vagas; as vagas que ela já tem continuam valendo. Você pode reativá-la depois.`}
          confirmLabel="Desativar"
          tone="danger"
          busy={busy}
          onCancel={() => setDeactivating(null)}
          onConfirm={() => void setActive(deactivating, false)}
        />
      )}
    </div>
  );
}

interface StoreNameDialogProps {
  /** The store renamed, or null to add one. */
  store: BusinessStore | null;
  onClose: () => void;
  onSaved: () => void;
  fetchImpl?: typeof fetch;
}

/**
 * "Adicionar loja" / "Editar loja": the name (2–80 characters), the branch's CNPJ and establishment
 * type (both optional: without them the store is the business's); the server's refusal in pt-BR.
 */
function StoreNameDialog({ store, onClose, onSaved, fetchImpl }: StoreNameDialogProps) {
  const [name, setName] = useState(store?.name ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const initialCnpj = store?.cnpj ?? '';
  const initialType = store?.establishment_type ?? '';
  const [cnpj, setCnpj] = useState(initialCnpj);
  const [type, setType] = useState(initialType);
  const [cnpjError, setCnpjError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  async function submit() {
    if (inFlight.current) return;
    const trimmed = name.trim();
    if (trimmed.length < STORE_NAME_MIN || trimmed.length > STORE_NAME_MAX) {
      setNameError(BUSINESS_MEMBER_MESSAGES.storeNameLength);
      return;
    }
    if (cnpj.trim() && !isValidCnpj(cnpj)) {
      setCnpjError(MESSAGES.restaurants.invalidCnpj);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      await sendBff(store ? `${STORES_URL}/${store.id}` : STORES_URL, {
        method: store ? 'PUT' : 'POST',
        // Only what changed (a new store: what was given; an edit may clear the CNPJ or the type).
        body: {
          name: trimmed,
          ...(cnpj !== initialCnpj ? { cnpj: cnpj.trim() || null } : {}),
          ...(type !== initialType ? { establishmentType: type || null } : {}),
        },
        schema: SavedStoreSchema,
        fetchImpl,
      });
      onSaved();
    } catch (failure) {
      setError(bffErrorMessage(failure, MESSAGES.common.saveFailed, MESSAGES.common.saveConnection));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={store ? 'Editar loja' : 'Adicionar loja'}
      onClose={onClose}
      busy={busy}
      size="small"
      onSubmit={() => void submit()}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" busy={busy}>
            {store ? 'Salvar' : 'Adicionar'}
          </Button>
        </>
      }
    >
      <TextField
        label="Nome da loja"
        value={name}
        maxLength={STORE_NAME_MAX}
        autoComplete="off"
        required
        placeholder="Ex.: Loja Centro"
        hint={`De ${STORE_NAME_MIN} a ${STORE_NAME_MAX} caracteres.`}
        error={nameError ?? undefined}
        onChange={(event) => {
          setName(event.target.value);
          setNameError(null);
        }}
      />
      <CnpjField
        label="CNPJ da filial"
        optional
        value={cnpj}
        error={cnpjError ?? undefined}
        onChange={(value) => {
          setCnpj(value);
          setCnpjError(null);
        }}
      />
      <SelectField
        label="Tipo de estabelecimento"
        optional
        value={type}
        onChange={(event) => setType(event.target.value)}
      >
        <option value="">O mesmo do Mercado</option>
        {ESTABLISHMENT_TYPES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </SelectField>
      {error && (
        <Alert tone="danger" data-testid="store-error">
          {error}
        </Alert>
      )}
    </Dialog>
  );
}
