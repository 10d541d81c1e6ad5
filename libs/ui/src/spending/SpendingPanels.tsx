import { type RestaurantSpendingAnalytics } from '@turno/contracts';
import { formatDateBR, formatMoney } from '@turno/domain';
import { Suspense, lazy, useEffect, useId, useInsertionEffect, useRef, useState } from 'react';
import { Card } from '../components/Card';
import { type TableColumn } from '../components/Table';
import { ResponsiveTable } from '../lists/ResponsiveTable';
import { Loading } from '../components/Loading';
import { StatCard, StatGrid } from '../components/StatCard';
import { LoadErrorAlert } from '../data/LoadErrorAlert';
import { ensureSpendingStyles, monthChange, monthChangeText, spendingDayLabel, spentShare } from './spending';

// recharts is a chunk of its own (about 109 KB), loaded when the chart's card nears the viewport:
// never on a first screen that does not show it (the business's Dashboard on a phone).
const SpendingChart = lazy(() => import('./SpendingChart'));

/** How far below (or above) the viewport the chart's box starts loading recharts. */
const CHART_LOAD_MARGIN = '300px';

export interface SpendingPanelsProps {
  /** The answer of `GET …/spending-analytics` (RestaurantSpendingAnalyticsSchema); null/undefined while none. */
  data: RestaurantSpendingAnalytics | null | undefined;
  /** True while the first answer is awaited (shows "Carregando..." when there is no data yet). */
  loading?: boolean;
  /** A failed read: its pt-BR detail; shown with "Tentar novamente" when there is no data to show. */
  error?: { detail?: string } | null;
  /** Called by "Tentar novamente". */
  onRetry?: () => void;
}

/**
 * A business's spending (spec 01 §3, issue 8): this week in real time with its progress bar, the next
 * invoice's preview, this month against the previous one, the daily chart and the vacancy counts.
 * Presentational only: the restaurant panel feeds it from its BFF, admin "Controle Mercado" from the
 * admin BFF, each with its own data hook.
 */
export function SpendingPanels({ data, loading, error, onRetry }: SpendingPanelsProps) {
  useInsertionEffect(() => ensureSpendingStyles(), []);
  if (!data) {
    if (error) return <LoadErrorAlert detail={error.detail} onRetry={onRetry ?? (() => undefined)} />;
    return loading === false ? null : <Loading />;
  }
  return <SpendingFigures figures={data} />;
}

type StoreSpending = NonNullable<RestaurantSpendingAnalytics['byStore']>[number];

/** A chain's month by store (issue 28): the store, what its completed work cost, how many jobs. */
const STORE_SPENDING_COLUMNS: TableColumn<StoreSpending>[] = [
  { key: 'store', header: 'Loja', render: (store) => store.store_name },
  { key: 'spent', header: 'Gasto', align: 'right', render: (store) => formatMoney(store.total_spent) },
  { key: 'jobs', header: 'Trabalhos', align: 'right', render: (store) => store.completed_jobs },
];

function SpendingFigures({ figures }: { figures: RestaurantSpendingAnalytics }) {
  const {
    currentWeek: week,
    nextInvoicePreview: invoice,
    currentMonth: month,
    previousMonth,
    summary,
  } = figures;
  const share = spentShare(week.total_spent, week.projected_invoice);
  const progressLabel = useId();
  return (
    <div className="t-stack" data-testid="spending">
      <Card title={`Gastos desta semana (${week.period})`} titleAs="h2">
        <div className="t-stack">
          <StatGrid label="Gastos desta semana">
            <StatCard label="Gasto" value={formatMoney(week.total_spent)} tone="success" />
            <StatCard label="Trabalhos concluídos" value={week.completed_jobs} />
            <StatCard label="Trabalhos pendentes" value={week.pending_jobs} tone="warning" />
            <StatCard label="Cobranças previstas" value={formatMoney(week.potential_charges)} />
            <StatCard label="Fatura projetada" value={formatMoney(week.projected_invoice)} tone="info" />
          </StatGrid>
          <div>
            <p className="t-hint" id={progressLabel} style={{ marginBottom: 6 }}>
              {share}% da fatura projetada já gasto
            </p>
            <div
              className="t-spending-progress"
              role="progressbar"
              aria-labelledby={progressLabel}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={share}
            >
              <div className="t-spending-progress__bar" style={{ width: `${share}%` }} />
            </div>
          </div>
        </div>
      </Card>

      <div className="t-spending-pair">
        <Card title="Próxima fatura" titleAs="h2">
          <dl className="t-spending-facts" data-testid="next-invoice">
            <dt>Concluído</dt>
            <dd>{formatMoney(invoice.completed_amount)}</dd>
            <dt>Pendente</dt>
            <dd>{formatMoney(invoice.pending_amount)}</dd>
            <dt>Total</dt>
            <dd>
              <strong>{formatMoney(invoice.total_amount)}</strong>
            </dd>
            <dt>Emissão</dt>
            <dd>{formatDateBR(invoice.invoice_date)}</dd>
            <dt>Semana</dt>
            <dd>{invoice.week_period}</dd>
          </dl>
        </Card>
        <Card title="Este mês" titleAs="h2">
          <dl className="t-spending-facts" data-testid="month">
            <dt>Total</dt>
            <dd>
              <strong>{formatMoney(month.total_spent)}</strong>
            </dd>
            <dt>Trabalhos</dt>
            <dd>{month.completed_jobs}</dd>
            <dt>Média por trabalho</dt>
            <dd>{formatMoney(month.avg_per_job)}</dd>
            <dt>Mês anterior</dt>
            <dd>
              {formatMoney(previousMonth.total_spent)} em {previousMonth.completed_jobs}{' '}
              {previousMonth.completed_jobs === 1 ? 'trabalho' : 'trabalhos'} (média{' '}
              {formatMoney(previousMonth.avg_per_job)})
            </dd>
          </dl>
          <p className="t-hint" style={{ marginTop: 8 }}>
            {monthChangeText(monthChange(month.total_spent, previousMonth.total_spent))}
          </p>
        </Card>
      </div>

      {figures.byStore && figures.byStore.length > 1 && (
        <Card title={`Gastos por loja (${month.period})`} titleAs="h2">
          <ResponsiveTable
            caption="Gastos por loja neste mês"
            hideCaption
            columns={STORE_SPENDING_COLUMNS}
            rows={figures.byStore}
            rowKey={(store) => store.store_id}
          />
        </Card>
      )}

      <Card title="Gastos por dia da semana" titleAs="h2">
        <ChartWhenNear days={figures.dailyBreakdown} />
        <table className="t-visually-hidden">
          <caption>Gastos por dia da semana</caption>
          <thead>
            <tr>
              <th scope="col">Dia</th>
              <th scope="col">Gasto</th>
              <th scope="col">Trabalhos</th>
            </tr>
          </thead>
          <tbody>
            {figures.dailyBreakdown.map((day) => (
              <tr key={day.date_needed}>
                <th scope="row">{spendingDayLabel(day.date_needed)}</th>
                <td>{formatMoney(day.day_total)}</td>
                <td>{day.jobs_count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <Card title="Resumo geral das vagas" titleAs="h2">
        <StatGrid label="Resumo geral das vagas">
          <StatCard label="Abertas" value={summary.open} tone="info" />
          <StatCard label="Preenchidas" value={summary.filled} tone="warning" />
          <StatCard label="Concluídas" value={summary.completed} tone="success" />
          <StatCard label="Total" value={summary.total} />
        </StatGrid>
      </Card>
    </div>
  );
}

/**
 * The daily chart, drawn once its box comes within `CHART_LOAD_MARGIN` of the viewport (where there is
 * no IntersectionObserver, at once). Until then and while recharts loads, the box keeps the chart's
 * height (`.t-spending-chart`), so nothing below it moves when it is drawn.
 */
function ChartWhenNear({ days }: { days: RestaurantSpendingAnalytics['dailyBreakdown'] }) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  if (!near)
    return <div ref={box} className="t-spending-chart" data-testid="chart-space" aria-hidden="true" />;
  return (
    <Suspense
      fallback={
        <div className="t-spending-chart">
          <Loading />
        </div>
      }
    >
      <SpendingChart days={days} />
    </Suspense>
  );
}

/** True once `target` has come within `CHART_LOAD_MARGIN` of the viewport (stays true). */
function useNearViewport(target: { current: Element | null }): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = target.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${CHART_LOAD_MARGIN} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, target]);
  return near;
}
