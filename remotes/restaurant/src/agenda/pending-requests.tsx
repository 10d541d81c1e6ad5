import { FIRST_SCREEN_READS } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { Badge } from '@turno/ui';
import { createContext, useEffect, useRef } from 'react';
import { PENDING_REQUESTS } from '../shared/answers';
import { useLiveResource } from '../shared/useLiveResource';

export const PENDING_REQUESTS_URL = FIRST_SCREEN_READS.restaurant.pendingRequests;

/**
 * The check-in and check-out requests waiting for the business, fresh on every shift event (issue
 * 23: the count on the Agenda tab and the Dashboard). With `alert`, a new request while the panel
 * is open plays a short sound and shows a browser notification, only when the business turned the
 * alerts on ("Ativar avisos") and the browser allowed them: never a permission prompt by itself.
 */
/**
 * The panel's count of waiting requests (App reads it once for the Agenda badge): screens under the
 * panel take it from here instead of asking the BFF again. Undefined outside the panel.
 */
export const PendingCountContext = createContext<number | undefined>(undefined);

export function usePendingRequests(options: { fetchImpl?: typeof fetch; alert?: boolean } = {}): number {
  const pending = useLiveResource(PENDING_REQUESTS_URL, PENDING_REQUESTS, {
    types: ['check_in', 'check_out', 'job_completed', 'job_assignment'],
    fetchImpl: options.fetchImpl,
  });
  const count = pending.data?.count ?? 0;
  const last = useRef<number | null>(null);
  useEffect(() => {
    if (!pending.data) return;
    const before = last.current;
    last.current = count;
    if (options.alert && before !== null && count > before) {
      void import('./request-alerts').then((alerts) => alerts.announce(count));
    }
  }, [pending.data, count, options.alert]);
  return count;
}

/** The red count beside "Agenda" (nothing when no request waits). */
export function PendingBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span data-testid="pending-requests-badge">
      <Badge tone="danger">
        {count}
        <span className="t-visually-hidden"> {MESSAGES.pendingRequests.pendingBadge(count)}</span>
      </Badge>
    </span>
  );
}
