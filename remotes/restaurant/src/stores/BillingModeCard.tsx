import { BillingModeSavedSchema } from '@turno/contracts';
import { STORE_BILLING_MESSAGES } from '@turno/domain';
import { BillingModeChoice, Card, sendBff } from '@turno/ui';
import { BFF } from '../shared/bff';
import type { StoresResource } from './stores';

export const BILLING_MODE_URL = `${BFF}/restaurant/billing-mode`;

interface BillingModeCardProps {
  stores: StoresResource;
  fetchImpl?: typeof fetch;
}

/**
 * "Faturamento" (issue 28), on the owner's "Lojas" tab: one weekly invoice for the business (lines
 * grouped by store, with subtotals) or one per store (libs/ui BillingModeChoice). The choice applies
 * from the next invoice generated; the issued ones stay as they are.
 */
export function BillingModeCard({ stores, fetchImpl }: BillingModeCardProps) {
  const current = stores.data?.billing_mode;
  if (!current) return null;
  return (
    <Card title={STORE_BILLING_MESSAGES.title} titleAs="h2">
      <BillingModeChoice
        current={current}
        onSave={async (billingMode) => {
          const saved = await sendBff(BILLING_MODE_URL, {
            method: 'PUT',
            body: { billingMode },
            schema: BillingModeSavedSchema,
            fetchImpl,
          });
          stores.refresh();
          return saved.message;
        }}
      />
    </Card>
  );
}
