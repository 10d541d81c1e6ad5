import {
  InvoiceGenerationRunSchema,
  type GenerateCustomRequest,
  type InvoiceGenerationRun,
  type InvoiceRunKind,
} from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { bffErrorMessage, fetchBff, sendBff } from '@turno/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { GENERATE_CUSTOM_URL, GENERATE_WEEKLY_URL, GENERATION_POLL_MS, generationRunUrl } from './generation';

export interface GenerationRunState {
  /** The run shown: in the queue, working (with progress), or finished (result or error). */
  run: InvoiceGenerationRun | undefined;
  /** A request to start a run is on its way. */
  starting: boolean;
  /** Why the last run could not start or failed, in pt-BR (spec 02 §8). */
  error: string | undefined;
  /** True from the click until the run has finished: the buttons are disabled meanwhile. */
  busy: boolean;
  generateWeekly: (weekOffset: number) => Promise<boolean>;
  generateCustom: (request: GenerateCustomRequest) => Promise<boolean>;
}

const failureText = (kind: InvoiceRunKind, detail: string | null | undefined) =>
  kind === 'weekly'
    ? MESSAGES.invoices.weeklyGenerationFailed(detail)
    : detail || MESSAGES.invoices.customGenerationFailed;

/**
 * Starts invoice generations on the admin-billing BFF and follows the run until it finishes:
 * progress (businesses processed of total) while the worker bills, then the result. `onFinished`
 * runs once per finished run (the screen reloads its list).
 */
export function useGenerationRun(options: { fetchImpl?: typeof fetch; onFinished?: () => void } = {}) {
  const { fetchImpl, onFinished } = options;
  const [run, setRun] = useState<InvoiceGenerationRun>();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string>();
  const finishedRef = useRef(onFinished);
  useEffect(() => {
    finishedRef.current = onFinished;
  });

  const start = useCallback(
    async (kind: InvoiceRunKind, body: unknown): Promise<boolean> => {
      setStarting(true);
      setError(undefined);
      try {
        const started = await sendBff(kind === 'weekly' ? GENERATE_WEEKLY_URL : GENERATE_CUSTOM_URL, {
          body,
          schema: InvoiceGenerationRunSchema,
          fetchImpl,
        });
        setRun(started);
        if (started.state === 'failed') setError(failureText(kind, started.error));
        if (started.state === 'completed' || started.state === 'failed') finishedRef.current?.();
        return true;
      } catch (failure) {
        setRun(undefined);
        setError(failureText(kind, bffErrorMessage(failure, '', '') || null));
        return false;
      } finally {
        setStarting(false);
      }
    },
    [fetchImpl],
  );

  const running = run !== undefined && (run.state === 'waiting' || run.state === 'active');

  // While the run waits or works, read it back; each answer (new progress) schedules the next read.
  useEffect(() => {
    if (!run || (run.state !== 'waiting' && run.state !== 'active')) return;
    const { runId, kind } = run;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchBff(generationRunUrl(runId), InvoiceGenerationRunSchema, { signal: controller.signal, fetchImpl })
        .then((next) => {
          setRun(next);
          if (next.state === 'failed') setError(failureText(next.kind, next.error));
          if (next.state === 'completed' || next.state === 'failed') finishedRef.current?.();
        })
        .catch((failure: unknown) => {
          if (controller.signal.aborted) return;
          setRun(undefined);
          setError(failureText(kind, bffErrorMessage(failure, '', '') || null));
        });
    }, GENERATION_POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [run, fetchImpl]);

  return {
    run,
    starting,
    error,
    busy: starting || running,
    generateWeekly: (weekOffset: number) => start('weekly', { weekOffset, timezone: 'America/Sao_Paulo' }),
    generateCustom: (request: GenerateCustomRequest) => start('custom', request),
  } satisfies GenerationRunState;
}
