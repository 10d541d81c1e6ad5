import { type RestaurantSpendingAnalytics } from '@turno/contracts';
import { formatDateBR, formatMoney } from '@turno/domain';
import { Card, LoadErrorAlert, Loading, StatCard, StatGrid } from '@turno/ui';
import { Suspense, lazy, useId } from 'react';
import { useLiveResource } from '../shared/useLiveResource';
import { SPENDING_URL, SpendingSchema, dayLabel, monthChange, spentShare } from './spending';

const SpendingChart = lazy(() => import('./SpendingChart'));

/** The Dashboard's figures, refreshed in real time as shifts are completed and vacancies change. */
export function SpendingPanel({ fetchImpl }: { fetchImpl?: typeof fetch }) {
  const spending = useLiveResource(SPENDING_URL, SpendingSchema, { fetchImpl });
  if (!spending.data) {
    if (spending.error) return <LoadErrorAlert detail={spending.error.detail} onRetry={spending.refresh} />;
    return <Loading />;
  }
  return <SpendingFigures figures={spending.data} />;
}

function changeText(change: number | null): string {
  if (change === null) return 'Sem gastos no mês anterior para comparar';
  if (change === 0) return 'Igual ao mês anterior';
  return `${change > 0 ? '+' : ''}${change}% em relação ao mês anterior`;
}

export function SpendingFigures({ figures }: { figures: RestaurantSpendingAnalytics }) {
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
              className="r-progress"
              role="progressbar"
              aria-labelledby={progressLabel}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={share}
            >
              <div className="r-progress__bar" style={{ width: `${share}%` }} />
            </div>
          </div>
        </div>
      </Card>

      <div
        className="t-grid"
        style={{ gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))' }}
      >
        <Card title="Próxima fatura" titleAs="h2">
          <dl className="r-facts" data-testid="next-invoice">
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
          <dl className="r-facts" data-testid="month">
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
            {changeText(monthChange(month.total_spent, previousMonth.total_spent))}
          </p>
        </Card>
      </div>

      <Card title="Gastos por dia da semana" titleAs="h2">
        <Suspense fallback={<Loading />}>
          <SpendingChart days={figures.dailyBreakdown} />
        </Suspense>
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
                <th scope="row">{dayLabel(day.date_needed)}</th>
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
