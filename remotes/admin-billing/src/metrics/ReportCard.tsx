import { DetailedReportPageSchema, type DetailedReportPage, type DetailedReportRow } from '@turno/contracts';
import { MESSAGES, formatDateBR, formatMoney, saoPauloDate, plural } from '@turno/domain';
import {
  Alert,
  Button,
  Card,
  PagedListBody,
  ResponsiveTable,
  StatCard,
  StatGrid,
  TextField,
  buttonClassName,
  listUrl,
  useLiveRefresh,
  usePagedList,
  type PagedList,
  type TableColumn,
} from '@turno/ui';
import { useState } from 'react';
import {
  DETAILED_REPORT_EXPORT_URL,
  DISCREPANCIES_EXPORT_URL,
  DETAILED_REPORT_URL,
  REPORT_SHORTCUT_LABELS,
  defaultReportFilters,
  reportFiltersError,
  reportQuery,
  shortcutPeriod,
  type ReportFilters,
  type ReportShortcut,
} from './metrics';

const COLUMNS: TableColumn<DetailedReportRow>[] = [
  {
    key: 'job',
    header: 'Vaga',
    render: (r) => (
      <>
        <strong>#{r.id}</strong> {r.position_type}
      </>
    ),
  },
  { key: 'restaurant', header: 'Mercado', render: (r) => r.restaurant_name },
  { key: 'freelancer', header: 'Freelancer', render: (r) => r.freelancer_name ?? '—' },
  {
    key: 'when',
    header: 'Data e horário',
    render: (r) => (
      <>
        {formatDateBR(r.date_needed)}
        <div className="t-muted">
          {r.start_time} às {r.end_time}
        </div>
      </>
    ),
  },
  {
    key: 'restaurant_payment',
    header: 'Pag. mercado',
    align: 'right',
    render: (r) => formatMoney(r.restaurant_payment_amount),
  },
  {
    key: 'freelancer_payment',
    header: 'Pag. freelancer',
    align: 'right',
    render: (r) => formatMoney(r.freelancer_payment_amount),
  },
  { key: 'commission', header: 'Comissão', align: 'right', render: (r) => formatMoney(r.commission_amount) },
  {
    key: 'status',
    header: 'Situação',
    render: (r) => (r.assignment_status === 'completed' ? 'Concluída' : 'Agendada'),
  },
];

function Discrepancies({ data, exportHref }: { data: DetailedReportPage; exportHref: string }) {
  if (data.allCorrect) {
    return (
      <Alert tone="success" data-testid="report-check">
        {data.message}
      </Alert>
    );
  }
  return (
    <section className="t-alert t-alert--danger" style={{ display: 'block' }} data-testid="report-check">
      <div className="t-row" style={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 8 }}>
        <p className="t-alert__title">
          Verificação de cálculos: {plural(data.discrepancyCount, 'divergência', 'divergências')}
        </p>
        <a className={buttonClassName('secondary', 'sm')} href={exportHref} download>
          Baixar Excel das divergências
        </a>
      </div>
      <ul style={{ margin: '8px 0 0', paddingInlineStart: 18 }}>
        {data.discrepancies.map((d) => (
          <li key={d.job_id}>
            <strong>{d.message}</strong> — cobrado {formatMoney(d.charged)}, pago {formatMoney(d.paid)};
            esperado {formatMoney(d.expected_charged)} e {formatMoney(d.expected_paid)}
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface ReportViewProps {
  today: string;
  filters: ReportFilters;
  onFiltersChange: (filters: ReportFilters) => void;
  /** The pickers' problem (end before start) or null. */
  filtersError: string | null;
  list: PagedList<DetailedReportPage>;
  exportHref: string;
  /** The discrepancy list's Excel (same period). */
  discrepanciesHref?: string;
}

export function ReportView({
  today,
  filters,
  onFiltersChange,
  filtersError,
  list,
  exportHref,
  discrepanciesHref,
}: ReportViewProps) {
  const data = list.data;
  return (
    <Card
      title="Relatório detalhado"
      actions={
        data && !filtersError ? (
          <a className={buttonClassName('secondary', 'sm')} href={exportHref} download>
            Baixar Excel
          </a>
        ) : undefined
      }
    >
      <div className="t-stack">
        <div
          className="t-row"
          role="radiogroup"
          aria-label="Tipo de relatório"
          style={{ gap: 16, flexWrap: 'wrap' }}
        >
          {(
            [
              ['date', 'Data única'],
              ['period', 'Período'],
            ] as const
          ).map(([mode, label]) => (
            <label key={mode} className="t-row" style={{ gap: 6 }}>
              <input
                type="radio"
                name="report-mode"
                checked={filters.mode === mode}
                onChange={() => onFiltersChange({ ...filters, mode })}
              />
              {label}
            </label>
          ))}
        </div>
        <div
          className="t-grid"
          style={{ gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: 12 }}
        >
          {filters.mode === 'date' ? (
            <TextField
              label="Data"
              type="date"
              max={today}
              value={filters.date}
              onChange={(e) => e.target.value && onFiltersChange({ ...filters, date: e.target.value })}
            />
          ) : (
            <>
              <TextField
                label="Data inicial"
                type="date"
                max={today}
                value={filters.startDate}
                onChange={(e) => e.target.value && onFiltersChange({ ...filters, startDate: e.target.value })}
              />
              <TextField
                label="Data final"
                type="date"
                min={filters.startDate}
                max={today}
                value={filters.endDate}
                error={filtersError ?? undefined}
                onChange={(e) => e.target.value && onFiltersChange({ ...filters, endDate: e.target.value })}
              />
            </>
          )}
        </div>
        <div
          className="t-row"
          role="group"
          aria-label="Atalhos de período"
          style={{ gap: 6, flexWrap: 'wrap' }}
        >
          {(Object.keys(REPORT_SHORTCUT_LABELS) as ReportShortcut[]).map((shortcut) => (
            <Button
              key={shortcut}
              size="sm"
              variant="secondary"
              onClick={() => onFiltersChange(shortcutPeriod(shortcut, new Date(`${today}T12:00:00-03:00`)))}
            >
              {REPORT_SHORTCUT_LABELS[shortcut]}
            </Button>
          ))}
        </div>
        {data && !filtersError && (
          <>
            <StatGrid label="Totais do relatório">
              <StatCard label="Vagas no período" value={data.totals.jobs} />
              <StatCard label="Vagas concluídas" value={data.totals.completed_jobs} />
              <StatCard
                label="Pago pelos mercados"
                value={formatMoney(data.totals.restaurant_payment_amount)}
              />
              <StatCard
                label="Pago aos freelancers"
                value={formatMoney(data.totals.freelancer_payment_amount)}
              />
              <StatCard label="Comissão" value={formatMoney(data.totals.commission_amount)} tone="success" />
            </StatGrid>
            <Discrepancies data={data} exportHref={discrepanciesHref ?? exportHref} />
          </>
        )}
        {!filtersError && (
          <PagedListBody list={list} label="Vagas do relatório">
            {(page) => (
              <ResponsiveTable
                caption="Vagas do relatório detalhado"
                hideCaption
                columns={COLUMNS}
                rows={page.items}
                rowKey={(r) => r.id}
                emptyMessage="Nenhuma vaga no período."
              />
            )}
          </PagedListBody>
        )}
        <p className="t-muted" style={{ fontSize: 13, margin: 0 }} data-testid="report-legend">
          Legenda: <strong>Pag. mercado</strong> é o valor cobrado do mercado pela vaga;{' '}
          <strong>Pag. freelancer</strong> é o que o freelancer recebe; <strong>Comissão</strong> é a
          diferença, da plataforma. Vagas concluídas mostram os valores registrados na conclusão; vagas
          agendadas, os valores previstos. Os totais somam só as concluídas.
        </p>
      </div>
    </Card>
  );
}

/** "Relatório detalhado": a date or a period (never beyond today), its jobs, totals and check. */
export function ReportCard({ fetchImpl, now }: { fetchImpl?: typeof fetch; now?: Date }) {
  const [clock] = useState(() => now ?? new Date());
  const today = saoPauloDate(clock);
  const [filters, setFilters] = useState(() => defaultReportFilters(clock));
  // The server is asked only for a valid period: an end before the start keeps the last one read.
  const [applied, setApplied] = useState(filters);
  const filtersError = reportFiltersError(filters, MESSAGES.analytics.reportEndBeforeStart);
  const change = (next: ReportFilters) => {
    setFilters(next);
    if (!reportFiltersError(next, MESSAGES.analytics.reportEndBeforeStart)) setApplied(next);
  };
  const query = reportQuery(applied);
  const list = usePagedList(DETAILED_REPORT_URL, query, DetailedReportPageSchema, { fetchImpl });
  useLiveRefresh('admin-billing', list.refresh, { pollIntervalMs: 30_000 });
  return (
    <ReportView
      today={today}
      filters={filters}
      onFiltersChange={change}
      filtersError={filtersError}
      list={list}
      exportHref={listUrl(DETAILED_REPORT_EXPORT_URL, query)}
      discrepanciesHref={listUrl(DISCREPANCIES_EXPORT_URL, query)}
    />
  );
}
