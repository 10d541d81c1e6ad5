import { type FreelancerShift } from '@turno/contracts';
import { COMPLETION_MESSAGE_MS, MESSAGES, POLL_INTERVAL_MS, RATING_PROMPT_DELAY_MS } from '@turno/domain';
import { Alert, Button, fetchBff, useLiveRefresh } from '@turno/ui';
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { FREELANCER_SHIFTS_PAGE } from '../shared/answers';
import { SHIFTS_URL } from '../shared/bff';

// The amount paid is a chunk of its own, loaded with the first completion shown.
const PaidAmount = lazy(() => import('../completion/PaidAmount').then((m) => ({ default: m.PaidAmount })));

/** The most recent completed shifts, enough to see the ones completed since the last read. */
const RECENT_COMPLETED_URL = `${SHIFTS_URL}?scope=completed&limit=20`;

export interface CompletionNoticeProps {
  fetchImpl?: typeof fetch;
  /** "Avaliar Mercado" of the prompt: the area opens the rating of that shift. */
  onRate: (shift: FreelancerShift) => void;
}

/**
 * The completion of a shift, whatever tab is open (spec 01 §4 "Success feedback", issue 22): when the
 * business approves the check-out, "Trabalho concluído! Seu pagamento chega em alguns minutos via
 * PIX." shows for 10 s with the amount actually paid (and "Saída antecipada: pago pelo tempo
 * trabalhado (Xh YYmin)" when so, issue 23) and, 3 s after it, the prompt to rate the business. A shift counts as just
 * completed when it appears among the completed ones after the first read (the baseline), read again
 * on each `job_completed` event (every 10 s while the live stream is down).
 */
export function CompletionNotice({ fetchImpl, onRate }: CompletionNoticeProps) {
  const [message, setMessage] = useState<FreelancerShift | null>(null);
  const [prompt, setPrompt] = useState<FreelancerShift | null>(null);
  const known = useRef<Set<number> | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const check = useCallback(() => {
    fetchBff(RECENT_COMPLETED_URL, FREELANCER_SHIFTS_PAGE, { fetchImpl })
      .then((page) => {
        const baseline = known.current;
        known.current = new Set([...(baseline ?? []), ...page.items.map((shift) => shift.id)]);
        const done = baseline ? page.items.find((shift) => !baseline.has(shift.id)) : undefined;
        if (!done) return;
        setMessage(done);
        setPrompt(null);
        timers.current.forEach(clearTimeout);
        timers.current = [
          setTimeout(() => setMessage(null), COMPLETION_MESSAGE_MS),
          setTimeout(() => setPrompt(done), RATING_PROMPT_DELAY_MS),
        ];
      })
      // A failed read changes nothing: the next event or poll reads again.
      .catch(() => undefined);
  }, [fetchImpl]);

  useEffect(check, [check]);
  useLiveRefresh('freelancer', check, {
    types: ['job_completed'],
    pollIntervalMs: POLL_INTERVAL_MS.freelancerActiveJobs,
  });

  if (!message && !prompt) return null;
  return (
    <div className="t-stack">
      {message && (
        <Alert tone="success" data-testid="completion-flash">
          {MESSAGES.shifts.completedPayoutSoon}{' '}
          <Suspense fallback={null}>
            <PaidAmount shift={message} />
          </Suspense>
        </Alert>
      )}
      {prompt && (
        <Alert
          tone="info"
          title="Como foi o trabalho?"
          data-testid="rating-prompt"
          action={
            <div className="t-row">
              <Button
                size="sm"
                onClick={() => {
                  setPrompt(null);
                  onRate(prompt);
                }}
              >
                Avaliar Mercado
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setPrompt(null)}>
                Agora não
              </Button>
            </div>
          }
        >
          Avalie {prompt.restaurant_name} pelo trabalho "{prompt.title}".
        </Alert>
      )}
    </div>
  );
}
