import { LIST_PAGE_SIZE_DEFAULT, LIST_PAGE_SIZE_MAX } from '@turno/domain';
import { useCallback, useEffect, useRef, useState, type Key } from 'react';
import { type ZodType } from 'zod';
import { BffError, fetchBffConditional, type AnswerSchema } from './fetch-bff';
import { listUrl, type ListParams } from './list-url';

/** One page of a list endpoint (libs/contracts `pageSchema`), plus whatever counts it carries. */
export interface ListPage {
  items: readonly { id: Key }[];
  total: number;
  nextCursor: string | null;
}

export interface PagedListOptions {
  /** The server's default of each filter: a filter at its default stays out of the URL. */
  defaults?: ListParams;
  /** Rows per page (the server's default when not given). */
  pageSize?: number;
  fetchImpl?: typeof fetch;
}

/** What a request of the list is doing: the first page, the next page, or re-reading what is shown. */
type Activity = 'idle' | 'first' | 'more' | 'refresh';

export interface PagedList<P extends ListPage> {
  /** `loading` and `error` only while nothing is shown; once rows are shown the list stays `success`. */
  status: 'loading' | 'error' | 'success';
  /**
   * What is shown: every page loaded so far in `items`; `total`, `nextCursor` and the counts from the
   * latest answer.
   */
  data: P | undefined;
  /** The last failure: the whole list's while nothing is shown, else a "Carregar mais" or refresh failure. */
  error: BffError | undefined;
  /** A filter change is loading; `data` still shows the previous filters. */
  updating: boolean;
  loadingMore: boolean;
  refreshing: boolean;
  /** True while the server has rows after the last one shown (`nextCursor`). */
  hasMore: boolean;
  /** Appends the next page. */
  loadMore: () => void;
  /**
   * Re-reads what is shown without clearing it: the first `max(pageSize, shown)` rows (at most the
   * server's maximum) with the last ETag; a 304 keeps the rows as they are.
   */
  refresh: () => void;
  /** Loads the first page again (after an error). */
  retry: () => void;
}

interface State<P> {
  data: P | undefined;
  error: BffError | undefined;
  activity: Activity;
}

const unexpected = (error: unknown) =>
  error instanceof BffError ? error : new BffError('Erro inesperado.', undefined, { cause: error });

/** Appends a page; a row the server sends again (it moved while paging) keeps one place, its new version. */
function appendPage<P extends ListPage>(shown: P, next: P): P {
  const indexById = new Map(shown.items.map((item, index) => [item.id, index]));
  const items = [...shown.items];
  for (const item of next.items) {
    const index = indexById.get(item.id);
    if (index === undefined) items.push(item);
    else items[index] = item;
  }
  return { ...next, items };
}

/**
 * A paged list from the app's BFF (`GET url?filters&limit&cursor`, answered as `{ items, total,
 * nextCursor, …counts }` and validated with `schema`, a module-level schema from @turno/contracts).
 *
 * - The URL carries the filters (`params`), trimmed, without empty or default values.
 * - A filter change restarts from the first page and aborts every request of the old filters: an
 *   answer that arrives late is dropped, never shown over a newer one.
 * - `loadMore()` appends the next page (`cursor=nextCursor`); `refresh()` re-reads what is shown in one
 *   request, conditional on the ETag of the last identical request (304 keeps the rows, no flicker).
 */
export function usePagedList<P extends ListPage>(
  url: string,
  params: ListParams,
  schema: ZodType<P> | AnswerSchema<P>,
  options: PagedListOptions = {},
): PagedList<P> {
  const { defaults = {}, pageSize = LIST_PAGE_SIZE_DEFAULT, fetchImpl } = options;
  const filteredUrl = listUrl(url, params, defaults);
  const [state, setState] = useState<State<P>>({ data: undefined, error: undefined, activity: 'first' });
  const [attempt, setAttempt] = useState(0);
  /** The request in flight (one at a time) and what it does. */
  const inFlight = useRef<{ activity: Activity; controller: AbortController } | null>(null);
  /** The ETag of the last full answer and the exact URL it answered. */
  const lastEtag = useRef<{ url: string; etag: string } | null>(null);
  const fetchRef = useRef(fetchImpl);
  useEffect(() => {
    fetchRef.current = fetchImpl;
  }, [fetchImpl]);

  /** The URL of a page: the filters, then `limit` (left out at the server's default) and `cursor`. */
  const pageUrl = useCallback(
    (limit: number, cursor?: string) =>
      listUrl(filteredUrl, { limit, cursor }, { limit: LIST_PAGE_SIZE_DEFAULT }),
    [filteredUrl],
  );

  const start = useCallback(
    (
      activity: Exclude<Activity, 'idle'>,
      requestUrl: string,
      /** Shows the answer: a page, or null when the server said "not modified" (304). */
      apply: (answer: P | null) => void,
    ) => {
      inFlight.current?.controller.abort();
      const controller = new AbortController();
      inFlight.current = { activity, controller };
      // A new first page starts clean; a failed "Carregar mais" or refresh stays said until a success.
      setState((s) => ({ ...s, error: activity === 'first' ? undefined : s.error, activity }));
      const known = lastEtag.current;
      const ifNoneMatch = activity === 'refresh' && known?.url === requestUrl ? known.etag : undefined;
      fetchBffConditional(requestUrl, schema, {
        signal: controller.signal,
        fetchImpl: fetchRef.current,
        ifNoneMatch,
      })
        .then(
          (answer) => {
            if (controller.signal.aborted) return;
            if (answer.notModified) {
              apply(null);
              return;
            }
            // A refresh re-reads from the first row: only such answers can be asked "not modified?".
            if (answer.etag && activity !== 'more') lastEtag.current = { url: requestUrl, etag: answer.etag };
            apply(answer.data);
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            const failure = unexpected(error);
            // Without the first page there is nothing valid to show; otherwise the rows stay.
            setState((s) => ({
              data: activity === 'first' ? undefined : s.data,
              error: failure,
              activity: 'idle',
            }));
          },
        )
        .finally(() => {
          if (inFlight.current?.controller === controller) inFlight.current = null;
        });
    },
    [schema],
  );

  // The first page, again whenever the filters change (or after "Tentar novamente").
  useEffect(() => {
    lastEtag.current = null;
    start('first', pageUrl(pageSize), (page) => {
      if (page) setState({ data: page, error: undefined, activity: 'idle' });
    });
    return () => {
      inFlight.current?.controller.abort();
      inFlight.current = null;
    };
  }, [start, pageUrl, pageSize, attempt]);

  const shown = state.data;

  const loadMore = useCallback(() => {
    const busy = inFlight.current?.activity;
    if (!shown?.nextCursor || busy === 'first' || busy === 'more') return;
    // A refresh in flight gives way: the next refresh re-reads the longer list.
    start('more', pageUrl(pageSize, shown.nextCursor), (page) => {
      if (page)
        setState((s) => ({
          data: s.data ? appendPage(s.data, page) : page,
          error: undefined,
          activity: 'idle',
        }));
    });
  }, [shown, start, pageUrl, pageSize]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const refresh = useCallback(() => {
    if (inFlight.current) return;
    if (!shown) {
      retry();
      return;
    }
    const limit = Math.min(LIST_PAGE_SIZE_MAX, Math.max(pageSize, shown.items.length));
    start('refresh', pageUrl(limit), (page) => {
      setState((s) => ({ data: page ?? s.data, error: undefined, activity: 'idle' }));
    });
  }, [shown, start, pageUrl, pageSize, retry]);

  const status = shown ? 'success' : state.error && state.activity === 'idle' ? 'error' : 'loading';
  return {
    status,
    data: shown,
    error: state.error,
    updating: state.activity === 'first' && shown !== undefined,
    loadingMore: state.activity === 'more',
    refreshing: state.activity === 'refresh',
    hasMore: Boolean(shown?.nextCursor) && state.activity !== 'first',
    loadMore,
    refresh,
    retry,
  };
}
