import { FIRST_SCREEN_READS } from '@turno/contracts';
import { SpendingPanels } from '@turno/ui';
import { SPENDING_ANALYTICS } from '../shared/answers';
import { useLiveResource } from '../shared/useLiveResource';

export const SPENDING_URL = FIRST_SCREEN_READS.restaurant.spending;

/**
 * The Dashboard's figures, refreshed in real time as shifts are completed and vacancies change; drawn
 * by the shared `SpendingPanels` (libs/ui, also used by admin "Controle Mercado").
 */
export function SpendingPanel({ fetchImpl }: { fetchImpl?: typeof fetch }) {
  const spending = useLiveResource(SPENDING_URL, SPENDING_ANALYTICS, { fetchImpl });
  return (
    <SpendingPanels
      data={spending.data}
      loading={!spending.data && !spending.error}
      error={spending.error}
      onRetry={spending.refresh}
    />
  );
}
