import {
  AdminPayoutsPageSchema,
  type AdminPayout,
  type AdminPayoutsPage,
  type PayoutListStatusFilter,
} from '@turno/contracts';
import {
  PAYOUT_KIND_LABELS,
  PAYOUT_MESSAGES,
  PAYOUT_STATUS_TONES,
  formatDateBR,
  formatMoney,
  payoutDeductionText,
  payoutStateText,
  saoPauloDate,
  saoPauloTime,
} from '@turno/domain';
import {
  Alert,
  Button,
  ConfirmDialog,
  Dialog,
  ListFilters,
  PageHeader,
  PagedListBody,
  ResponsiveTable,
  SearchField,
  SelectField,
  StatCard,
  StatGrid,
  TextAreaField,
  TextField,
  buttonClassName,
  listUrl,
  useLiveRefresh,
  usePagedList,
  type TableColumn,
} from '@turno/ui';
import { useMemo, useState } from 'react';
import { INVOICES_POLL_INTERVAL_MS } from '../invoices/poll';
import {
  PAYOUTS_EXPORT_URL,
  PAYOUTS_QUERY_DEFAULTS,
  PAYOUTS_URL,
  PAYOUT_STATUS_OPTIONS,
  defaultPayoutsFilters,
  payoutActionsOf,
  payoutRowKey,
  payoutsQuery,
  type PayoutsFilters,
} from './payouts';
import { PAYOUT_ACTIONS, usePayoutActions, type PayoutActions } from './usePayoutActions';

export interface PayoutsScreenProps {
  /** For tests: the fetch the list and the actions use (the browser's by default). */
  fetchImpl?: typeof fetch;
  /** For tests: the day the default period ends on. */
  now?: Date;
}

const dateTime = (iso: string) =>
  `${formatDateBR(saoPauloDate(new Date(iso)))} ${saoPauloTime(new Date(iso))}`;

const cents = (reais: number | null | undefined) => Math.round((reais ?? 0) * 100);
const isDeduction = (p: AdminPayout) => p.kind === 'deduction';

/**
 * The state as "Finanças" says it (toned by state), wrapping on a phone; a deduction's, what it
 * still owes (amber) or that it was taken (green).
 */
function PayoutStateBadge({ payout }: { payout: AdminPayout }) {
  const deduction = isDeduction(payout);
  const tone = deduction
    ? cents(payout.remaining) > 0
      ? 'warning'
      : 'success'
    : PAYOUT_STATUS_TONES[payout.status];
  return (
    <span
      className={tone === 'neutral' ? 't-badge' : `t-badge t-badge--${tone}`}
      style={{ whiteSpace: 'normal' }}
      data-testid="payout-state"
      data-status={payout.status}
    >
      {deduction
        ? payoutDeductionText(cents(payout.remaining))
        : payoutStateText({
            status: payout.status,
            paidAt: payout.paid_at,
            heldUntil: payout.held_until,
            failureReason: payout.failure_reason,
            amountCents: cents(payout.amount),
            deductedCents: cents(payout.deducted),
          })}
    </span>
  );
}

/** "Turno", "Complemento" (a timesheet raised after the payout left), "Desconto" (cut after it left). */
function KindBadge({ payout }: { payout: AdminPayout }) {
  const kind = payout.kind ?? 'shift';
  return (
    <span
      className={
        kind === 'shift' ? 't-badge' : `t-badge t-badge--${kind === 'deduction' ? 'warning' : 'info'}`
      }
      data-testid="payout-kind"
      data-kind={kind}
    >
      {PAYOUT_KIND_LABELS[kind]}
    </span>
  );
}

const COLUMNS: TableColumn<AdminPayout>[] = [
  {
    key: 'freelancer',
    header: 'Freelancer',
    render: (p) => (
      <>
        <strong>{p.freelancer_name}</strong>
        {/* A deduction is sent to no key. */}
        {!isDeduction(p) && <div className="t-muted">{p.pix_key ?? 'Sem chave Pix'}</div>}
      </>
    ),
  },
  {
    key: 'shift',
    header: 'Turno',
    render: (p) => (
      <>
        {p.job_title} · {p.restaurant_name}
        <div className="t-muted">{formatDateBR(p.date_needed)}</div>
      </>
    ),
  },
  { key: 'kind', header: 'Tipo', render: (p) => <KindBadge payout={p} /> },
  {
    key: 'amount',
    header: 'Valor',
    align: 'right',
    render: (p) => (
      <>
        {formatMoney(p.amount)}
        {!isDeduction(p) && cents(p.deducted) > 0 && (
          <div className="t-muted">{PAYOUT_MESSAGES.deductedFrom(formatMoney(p.deducted ?? 0))}</div>
        )}
      </>
    ),
  },
  {
    key: 'state',
    header: 'Situação',
    render: (p) => (
      <>
        <PayoutStateBadge payout={p} />
        {p.paid_outside_reason && <div className="t-muted">Pago fora: {p.paid_outside_reason}</div>}
        {p.failure_code && <div className="t-muted">Código do banco: {p.failure_code}</div>}
        {p.attempt > 0 && <div className="t-muted">Tentativa {p.attempt + 1}</div>}
      </>
    ),
  },
  { key: 'created', header: 'Criado em', render: (p) => dateTime(p.created_at) },
];

function ActionsCell({ payout, actions }: { payout: AdminPayout; actions: PayoutActions }) {
  const kinds = payoutActionsOf(payout);
  if (kinds.length === 0) return <span className="t-muted">—</span>;
  return (
    <div className="t-row" style={{ gap: 6, flexWrap: 'wrap' }}>
      {kinds.map((kind) => (
        <Button
          key={kind}
          size="sm"
          variant={kind === 'markPaid' ? 'secondary' : 'primary'}
          busy={actions.busyId === payout.id}
          disabled={actions.busyId !== undefined}
          onClick={() => actions.ask(payout, kind)}
          aria-label={`${PAYOUT_ACTIONS[kind].label}: repasse de ${payout.freelancer_name}`}
        >
          {PAYOUT_ACTIONS[kind].label}
        </Button>
      ))}
    </div>
  );
}

/** "Marcar como pago": the question and the reason (at least 5 characters), asked before the call. */
function MarkPaidDialog({ payout, actions }: { payout: AdminPayout; actions: PayoutActions }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  return (
    <Dialog
      title={PAYOUT_ACTIONS.markPaid.title}
      onClose={actions.cancel}
      size="small"
      closeButton={false}
      onSubmit={() => {
        if (reason.trim().length < 5) setError(PAYOUT_MESSAGES.reasonRequired);
        else void actions.confirm(reason.trim());
      }}
      footer={
        <>
          <Button variant="secondary" onClick={actions.cancel}>
            Cancelar
          </Button>
          <Button type="submit">Marcar como pago</Button>
        </>
      }
    >
      <p style={{ marginTop: 0 }}>{PAYOUT_ACTIONS.markPaid.question(payout)}</p>
      <TextAreaField
        label={PAYOUT_MESSAGES.reasonLabel}
        value={reason}
        maxLength={500}
        rows={3}
        error={error}
        onChange={(event) => {
          setReason(event.target.value);
          setError(undefined);
        }}
      />
    </Dialog>
  );
}

/** Totals per São Paulo day of the filtered period: how many payouts and their sum. */
function DayTotals({ data }: { data: AdminPayoutsPage }) {
  return (
    <section aria-labelledby="payout-days-title" className="t-stack">
      <h3 id="payout-days-title" style={{ fontSize: 16, margin: 0 }}>
        Totais por dia
      </h3>
      {/* A card per day on a phone: a table there would be cut at its right edge. */}
      <ResponsiveTable
        caption="Totais por dia"
        hideCaption
        columns={[
          { key: 'date', header: 'Dia', render: (d) => formatDateBR(d.date) },
          { key: 'count', header: 'Repasses', align: 'right', render: (d) => d.count },
          { key: 'amount', header: 'Valor', align: 'right', render: (d) => formatMoney(d.amount) },
        ]}
        rows={data.days}
        rowKey={(d) => d.date}
        emptyMessage="Nenhum repasse no período."
      />
    </section>
  );
}

/**
 * The admin's "Repasses" tab (issue 25): the Pix payouts to freelancers filtered by state, period
 * (created date) and freelancer, with the period's totals and totals per day (of the payouts); each
 * line's kind: a shift's payout, a complement or a deduction after a timesheet correction; live on
 * `payout_updated`; "Reenviar" (failed), "Liberar" (held) and "Marcar como pago" (with a reason),
 * each confirmed; "Baixar Excel" of the filters.
 */
export function PayoutsScreen({ fetchImpl, now }: PayoutsScreenProps) {
  const [initial] = useState(() => defaultPayoutsFilters(now));
  const [filters, setFilters] = useState<PayoutsFilters>(initial);
  const list = usePagedList(PAYOUTS_URL, payoutsQuery(filters), AdminPayoutsPageSchema, {
    defaults: PAYOUTS_QUERY_DEFAULTS,
    fetchImpl,
  });
  useLiveRefresh('admin-billing', list.refresh, {
    pollIntervalMs: INVOICES_POLL_INTERVAL_MS,
    types: ['payout_updated'],
  });
  const actions = usePayoutActions({ fetchImpl, onChanged: list.refresh });
  const columns = useMemo<TableColumn<AdminPayout>[]>(
    () => [
      ...COLUMNS,
      { key: 'actions', header: 'Ações', render: (p) => <ActionsCell payout={p} actions={actions} /> },
    ],
    // New buttons when the running action changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [actions.busyId, actions.ask],
  );
  const filtered = JSON.stringify(filters) !== JSON.stringify(initial);
  const data = list.data;
  const asking = actions.asking;
  return (
    <div className="t-stack">
      <PageHeader
        as="h2"
        title="Repasses"
        subtitle="Pagamentos Pix aos freelancers por turno concluído."
        actions={
          <a
            className={buttonClassName('secondary', 'sm')}
            href={listUrl(PAYOUTS_EXPORT_URL, payoutsQuery(filters), PAYOUTS_QUERY_DEFAULTS)}
            download
          >
            Baixar Excel
          </a>
        }
      />
      <ListFilters label="Filtros dos repasses" onClear={filtered ? () => setFilters(initial) : undefined}>
        <SearchField
          label="Freelancer"
          placeholder="Nome do freelancer"
          value={filters.q}
          onSearch={(q) => setFilters({ ...filters, q })}
        />
        <SelectField
          label="Situação"
          value={filters.status}
          onChange={(e) => setFilters({ ...filters, status: e.target.value as PayoutListStatusFilter })}
          options={PAYOUT_STATUS_OPTIONS}
        />
        <TextField
          label="De"
          type="date"
          value={filters.from}
          max={filters.to}
          onChange={(e) => e.target.value && setFilters({ ...filters, from: e.target.value })}
        />
        <TextField
          label="Até"
          type="date"
          value={filters.to}
          min={filters.from}
          onChange={(e) => e.target.value && setFilters({ ...filters, to: e.target.value })}
        />
      </ListFilters>
      {data && (
        <StatGrid label="Totais do período">
          <StatCard label="Repasses" value={data.totals.count} />
          <StatCard label="Valor" value={formatMoney(data.totals.amount)} tone="info" />
        </StatGrid>
      )}
      {actions.notice && (
        <Alert tone={actions.notice.tone} data-testid="payout-action-notice">
          {actions.notice.text}
        </Alert>
      )}
      <PagedListBody list={list} label="Repasses encontrados" errorTitle={PAYOUT_MESSAGES.listLoadFailed}>
        {(page) => (
          <ResponsiveTable
            caption="Lista de repasses"
            hideCaption
            columns={columns}
            rows={page.items}
            rowKey={payoutRowKey}
            emptyMessage={PAYOUT_MESSAGES.empty}
          />
        )}
      </PagedListBody>
      {data && <DayTotals data={data} />}
      {asking &&
        (asking.kind === 'markPaid' ? (
          <MarkPaidDialog payout={asking.payout} actions={actions} />
        ) : (
          <ConfirmDialog
            title={PAYOUT_ACTIONS[asking.kind].title}
            message={PAYOUT_ACTIONS[asking.kind].question(asking.payout)}
            confirmLabel={PAYOUT_ACTIONS[asking.kind].label}
            onCancel={actions.cancel}
            onConfirm={() => void actions.confirm()}
          />
        ))}
    </div>
  );
}
