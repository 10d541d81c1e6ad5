import { FIRST_SCREEN_READS, type FreelancerMe } from '@turno/contracts';
import { POLL_INTERVAL_MS } from '@turno/domain';
import { BffError, fetchBffConditional, useLiveRefresh } from '@turno/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FREELANCER_ME } from '../shared/answers';

export const ME_URL = FIRST_SCREEN_READS.freelancer.me;

export type MeState =
  | { status: 'loading'; me: undefined; error: undefined }
  | { status: 'error'; me: undefined; error: BffError }
  | { status: 'success'; me: FreelancerMe; error: undefined };

/**
 * The signed-in freelancer's profile (GET /api/freelancers/me), kept fresh: an approval or a new
 * photo is an event of theirs, so the banners and the apply buttons follow without a reload.
 * Refreshes are conditional (ETag); a failed refresh keeps what is shown.
 */
export function useFreelancerMe(fetchImpl?: typeof fetch): MeState & { reload: () => void } {
  const [state, setState] = useState<MeState>({ status: 'loading', me: undefined, error: undefined });
  const etag = useRef<string | undefined>(undefined);
  const busy = useRef(false);

  const load = useCallback(() => {
    if (busy.current) return;
    busy.current = true;
    fetchBffConditional(ME_URL, FREELANCER_ME, { fetchImpl, ifNoneMatch: etag.current })
      .then(
        (answer) => {
          etag.current = answer.etag ?? undefined;
          if (!answer.notModified) setState({ status: 'success', me: answer.data, error: undefined });
        },
        (error: unknown) => {
          const failure =
            error instanceof BffError ? error : new BffError('Erro inesperado.', undefined, { cause: error });
          setState((shown) => (shown.me ? shown : { status: 'error', me: undefined, error: failure }));
        },
      )
      .finally(() => {
        busy.current = false;
      });
  }, [fetchImpl]);

  useEffect(load, [load]);
  useLiveRefresh('freelancer', load, {
    pollIntervalMs: POLL_INTERVAL_MS.freelancerActiveJobs,
    types: ['freelancer_updated'],
  });
  return { ...state, reload: load };
}
