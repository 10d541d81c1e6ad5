import { useCallback, useRef, useState } from 'react';
import { failureText } from './bff-write';

/** The message shown above a screen after an action: green for success, red for a failure. */
export interface Feedback {
  tone: 'success' | 'danger';
  text: string;
}

export interface ActionRunner {
  /** The key of the action running (e.g. `approve-12`), or null. */
  running: string | null;
  feedback: Feedback | null;
  setFeedback: (feedback: Feedback | null) => void;
  /**
   * Runs `work` unless an action is already running (no double submit): success shows
   * `success(result)`, a failure the server's text or `failureFallback`. Resolves true on success.
   */
  run<T>(
    key: string,
    work: () => Promise<T>,
    messages: { success: (result: T) => string; failure: string },
  ): Promise<boolean>;
}

/** One action at a time on a screen, with its busy key and its feedback message. */
export function useAction(): ActionRunner {
  const [running, setRunning] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const busy = useRef(false);
  const run = useCallback(
    async <T>(
      key: string,
      work: () => Promise<T>,
      messages: { success: (result: T) => string; failure: string },
    ): Promise<boolean> => {
      if (busy.current) return false;
      busy.current = true;
      setRunning(key);
      try {
        const result = await work();
        setFeedback({ tone: 'success', text: messages.success(result) });
        return true;
      } catch (error) {
        setFeedback({ tone: 'danger', text: failureText(error, messages.failure) });
        return false;
      } finally {
        busy.current = false;
        setRunning(null);
      }
    },
    [],
  );
  return { running, feedback, setFeedback, run };
}
