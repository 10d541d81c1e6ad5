import { useCallback, useEffect, useState } from 'react';
import { type ZodType } from 'zod';
import { BffError, fetchBff } from './fetch-bff';

export type BffQuery<T> = { reload: () => void } & (
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'error'; data: undefined; error: BffError }
  | { status: 'success'; data: T; error: undefined }
);

type QueryState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'error'; data: undefined; error: BffError }
  | { status: 'success'; data: T; error: undefined };

const LOADING = { status: 'loading', data: undefined, error: undefined } as const;

/**
 * Loads `url` from the app's BFF and validates it with `schema` (from @turno/contracts).
 * Pass a schema defined at module level: a new schema object on every render reloads every time.
 */
export function useBffQuery<T>(url: string, schema: ZodType<T>): BffQuery<T> {
  const [state, setState] = useState<QueryState<T>>(LOADING);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState(LOADING);
    fetchBff(url, schema, { signal: controller.signal }).then(
      (data) => setState({ status: 'success', data, error: undefined }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const bffError =
          error instanceof BffError ? error : new BffError('Erro inesperado.', undefined, { cause: error });
        setState({ status: 'error', data: undefined, error: bffError });
      },
    );
    return () => controller.abort();
  }, [url, schema, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
