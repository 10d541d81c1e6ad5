import { DailyMetricsSchema, type DailyMetrics, type MetricsFilter } from '@turno/contracts';
import { MESSAGES, formatDateBR, formatMoney, formatPeriodBR } from '@turno/domain';
import {
  Button,
  Card,
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
      {load.status === 'loading' && <p className="t-muted">{MESSAGES.common.loading}</p>}
      {load.status === 'error' && (
        <p className="t-hint t-hint--error" role="alert">
          {MESSAGES.analytics.loadFailed}: {load.detail}
        </p>
      )}
      {metrics && (
        <div className="t-stack" data-testid="daily-metrics">
          <p className="t-muted" style={{ margin: 0 }}>
            {filter === 'today' ? 'Hoje' : 'Semana'}: {period}
          </p>
          <StatGrid label="Trabalhos concluídos">
            <StatCard label="Receita" value={formatMoney(metrics.todayRevenue)} tone="success" />
            <StatCard label="Pagamentos a freelancers" value={formatMoney(metrics.todayFreelancerPayments)} />
            <StatCard label="Comissão" value={formatMoney(metrics.todayCommission)} tone="info" />
            <StatCard label="Vagas concluídas" value={metrics.todayCompletedJobs} />
          </StatGrid>
          <StatGrid label="Projeção das vagas agendadas">
            <StatCard label="Receita projetada" value={formatMoney(metrics.projectedRevenue)} />
            <StatCard
              label="Pagamentos projetados"
              value={formatMoney(metrics.projectedFreelancerPayments)}
            />
            <StatCard label="Comissão projetada" value={formatMoney(metrics.projectedCommission)} />
            <StatCard label="Vagas agendadas" value={metrics.todayScheduledJobs} tone="warning" />
          </StatGrid>
          <StatGrid label="Totais do período">
            <StatCard
              label="Receita total"
              value={formatMoney(metrics.totalProjectedRevenue)}
              tone="success"
            />
            <StatCard
              label="Pagamentos totais"
              value={formatMoney(metrics.totalProjectedFreelancerPayments)}
            />
            <StatCard
              label="Comissão total"
              value={formatMoney(metrics.totalProjectedCommission)}
              tone="info"
            />
            <StatCard label="Total de vagas" value={metrics.totalJobsToday} />
          </StatGrid>
          <figure style={{ margin: 0 }} aria-label="Receita e comissão por dia">
            <Suspense fallback={<div style={{ height: 200 }} />}>
              <MetricsChart days={metrics.days} />
            </Suspense>
          </figure>
        </div>
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
