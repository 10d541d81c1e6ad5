import { BillingModeSavedSchema, type AdminBusinessStores } from '@turno/contracts';
import { MESSAGES, type BillingMode } from '@turno/domain';
import { useState } from 'react';
import { Alert, Badge, BillingModeChoice, Card, Loading, sendBff, type BffQuery } from '@turno/ui';
import { ADMIN_OPS_BFF } from '../shared/bff';

/**
 * Controle Mercado's "Lojas e faturamento" (issue 28): the business's stores (active or not) and how
 * it is billed, which the admin may change as the owner can (centralized or per store).
 */
export function StoresAndBillingCard({
  restaurantId,
  stores,
}: {
  restaurantId: number;
  /** The business's stores, read by the Dashboard (its store selector uses them too). */
  stores: BffQuery<AdminBusinessStores>;
}) {
  // The mode saved here (the read is not repeated: reading again would blank the card and its message).
  const [saved, setSaved] = useState<BillingMode | null>(null);
  return (
    <Card title="Lojas e faturamento" titleAs="h3">
      {stores.status === 'loading' && <Loading />}
      {stores.status === 'error' && <Alert tone="danger">{MESSAGES.restaurants.loadFailed}</Alert>}
      {stores.data && (
        <div className="t-stack">
          <ul
            className="t-stack"
            style={{ listStyle: 'none', margin: 0, padding: 0, gap: 6 }}
            aria-label="Lojas"
          >
            {stores.data.items.map((store) => (
              <li key={store.id} className="t-row" style={{ gap: 8, flexWrap: 'wrap' }}>
                <span style={{ overflowWrap: 'anywhere' }}>{store.name}</span>
                {store.is_active ? <Badge tone="success">Ativa</Badge> : <Badge>Desativada</Badge>}
              </li>
            ))}
          </ul>
          <BillingModeChoice
            current={saved ?? stores.data.billing_mode}
            onSave={async (billingMode) => {
              const answer = await sendBff(`${ADMIN_OPS_BFF}/restaurants/${restaurantId}/billing-mode`, {
                method: 'PUT',
                body: { billingMode },
                schema: BillingModeSavedSchema,
              });
              setSaved(answer.billing_mode);
              return answer.message;
            }}
          />
        </div>
      )}
    </Card>
  );
}
