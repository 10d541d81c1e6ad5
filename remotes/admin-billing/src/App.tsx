import { type AdminBillingSection, type RemoteAppProps } from '@turno/contracts';
import { Loading, ThemeRoot } from '@turno/ui';
import { Suspense, lazy } from 'react';
import { MetricsScreen } from './metrics/MetricsScreen';

// The metrics open the admin's Dashboard tab; the invoices (Faturas tab) are a chunk of their own.
const InvoicesScreen = lazy(() =>
  import('./invoices/InvoicesScreen').then((m) => ({ default: m.InvoicesScreen })),
);
const PayoutsScreen = lazy(() =>
  import('./payouts/PayoutsScreen').then((m) => ({ default: m.PayoutsScreen })),
);

/**
 * Admin billing, exposed to the host as `admin_billing/App`: `section="dashboard"` is the top of
 * the Dashboard tab (Central de Métricas Admin and Relatório detalhado); any other section (the
 * "Faturas" tab) is the invoices screen.
 */
export default function App({ section }: RemoteAppProps<AdminBillingSection>) {
  return (
    <ThemeRoot data-remote="admin_billing" data-testid="remote-admin_billing">
      <Suspense fallback={<Loading />}>
        {section === 'dashboard' ? (
          <MetricsScreen />
        ) : section === 'repasses' ? (
          <PayoutsScreen />
        ) : (
          <InvoicesScreen />
        )}
      </Suspense>
    </ThemeRoot>
  );
}
