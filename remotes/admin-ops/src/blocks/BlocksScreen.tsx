import { AdminBlocksPageSchema, type AdminBlock } from '@turno/contracts';
import { ADMIN_OPS_TEXTS, MESSAGES, POLL_INTERVAL_MS, formatPhone } from '@turno/domain';
import {
  Alert,
  Badge,
  bffErrorMessage,
  Button,
  ConfirmDialog,
  formatTimestampBR,
  ListFilters,
  ListScreen,
  SearchField,
  useLiveRefresh,
  usePagedList,
} from '@turno/ui';
import { Suspense, lazy, useState } from 'react';
import { ExportLink } from '../shared/ExportLink';
import { useAction } from '../shared/useAction';
import { BLOCKS_URL, blockFreelancer, unblockFreelancer } from './blocks';

const BlockDialog = lazy(() => import('./BlockDialog').then((m) => ({ default: m.BlockDialog })));

type OpenDialog = { kind: 'new' } | { kind: 'remove'; block: AdminBlock } | null;

function BlockItem({ b, busy, onRemove }: { b: AdminBlock; busy: boolean; onRemove: () => void }) {
  return (
    <li className="t-card" style={{ padding: 12 }} data-testid={`block-${b.id}`}>
      <div className="t-row" style={{ gap: 8, justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <div style={{ minWidth: 0 }}>
          <strong>{b.freelancer_name}</strong>
          {b.freelancer_phone && <span className="t-muted"> · {formatPhone(b.freelancer_phone)}</span>}
          <div>
            Bloqueado em <strong>{b.restaurant_name}</strong>
            {b.restaurant_contact_name && <span className="t-muted"> · {b.restaurant_contact_name}</span>}
          </div>
          <div className="t-row" style={{ gap: 6, fontSize: 13 }}>
            <Badge tone={b.blocked_by === 'admin' ? 'danger' : 'warning'}>
              {b.blocked_by === 'admin' ? 'Admin' : 'Mercado'}
            </Badge>
            <span className="t-muted">{formatTimestampBR(b.created_at)}</span>
          </div>
          {b.block_reason && (
            <p style={{ margin: '6px 0 0', overflowWrap: 'anywhere' }}>Motivo: {b.block_reason}</p>
          )}
        </div>
        <Button
          size="sm"
          variant="danger"
          disabled={busy}
          onClick={onRemove}
          aria-label={`Remover bloqueio de ${b.freelancer_name} em ${b.restaurant_name}`}
        >
          Remover
        </Button>
      </div>
    </li>
  );
}

/** "Bloqueios" (spec 02 §2): every active block, "Novo Bloqueio", "Remover" with confirmation, the info box. */
export function BlocksScreen({ fetchImpl }: { fetchImpl?: typeof fetch }) {
  const [q, setQ] = useState('');
  const list = usePagedList(BLOCKS_URL, { q }, AdminBlocksPageSchema, { fetchImpl });
  useLiveRefresh('admin-ops', list.refresh, {
    pollIntervalMs: POLL_INTERVAL_MS.adminJobs,
    types: ['block_changed'],
  });
  const action = useAction();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [blockError, setBlockError] = useState<string | null>(null);

  const block = async (input: { freelancerId: number; restaurantId: number; blockReason?: string }) => {
    setBlockError(null);
    let refusal: string = MESSAGES.blocks.blockFailed;
    const done = await action.run(
      'block',
      () =>
        blockFreelancer(input, fetchImpl).catch((error: unknown) => {
          refusal = bffErrorMessage(error, MESSAGES.blocks.blockFailed);
          throw error;
        }),
      { success: () => MESSAGES.blocks.blocked, failure: MESSAGES.blocks.blockFailed },
    );
    if (done) {
      setDialog(null);
      void list.refresh();
    } else {
      action.setFeedback(null);
      setBlockError(refusal);
    }
  };
  const remove = async (b: AdminBlock) => {
    const done = await action.run(
      `remove-${b.id}`,
      () => unblockFreelancer({ freelancerId: b.freelancer_id, restaurantId: b.restaurant_id }, fetchImpl),
      { success: () => MESSAGES.blocks.removed, failure: MESSAGES.blocks.removeFailed },
    );
    setDialog(null);
    if (done) void list.refresh();
  };

  return (
    <ListScreen
      title="Bloqueios"
      subtitle="Freelancers bloqueados por mercado."
      actions={
        <div className="t-row" style={{ gap: 6 }}>
          <ExportLink file="blocks.xlsx" params={{ q }} label="Bloqueios" />
          <Button
            size="sm"
            variant="danger"
            onClick={() => {
              setBlockError(null);
              setDialog({ kind: 'new' });
            }}
          >
            Novo Bloqueio
          </Button>
        </div>
      }
      before={
        <>
          {action.feedback && (
            <Alert
              tone={action.feedback.text.includes('✅') ? 'success' : 'danger'}
              data-testid="action-feedback"
            >
              {action.feedback.text}
            </Alert>
          )}
          <Alert tone="info" title={ADMIN_OPS_TEXTS.blocks.infoTitle}>
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {ADMIN_OPS_TEXTS.blocks.info.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </Alert>
        </>
      }
      filters={
        <ListFilters label="Filtros dos bloqueios" onClear={q ? () => setQ('') : undefined}>
          <SearchField
            label="Buscar bloqueio"
            placeholder="Freelancer ou mercado"
            value={q}
            onSearch={setQ}
          />
        </ListFilters>
      }
      listTitle={<>Bloqueios Ativos ({list.data?.total ?? 0})</>}
      list={list}
      label="Bloqueios encontrados"
      empty={q ? 'Nenhum bloqueio encontrado.' : ADMIN_OPS_TEXTS.blocks.emptyList}
      after={
        <>
          {dialog?.kind === 'remove' && (
            <ConfirmDialog
              title="Remover bloqueio"
              message={MESSAGES.confirmations.removeBlock}
              confirmLabel="Remover"
              tone="danger"
              busy={action.running === `remove-${dialog.block.id}`}
              onConfirm={() => void remove(dialog.block)}
              onCancel={() => setDialog(null)}
            />
          )}
          <Suspense fallback={null}>
            {dialog?.kind === 'new' && (
              <BlockDialog
                busy={action.running === 'block'}
                error={blockError}
                onBlock={(input) => void block(input)}
                onCancel={() => setDialog(null)}
              />
            )}
          </Suspense>
        </>
      }
    >
      {(data) => (
        <ul className="t-stack" style={{ listStyle: 'none', margin: 0, padding: 0, gap: 12 }}>
          {data.items.map((b) => (
            <BlockItem
              key={b.id}
              b={b}
              busy={action.running !== null}
              onRemove={() => setDialog({ kind: 'remove', block: b })}
            />
          ))}
        </ul>
      )}
    </ListScreen>
  );
}
