import { useBffMutation } from '@turno/ui';
import { useCallback, useState } from 'react';

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

/** One action at a time on a screen (libs/ui's useBffMutation), with its busy key and its feedback message. */
export function useAction(): ActionRunner {
  const mutation = useBffMutation();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const { run: runMutation } = mutation;
  const run = useCallback(
    async <T>(
      key: string,
      work: () => Promise<T>,
      messages: { success: (result: T) => string; failure: string },
    ): Promise<boolean> => {
      const result = await runMutation(work, { key, fallback: messages.failure });
      if (result.ok) setFeedback({ tone: 'success', text: messages.success(result.data) });
      else if (result.message !== null) setFeedback({ tone: 'danger', text: result.message });
      return result.ok;
    },
    [runMutation],
  );
  return { running: mutation.pendingKey, feedback, setFeedback, run };
}
