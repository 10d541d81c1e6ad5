import { MESSAGES, SERVICE_UNAVAILABLE_MESSAGE } from '@turno/domain';
import { useCallback, useMemo, useRef, useState } from 'react';
import { BffError } from './fetch-bff';
import { sendBff, type SendBffOptions } from './send-bff';

/**
 * What a person reads after a failed change (spec 01 §8, spec 02 §8): the BFF's own pt-BR text
 * when it sent one; else, by what happened, the server not reached (`connection`), the session
 * gone (401), no permission (403), changed meanwhile (409), invalid data (422), too many requests
 * (429), the service down (503); otherwise the screen's `fallback` ("Erro ao salvar").
 */
export function bffErrorMessage(
  error: unknown,
  fallback: string,
  connection: string = MESSAGES.common.connection,
): string {
  if (!(error instanceof BffError)) return fallback;
  if (error.serverMessage) return error.serverMessage;
  switch (error.status) {
    case undefined:
      return connection;
    case 401:
      return MESSAGES.common.unauthenticated;
    case 403:
      return MESSAGES.common.forbidden;
    case 409:
      return MESSAGES.common.conflict;
    case 422:
      return MESSAGES.common.invalidInput;
    case 429:
      return MESSAGES.common.rateLimited;
    case 503:
      return SERVICE_UNAVAILABLE_MESSAGE;
    default:
      return fallback;
  }
}

/** How a change ended: its parsed answer, or the message shown (null: another change was running). */
export type MutationResult<T> = { ok: true; data: T } | { ok: false; message: string | null };

export interface BffMutationOptions {
  /** The screen's text for a refusal the server did not explain ("Erro ao salvar" by default). */
  fallback?: string;
  /** The text when the server was not reached ("Erro de conexão. Verifique sua internet." by default). */
  connection?: string;
  /** For tests: the fetch `send` uses. */
  fetchImpl?: typeof fetch;
}

export interface RunOptions {
  /** Which change runs (e.g. `approve-12`), for a busy button among many. */
  key?: string;
  /** This change's own fallback text. */
  fallback?: string;
}

export interface BffMutation {
  /** A change is running (buttons show busy, a second submit is ignored). */
  pending: boolean;
  /** The `key` of the running change, or null. */
  pendingKey: string | null;
  /** The last failure's message, cleared when a change starts. */
  error: string | null;
  setError: (message: string | null) => void;
  /** Runs `work` unless a change already runs; its failure becomes `error`. */
  run: <T>(work: () => Promise<T>, options?: RunOptions) => Promise<MutationResult<T>>;
  /** `run` of one sendBff call. */
  send: <T>(
    url: string,
    options: Omit<SendBffOptions<T>, 'fetchImpl'> & RunOptions,
  ) => Promise<MutationResult<T>>;
}

/**
 * One state change at a time on the BFF, with its pending state and its pt-BR error message
 * (bffErrorMessage). A change started while another runs is not sent (no double submit).
 */
export function useBffMutation({
  fallback = MESSAGES.common.saveFailed,
  connection,
  fetchImpl,
}: BffMutationOptions = {}): BffMutation {
  const [pendingKey, setPendingKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const texts = useRef({ fallback, connection, fetchImpl });
  texts.current = { fallback, connection, fetchImpl };

  const run = useCallback(
    async <T>(work: () => Promise<T>, options: RunOptions = {}): Promise<MutationResult<T>> => {
      if (running.current) return { ok: false, message: null };
      running.current = true;
      setPendingKey(options.key ?? '');
      setError(null);
      try {
        return { ok: true, data: await work() };
      } catch (failure) {
        const message = bffErrorMessage(
          failure,
          options.fallback ?? texts.current.fallback,
          texts.current.connection,
        );
        setError(message);
        return { ok: false, message };
      } finally {
        running.current = false;
        setPendingKey(null);
      }
    },
    [],
  );

  const send = useCallback(
    <T>(url: string, { key, fallback: own, ...request }: Omit<SendBffOptions<T>, 'fetchImpl'> & RunOptions) =>
      run(() => sendBff(url, { ...request, fetchImpl: texts.current.fetchImpl }), { key, fallback: own }),
    [run],
  );

  return useMemo(
    () => ({ pending: pendingKey !== null, pendingKey, error, setError, run, send }),
    [pendingKey, error, run, send],
  );
}
