import { BffError, fetchBffConditional, useLiveRefresh, type AnswerSchema } from '@turno/ui';
import { POLL_INTERVAL_MS, type LiveEventType } from '@turno/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ZodType } from 'zod';
import { firstReadFetch } from './first-reads';

export interface LiveResource<T> {
  /** The last answer; kept while a refresh runs or fails. */
  data: T | undefined;
  /** The last refresh's failure (cleared by the next success). */
  error: BffError | undefined;
  loading: boolean;
  refresh: () => void;
}

export interface LiveResourceOptions {
  /** Refresh on these live events only (default: every event of the restaurant). */
  types?: readonly LiveEventType[];
  fetchImpl?: typeof fetch;
}

/**
 * One resource of the restaurant BFF that stays fresh: loaded once, then asked again with its ETag
 * (`If-None-Match`, 304 keeps what is shown) when a live event of the restaurant arrives, or every
 * 15 s while the live stream is down. The data shown never blinks away during a refresh.
 */
export function useLiveResource<T>(
  url: string,
  schema: ZodType<T> | AnswerSchema<T>,
  options: LiveResourceOptions = {},
): LiveResource<T> {
  const [state, setState] = useState<{ data?: T; error?: BffError; loading: boolean }>({ loading: true });
  const etag = useRef<string | undefined>(undefined);
  const generation = useRef(0);
  // The first read of the screen may already be on its way (first-reads.ts).
  const { fetchImpl = firstReadFetch } = options;

  const refresh = useCallback(() => {
    const mine = ++generation.current;
    fetchBffConditional(url, schema, { ifNoneMatch: etag.current, fetchImpl }).then(
      (result) => {
        if (mine !== generation.current) return;
        etag.current = result.etag ?? undefined;
        setState((current) =>
          result.notModified
            ? { ...current, error: undefined, loading: false }
            : { data: result.data, error: undefined, loading: false },
        );
      },
      (error: unknown) => {
        if (mine !== generation.current) return;
        const failure =
          error instanceof BffError ? error : new BffError('Erro inesperado.', undefined, { cause: error });
        setState((current) => ({ ...current, error: failure, loading: false }));
      },
    );
  }, [url, schema, fetchImpl]);

  useEffect(() => {
    etag.current = undefined;
    refresh();
  }, [refresh]);

  useLiveRefresh('restaurant', refresh, {
    pollIntervalMs: POLL_INTERVAL_MS.restaurantJobs,
    types: options.types,
  });
  return { data: state.data, error: state.error, loading: state.loading, refresh };
}
