import {
  BlockFreelancerResponseSchema,
  BlockedFreelancerListSchema,
  PickableFreelancerListSchema,
  UnblockFreelancerResponseSchema,
  type BlockedFreelancer,
} from '@turno/contracts';
import {
  MESSAGES,
  SUCCESS_MESSAGE_MS,
  formatPhone,
  parseInstant,
  saoPauloDate,
  formatDateBR,
} from '@turno/domain';
import {
  Alert,
  bffErrorMessage,
  Button,
  ConfirmDialog,
  Dialog,
  ListCard,
  SearchField,
  SelectField,
  sendBff,
  TextAreaField,
} from '@turno/ui';
import { useId, useInsertionEffect, useRef, useState } from 'react';
import { ensureSectionStyles } from '../shared/styles';
import { BFF } from '../shared/bff';
import { useLiveResource } from '../shared/useLiveResource';
import { useTimedMessage } from '../shared/useTimedMessage';

const BLOCKS_CSS = `
.r-blocks__item{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:flex-start;justify-content:space-between;border:1px solid var(--t-color-border);border-radius:var(--t-radius);padding:12px 14px}
.r-blocks__item > div{min-width:0;flex:1 1 220px}
.r-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:10px}
`;

export const BLOCKS_URL = `${BFF}/restaurant/blocked-freelancers`;
export const PICKABLE_URL = `${BFF}/freelancers`;

const BLOCKS_HINT =
  'Um freelancer bloqueado não vê as vagas do seu estabelecimento, e as candidaturas pendentes dele ' +
  'para você são recusadas.';

export interface BlocksScreenProps {
  fetchImpl?: typeof fetch;
}

/** 'dd/mm/aaaa' in Sao Paulo of a wire timestamp. */
function dayOf(timestamp: string): string {
  const instant = parseInstant(timestamp);
  return instant ? formatDateBR(saoPauloDate(instant)) : '';
}

/**
 * The "Bloqueios" tab (spec 01 §2): the business's blocked freelancers (name, phone, reason, date),
 * "Bloquear freelancer" (a dialog: freelancer required — among those who applied to or worked at
 * the business —, reason optional) and "Desbloquear" with confirmation.
 */
export function BlocksScreen({ fetchImpl }: BlocksScreenProps) {
  useInsertionEffect(() => ensureSectionStyles('turno-restaurant-blocks', BLOCKS_CSS), []);
  const blocks = useLiveResource(BLOCKS_URL, BlockedFreelancerListSchema, {
    types: ['block_changed', 'freelancer_updated', 'freelancer_deleted'],
    fetchImpl,
  });
  const [blocking, setBlocking] = useState(false);
  const [unblocking, setUnblocking] = useState<BlockedFreelancer | null>(null);
  const [busy, setBusy] = useState(false);
  const flash = useTimedMessage();

  async function unblock(block: BlockedFreelancer) {
    if (busy) return;
    setBusy(true);
    try {
      await sendBff(`${BFF}/restaurant/unblock-freelancer`, {
        method: 'POST',
        body: { freelancerId: block.freelancer_id },
        schema: UnblockFreelancerResponseSchema,
        fetchImpl,
      });
      flash.show({ tone: 'success', text: MESSAGES.blocks.removed }, SUCCESS_MESSAGE_MS);
      blocks.refresh();
    } catch (error) {
      const text = bffErrorMessage(error, MESSAGES.blocks.unblockFailed, MESSAGES.common.connection);
      flash.show({ tone: 'danger', text }, SUCCESS_MESSAGE_MS);
    } finally {
      setBusy(false);
      setUnblocking(null);
    }
  }

  const items = blocks.data?.items ?? [];
  return (
    <div className="t-stack">
      {flash.message && (
        <Alert tone={flash.message.tone} data-testid="blocks-message">
          {flash.message.text}
        </Alert>
      )}
      <ListCard
        title="Freelancers bloqueados"
        actions={<Button onClick={() => setBlocking(true)}>Bloquear freelancer</Button>}
        hint={BLOCKS_HINT}
        resource={blocks}
        empty={items.length === 0}
        emptyText="Nenhum freelancer bloqueado."
        emptyTestId="blocks-empty"
      >
        <ul className="r-list" aria-label="Freelancers bloqueados" data-testid="blocks-list">
          {items.map((block) => (
            <li key={block.id} className="r-blocks__item">
              <div>
                <strong>{block.freelancer_name}</strong>
                <dl className="r-facts">
                  <dt>Telefone</dt>
                  <dd>{block.freelancer_phone ? formatPhone(block.freelancer_phone) : '—'}</dd>
                  <dt>Motivo</dt>
                  <dd>{block.block_reason ?? 'Não informado'}</dd>
                  <dt>Desde</dt>
                  <dd>{dayOf(block.created_at)}</dd>
                </dl>
              </div>
              {block.blocked_by === 'admin' ? (
                <span className="t-hint">Bloqueio feito pela administração</span>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setUnblocking(block)}
                  aria-label={`Desbloquear ${block.freelancer_name}`}
                >
                  Desbloquear
                </Button>
              )}
            </li>
          ))}
        </ul>
      </ListCard>
      {blocking && (
        <BlockDialog
          fetchImpl={fetchImpl}
          onClose={() => setBlocking(false)}
          onBlocked={() => {
            setBlocking(false);
            flash.show({ tone: 'success', text: MESSAGES.blocks.blocked }, SUCCESS_MESSAGE_MS);
            blocks.refresh();
          }}
        />
      )}
      {unblocking && (
        <ConfirmDialog
          title="Desbloquear freelancer"
          message={`Tem certeza que deseja desbloquear ${unblocking.freelancer_name}? Essa pessoa voltará a ver e se candidatar às suas vagas.`}
          confirmLabel="Desbloquear"
          busy={busy}
          onCancel={() => setUnblocking(null)}
          onConfirm={() => void unblock(unblocking)}
        />
      )}
    </div>
  );
}

interface BlockDialogProps {
  onClose: () => void;
  onBlocked: () => void;
  fetchImpl?: typeof fetch;
}

/** "Bloquear freelancer": search, pick one of the freelancers the server offers, reason optional. */
function BlockDialog({ onClose, onBlocked, fetchImpl }: BlockDialogProps) {
  const [q, setQ] = useState('');
  const url = q ? `${PICKABLE_URL}?q=${encodeURIComponent(q)}` : PICKABLE_URL;
  const choices = useLiveResource(url, PickableFreelancerListSchema, {
    types: ['block_changed', 'job_application', 'freelancer_updated'],
    fetchImpl,
  });
  const [freelancerId, setFreelancerId] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const hintId = useId();

  async function submit() {
    if (inFlight.current) return;
    if (!freelancerId) {
      setError(MESSAGES.blocks.selectFreelancer);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      await sendBff(`${BFF}/restaurant/block-freelancer`, {
        method: 'POST',
        body: { freelancerId: Number(freelancerId), blockReason: reason.trim() || null },
        schema: BlockFreelancerResponseSchema,
        fetchImpl,
      });
      onBlocked();
    } catch (failure) {
      setError(bffErrorMessage(failure, MESSAGES.blocks.blockFailed, MESSAGES.common.connection));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  const items = choices.data?.items ?? [];
  return (
    <Dialog
      title="Bloquear freelancer"
      onClose={onClose}
      busy={busy}
      size="small"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button variant="danger" onClick={() => void submit()} busy={busy}>
            Bloquear
          </Button>
        </>
      }
    >
      <p className="t-hint" id={hintId} style={{ margin: 0 }}>
        Aparecem aqui os freelancers aprovados que já se candidataram ou trabalharam no seu estabelecimento.
      </p>
      <SearchField label="Buscar freelancer" value={q} onSearch={setQ} />
      <SelectField
        label="Freelancer"
        value={freelancerId}
        onChange={(event) => {
          setFreelancerId(event.target.value);
          setError(null);
        }}
        required
        error={error === MESSAGES.blocks.selectFreelancer ? error : undefined}
        hint={
          choices.data
            ? choices.data.total > items.length
              ? `Mostrando ${items.length} de ${choices.data.total}: refine a busca.`
              : items.length === 0
                ? 'Nenhum freelancer disponível para bloqueio.'
                : undefined
            : choices.error
              ? MESSAGES.freelancers.loadFailed
              : 'Carregando...'
        }
      >
        <option value="">Selecione</option>
        {items.map((freelancer) => (
          <option key={freelancer.id} value={freelancer.id}>
            {freelancer.name}
            {freelancer.phone ? ` — ${formatPhone(freelancer.phone)}` : ''}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Motivo"
        optional
        rows={3}
        maxLength={2000}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      {error && error !== MESSAGES.blocks.selectFreelancer && (
        <Alert tone="danger" data-testid="block-error">
          {error}
        </Alert>
      )}
    </Dialog>
  );
}
