import { RESTAURANT_INVOICES_MODULE, type RestaurantInvoicesProps } from '@turno/contracts';
import { Alert, Button, ErrorBoundary, Loading } from '@turno/ui';
import { getInstance, loadRemote } from '@module-federation/enhanced/runtime';
import { Suspense, lazy, useMemo, useState, type ComponentType } from 'react';

/** The host's federation instance (shells/host/src/remotes/federation.ts), which registered every remote. */
const HOST_INSTANCE_NAME = 'turno_host';
export const INVOICES_UNAVAILABLE =
  'As faturas estão temporariamente indisponíveis. Tente novamente em instantes.';

type InvoicesModule = { default: ComponentType<RestaurantInvoicesProps> };

/**
 * `admin_billing/RestaurantInvoices` through the page's one federation runtime: the host's instance
 * (found in the runtime's global list of instances) already registered admin_billing from
 * /remotes.json, so this remote asks it instead of carrying the billing remote's address.
 */
async function loadInvoices(attempt: number): Promise<InvoicesModule> {
  const host = getInstance((instance) => instance.name === HOST_INSTANCE_NAME);
  // A retry asks the runtime again (a failed load is not cached by React's lazy).
  if (attempt > 0) await Promise.resolve();
  const module = host
    ? await host.loadRemote<InvoicesModule>(RESTAURANT_INVOICES_MODULE)
    : await loadRemote<InvoicesModule>(RESTAURANT_INVOICES_MODULE);
  if (!module || typeof module.default !== 'function')
    throw new Error('admin_billing/RestaurantInvoices missing');
  return module;
}

function Unavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      tone="warning"
      title="Faturas"
      data-testid="invoices-fallback"
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Tentar novamente
        </Button>
      }
    >
      {INVOICES_UNAVAILABLE}
    </Alert>
  );
}

/**
 * Controle Mercado → Faturas: the billing team's invoice list of one business, loaded at run time
 * from admin_billing; when that remote is down only this sub-tab shows the fallback.
 */
export function RestaurantInvoicesArea(props: RestaurantInvoicesProps) {
  const [attempt, setAttempt] = useState(0);
  const Invoices = useMemo(() => lazy(() => loadInvoices(attempt)), [attempt]);
  const retry = () => setAttempt((n) => n + 1);
  return (
    <ErrorBoundary key={attempt} fallback={() => <Unavailable onRetry={retry} />}>
      <Suspense fallback={<Loading />}>
        <Invoices {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
