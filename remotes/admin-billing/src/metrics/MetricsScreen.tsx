import { MetricsCard } from './MetricsCard';
import { ReportCard } from './ReportCard';

/**
 * The top of the admin Dashboard tab (spec 02 §2 "Central de Métricas Admin"): the daily metrics
 * (today / week, cards and chart) and the detailed report. The Centro de Comando below it is the
 * admin_ops remote's.
 */
export function MetricsScreen({ fetchImpl, now }: { fetchImpl?: typeof fetch; now?: Date }) {
  return (
    <div className="t-stack">
      <MetricsCard fetchImpl={fetchImpl} />
      <ReportCard fetchImpl={fetchImpl} now={now} />
    </div>
  );
}
