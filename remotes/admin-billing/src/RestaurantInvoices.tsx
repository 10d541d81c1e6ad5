import { type RestaurantInvoicesProps } from '@turno/contracts';
import { Loading, ThemeRoot } from '@turno/ui';
import { Suspense, lazy } from 'react';

// The list is a chunk of its own, as the Faturas tab is: the admin's first screen stays light.
const RestaurantInvoicesPanel = lazy(() =>
  import('./restaurant-invoices/RestaurantInvoicesPanel').then((m) => ({
    default: m.RestaurantInvoicesPanel,
  })),
);

/**
 * `admin_billing/RestaurantInvoices` (RESTAURANT_INVOICES_MODULE): one business's invoices, loaded
 * at run time by admin_ops inside Controle Mercado. Its calls go to /bff/admin-billing whichever
 * remote renders it.
 */
export default function RestaurantInvoices({ restaurantId, restaurantName }: RestaurantInvoicesProps) {
  return (
    <ThemeRoot data-remote="admin_billing" data-testid="remote-admin_billing-restaurant-invoices">
      <Suspense fallback={<Loading />}>
        <RestaurantInvoicesPanel restaurantId={restaurantId} restaurantName={restaurantName} />
      </Suspense>
    </ThemeRoot>
  );
}
