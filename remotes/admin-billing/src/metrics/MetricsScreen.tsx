import { Skeleton } from '@turno/ui';
import { Suspense, lazy } from 'react';
import { MetricsCard } from './MetricsCard';

// The detailed report sits below the metrics: a chunk of its own, so the first screen stays light.
const ReportCard = lazy(() => import('./ReportCard').then((m) => ({ default: m.ReportCard })));

/** About the report card's height with its first rows: kept while its chunk loads. */
const REPORT_HEIGHT = 420;

/**
 * The top of the admin Dashboard tab (spec 02 §2 "Central de Métricas Admin"): the daily metrics
 * (today / week, cards and chart) and the detailed report. The Centro de Comando below it is the
 * admin_ops remote's.
 */
export function MetricsScreen({ fetchImpl, now }: { fetchImpl?: typeof fetch; now?: Date }) {
  return (
    <div className="t-stack">
      <MetricsCard fetchImpl={fetchImpl} />
      <Suspense fallback={<Skeleton height={REPORT_HEIGHT} />}>
        <ReportCard fetchImpl={fetchImpl} now={now} />
      </Suspense>
    </div>
  );
}
