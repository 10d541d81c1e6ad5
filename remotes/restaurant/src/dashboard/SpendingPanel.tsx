import { FIRST_SCREEN_READS } from '@turno/contracts';
import { SpendingPanels } from '@turno/ui';
import { useContext } from 'react';
import { SPENDING_ANALYTICS } from '../shared/answers';
import { useLiveResource } from '../shared/useLiveResource';
import { StoreFilterField, useStoreFilter } from '../stores/StoreFilter';
import { StoresContext } from '../stores/stores';

export const SPENDING_URL = FIRST_SCREEN_READS.restaurant.spending;

/**
 * The Dashboard's figures, refreshed in real time as shifts are completed and vacancies change; drawn
 * by the shared `SpendingPanels` (libs/ui, also used by admin "Controle Mercado"). A chain's owner
 * chooses one store or "Todas as lojas" (issue 28: the Agenda's choice, remembered in the browser).
 */
export function SpendingPanel({ fetchImpl }: { fetchImpl?: typeof fetch }) {
  const storeFilter = useStoreFilter(useContext(StoresContext)?.data);
  const url = storeFilter.storeId ? `${SPENDING_URL}?storeId=${storeFilter.storeId}` : SPENDING_URL;
  const spending = useLiveResource(url, SPENDING_ANALYTICS, { fetchImpl });
  return (
    <>
      {storeFilter.shown && (
        <div style={{ maxWidth: 360 }}>
          <StoreFilterField filter={storeFilter} />
        </div>
      )}
      <SpendingPanels
        data={spending.data}
        loading={!spending.data && !spending.error}
        error={spending.error}
        onRetry={spending.refresh}
      />
    </>
  );
}
