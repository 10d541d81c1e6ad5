import { AdminAuditEventsPageSchema, type AdminAuditEvent } from '@turno/contracts';
import {
  AUDIT_OUTCOME_LABELS,
  POLL_INTERVAL_MS,
  auditActionLabel,
  auditChanges,
  auditRecordLabel,
} from '@turno/domain';
import {
  Badge,
  Button,
  formatTimestampBR,
  ListFilters,
  PageHeader,
  PagedListBody,
  ResponsiveTable,
  SearchField,
  SelectField,
  TextField,
  useLiveRefresh,
  usePagedList,
  type TableColumn,
} from '@turno/ui';
import { useState } from 'react';
import { ExportLink } from '../shared/ExportLink';
import { AuditChangesDialog } from './AuditChangesDialog';
import {
  AUDIT_DEFAULTS,
  AUDIT_DEFAULT_FILTERS,
  AUDIT_EVENTS_URL,
  GROUP_OPTIONS,
  OUTCOME_OPTIONS,
  OUTCOME_TONES,
  TARGET_OPTIONS,
  actionOptions,
  actorLabel,
  actorOptions,
  type AuditFilters,
} from './audit-filters';

/** The count stops at 10,000 (services/core audit-events.queries.ts, AUDIT_COUNT_CAP). */
const AUDIT_COUNT_CAP_TEXT = '10.000';

function columns(open: (event: AdminAuditEvent) => void): TableColumn<AdminAuditEvent>[] {
  return [
    {
      key: 'when',
      header: 'Quando',
      render: (e) => <span style={{ whiteSpace: 'nowrap' }}>{formatTimestampBR(e.created_at)}</span>,
    },
    {
      key: 'who',
      header: 'Quem',
      render: (e) => {
        const who = actorLabel(e);
        return (
          // Wide enough for an e-mail on one line; a longer one breaks anywhere (never the page).
          <span style={{ display: 'block', minWidth: 170, overflowWrap: 'anywhere' }}>
            {who.name}
            {who.detail && (
              <span className="t-muted" style={{ display: 'block', fontSize: 12 }}>
                {who.detail}
              </span>
            )}
          </span>
        );
      },
    },
    { key: 'action', header: 'Ação', render: (e) => auditActionLabel(e.action) },
    {
      key: 'record',
      header: 'Registro',
      // "Vaga #12" and, below it, what it is: "Estoquista · Supermercado Bom Preço".
      render: (e) => (
        // A record number may be long (a generation run's id): it wraps rather than widen the table.
        <span style={{ display: 'block', minWidth: 120, overflowWrap: 'anywhere' }}>
          {auditRecordLabel(e.target_type, e.target_id)}
          {e.target_name && (
            <span className="t-muted" style={{ display: 'block', fontSize: 12 }}>
              {e.target_name}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'outcome',
      header: 'Resultado',
      render: (e) => (
        <Badge tone={OUTCOME_TONES[e.outcome]}>
          {AUDIT_OUTCOME_LABELS[e.outcome]}
          {e.status !== null && e.outcome !== 'success' ? ` (${e.status})` : ''}
        </Badge>
      ),
    },
    {
      key: 'changes',
      header: 'Alterações',
      render: (e) => {
        const count = auditChanges(e.before, e.after).length;
        return (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => open(e)}
            aria-label={`Ver alterações: ${auditActionLabel(e.action)}, ${formatTimestampBR(e.created_at)}`}
          >
            <span style={{ whiteSpace: 'nowrap' }}>
              {count > 0 ? `Ver alterações (${count})` : e.refusal ? 'Ver motivo' : 'Ver detalhes'}
            </span>
          </Button>
        );
      },
    },
  ];
}

/**
 * "Auditoria" (issue 12): every admin action and security event, newest first, filtered on the
 * server; a row's "Ver alterações" shows its before → after values field by field and the request
 * id (searchable, but not a column: the table fits 1280 px without scrolling sideways).
 */
export function AuditScreen({ fetchImpl }: { fetchImpl?: typeof fetch }) {
  const [filters, setFilters] = useState(AUDIT_DEFAULT_FILTERS);
  const [opened, setOpened] = useState<AdminAuditEvent | null>(null);
  const list = usePagedList(AUDIT_EVENTS_URL, filters, AdminAuditEventsPageSchema, {
    defaults: AUDIT_DEFAULTS,
    fetchImpl,
  });
  // Every admin action is also a domain event: refresh on any (the ETag makes an unchanged trail a 304).
  useLiveRefresh('admin-ops', list.refresh, { pollIntervalMs: POLL_INTERVAL_MS.adminJobs });
  const change = (next: Partial<AuditFilters>) => setFilters({ ...filters, ...next });
  const chosen = Object.fromEntries(
    Object.entries(filters).filter(
      ([key, value]) => value !== AUDIT_DEFAULT_FILTERS[key as keyof AuditFilters],
    ),
  );
  const filtered = Object.keys(chosen).length > 0;
  return (
    <div className="t-stack">
      <PageHeader
        as="h2"
        title="Auditoria"
        subtitle="Ações dos administradores e eventos de segurança, com os valores antes e depois."
        actions={
          <div className="t-row" style={{ gap: 6, flexWrap: 'wrap' }}>
            <Button size="sm" variant="secondary" onClick={() => void list.refresh()}>
              Atualizar
            </Button>
            <ExportLink file="audit-events.xlsx" params={chosen} label="Auditoria" />
          </div>
        }
      />
      <ListFilters
        label="Filtros da auditoria"
        onClear={filtered ? () => setFilters(AUDIT_DEFAULT_FILTERS) : undefined}
      >
        <TextField
          label="De"
          type="date"
          value={filters.from}
          onChange={(e) => change({ from: e.target.value })}
        />
        <TextField
          label="Até"
          type="date"
          value={filters.to}
          onChange={(e) => change({ to: e.target.value })}
        />
        <SelectField
          label="Quem"
          value={filters.actor}
          onChange={(e) => change({ actor: e.target.value })}
          options={actorOptions(list.data?.actors)}
        />
        <SelectField
          label="Tipo de ação"
          value={filters.group}
          onChange={(e) => change({ group: e.target.value as AuditFilters['group'], action: '' })}
          options={GROUP_OPTIONS}
        />
        <SelectField
          label="Ação"
          value={filters.action}
          onChange={(e) => change({ action: e.target.value })}
          options={actionOptions(filters.group)}
        />
        <SelectField
          label="Resultado"
          value={filters.outcome}
          onChange={(e) => change({ outcome: e.target.value as AuditFilters['outcome'] })}
          options={OUTCOME_OPTIONS}
        />
        <SelectField
          label="Registro"
          value={filters.targetType}
          onChange={(e) => change({ targetType: e.target.value as AuditFilters['targetType'] })}
          options={TARGET_OPTIONS}
        />
        <TextField
          label="Nº do registro"
          inputMode="numeric"
          value={filters.targetId}
          onChange={(e) => change({ targetId: e.target.value })}
        />
        <SearchField
          label="Buscar"
          placeholder="Ação, registro ou request ID"
          value={filters.q}
          onSearch={(q) => change({ q })}
        />
      </ListFilters>
      <PagedListBody list={list} label="Registros da auditoria">
        {(data) => (
          <>
            {data.totalCapped && (
              <p className="t-muted" data-testid="audit-capped" style={{ margin: 0 }}>
                Mais de {AUDIT_COUNT_CAP_TEXT} registros com estes filtros: use o período ou os outros filtros
                para encontrar o que procura.
              </p>
            )}
            <ResponsiveTable
              caption="Registros da auditoria"
              hideCaption
              columns={columns(setOpened)}
              rows={data.items}
              rowKey={(e) => e.id}
              emptyMessage={filtered ? 'Nenhum registro com estes filtros.' : 'Nenhum registro ainda.'}
            />
          </>
        )}
      </PagedListBody>
      {opened && <AuditChangesDialog event={opened} onClose={() => setOpened(null)} />}
    </div>
  );
}
