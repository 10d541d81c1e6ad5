import { MESSAGES } from '@turno/domain';
import { Alert, Button } from '@turno/ui';
import type { Feedback } from './useAction';

/**
 * The result of the last action, above the list, with a way to dismiss it. A schedule clash
 * ("CONFLITO DE HORÁRIO") is shown as "ATENÇÃO!" with the advice to check the schedules (spec 02 §8).
 */
export function FeedbackAlert({ feedback, onDismiss }: { feedback: Feedback | null; onDismiss: () => void }) {
  if (!feedback) return null;
  const clash =
    feedback.tone === 'danger' && feedback.text.includes(MESSAGES.applications.scheduleConflictMarker);
  return (
    <Alert
      tone={clash ? 'warning' : feedback.tone}
      title={clash ? MESSAGES.applications.conflictAlertTitle : undefined}
      data-testid="action-feedback"
      action={
        <Button variant="ghost" size="sm" onClick={onDismiss} aria-label="Fechar mensagem">
          ✕
        </Button>
      }
    >
      {clash ? `${feedback.text} ${MESSAGES.applications.conflictAdvice}` : feedback.text}
    </Alert>
  );
}
