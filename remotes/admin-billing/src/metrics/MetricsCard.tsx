import { DailyMetricsSchema, type DailyMetrics, type MetricsFilter } from '@turno/contracts';
import { MESSAGES, formatDateBR, formatMoney, formatPeriodBR } from '@turno/domain';
import {
  Button,
  Card,
  Skeleton,
  StatCard,
  StatGrid,
  buttonClassName,
  fetchBff,
  listUrl,
  useLiveRefresh,
} from '@turno/ui';
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { DAILY_METRICS_EXPORT_URL, DAILY_METRICS_URL } from './metrics';

const MetricsChart = lazy(() => import('./MetricsChart'));

type Load =
  { status: 'loading' } | { status: 'error'; detail: string } | { status: 'success'; data: DailyMetrics };

/** The metrics of today or of the week, re-read on every change the live stream reports. */
function useDailyMetrics(filter: MetricsFilter, fetchImpl?: typeof fetch) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchBff(`${DAILY_METRICS_URL}?filter=${filter}`, DailyMetricsSchema, {
      signal: controller.signal,
      fetchImpl,
    }).then(
      (data) => setLoad({ status: 'success', data }),
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setLoad((current) =>
            current.status === 'success'
              ? current
              : {
                  status: 'error',
                  detail: (error as { detail?: string }).detail ?? MESSAGES.analytics.loadFailed,
                },
          );
        }
      },
    );
    return () => controller.abort();
  }, [filter, fetchImpl, version]);
  const refresh = useCallback(() => setVersion((n) => n + 1), []);
  return { load, refresh };
}

const FILTER_LABELS: Record<MetricsFilter, string> = { today: 'Hoje', week: 'Semana' };

/** Height of the chart (the legend inside it). */
const CHART_HEIGHT = 200;

/** The cards and the chart; without `metrics`, the same layout with "—" (the loading skeleton). */
function MetricsBody({
  filter,
  period,
  metrics,
}: {
  filter: MetricsFilter;
  period: string;
  metrics?: DailyMetrics;
}) {
  const money = (value: (m: DailyMetrics) => number) => (metrics ? formatMoney(value(metrics)) : '—');
  const count = (value: (m: DailyMetrics) => number) => (metrics ? value(metrics) : '—');
  return (
    <div className="t-stack" data-testid={metrics ? 'daily-metrics' : undefined}>
      <p className="t-muted" style={{ margin: 0 }}>
        {filter === 'today' ? 'Hoje' : 'Semana'}: {period}
      </p>
      <StatGrid label="Trabalhos concluídos">
        <StatCard label="Receita" value={money((m) => m.todayRevenue)} tone="success" />
        <StatCard label="Pagamentos a freelancers" value={money((m) => m.todayFreelancerPayments)} />
        <StatCard label="Comissão" value={money((m) => m.todayCommission)} tone="info" />
        <StatCard label="Vagas concluídas" value={count((m) => m.todayCompletedJobs)} />
      </StatGrid>
      <StatGrid label="Projeção das vagas agendadas">
        <StatCard label="Receita projetada" value={money((m) => m.projectedRevenue)} />
        <StatCard label="Pagamentos projetados" value={money((m) => m.projectedFreelancerPayments)} />
        <StatCard label="Comissão projetada" value={money((m) => m.projectedCommission)} />
        <StatCard label="Vagas agendadas" value={count((m) => m.todayScheduledJobs)} tone="warning" />
      </StatGrid>
      <StatGrid label="Totais do período">
        <StatCard label="Receita total" value={money((m) => m.totalProjectedRevenue)} tone="success" />
        <StatCard label="Pagamentos totais" value={money((m) => m.totalProjectedFreelancerPayments)} />
        <StatCard label="Comissão total" value={money((m) => m.totalProjectedCommission)} tone="info" />
        <StatCard label="Total de vagas" value={count((m) => m.totalJobsToday)} />
      </StatGrid>
      {metrics ? (
        <figure style={{ margin: 0, minHeight: CHART_HEIGHT }} aria-label="Receita e comissão por dia">
          <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
            <MetricsChart days={metrics.days} height={CHART_HEIGHT} />
          </Suspense>
        </figure>
      ) : (
        <div style={{ height: CHART_HEIGHT }} />
      )}
    </div>
  );
}

export function MetricsView({
  filter,
  onFilterChange,
  load,
}: {
  filter: MetricsFilter;
  onFilterChange: (filter: MetricsFilter) => void;
  load: Load;
}) {
  const metrics = load.status === 'success' ? load.data : undefined;
  const period = metrics
    ? metrics.startDate === metrics.endDate
      ? formatDateBR(metrics.startDate)
      : formatPeriodBR(metrics.startDate, metrics.endDate)
    : '';
  return (
    <Card
      title="Central de Métricas Admin"
      actions={
        <div
          className="t-row"
          role="group"
          aria-label="Período das métricas"
          style={{ gap: 6, flexWrap: 'wrap' }}
        >
          {(Object.keys(FILTER_LABELS) as MetricsFilter[]).map((value) => (
            <Button
              key={value}
              size="sm"
              variant={filter === value ? 'primary' : 'secondary'}
              aria-pressed={filter === value}
              onClick={() => onFilterChange(value)}
            >
              {FILTER_LABELS[value]}
            </Button>
          ))}
          <a
            className={buttonClassName('secondary', 'sm')}
            href={listUrl(DAILY_METRICS_EXPORT_URL, { filter })}
            download
          >
            Baixar Excel das métricas
          </a>
        </div>
      }
    >
      {load.status === 'error' && (
        <p className="t-hint t-hint--error" role="alert">
          {MESSAGES.analytics.loadFailed}: {load.detail}
        </p>
      )}
      {metrics && <MetricsBody filter={filter} period={period} metrics={metrics} />}
      {load.status === 'loading' && (
        // The same cards and chart space with "—": the card keeps its final height while it loads.
        <Skeleton label={MESSAGES.common.loading}>
          <MetricsBody filter={filter} period={'\u00a0'} />
        </Skeleton>
      )}
    </Card>
  );
}

/** "Central de Métricas Admin": today or this week, kept fresh by the live stream. */
export function MetricsCard({ fetchImpl }: { fetchImpl?: typeof fetch }) {
  const [filter, setFilter] = useState<MetricsFilter>('today');
  const { load, refresh } = useDailyMetrics(filter, fetchImpl);
  useLiveRefresh('admin-billing', refresh, { pollIntervalMs: 30_000 });
  return <MetricsView filter={filter} onFilterChange={setFilter} load={load} />;
}
