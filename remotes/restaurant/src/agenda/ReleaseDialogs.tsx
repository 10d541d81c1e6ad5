import { CANCELLATION_REASON_MAX_LENGTH, ShiftReleaseResponseSchema, type Job } from '@turno/contracts';
import {
  MESSAGES,
  formatMoneyCents,
  isLateCancellation,
  lateCancellationFee,
  shiftHasStarted,
} from '@turno/domain';
import { Alert, bffErrorMessage, Button, Dialog, sendBff, TextAreaField } from '@turno/ui';
import { useId, useRef, useState } from 'react';
import { BFF } from '../shared/bff';

interface ReleaseDialogProps {
  job: Job;
  onClose: () => void;
  /** The release went through: its message. */
  onDone: (message: string) => void;
  fetchImpl?: typeof fetch;
}

/** One release call at a time, its busy state and its pt-BR error. */
function useRelease(props: ReleaseDialogProps, fallback: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  async function send(path: 'cancel' | 'no-show', body?: unknown) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      const answer = await sendBff(`${BFF}/restaurant/assignments/${props.job.assignment_id}/${path}`, {
        method: 'POST',
        body: body ?? {},
        schema: ShiftReleaseResponseSchema,
        fetchImpl: props.fetchImpl,
      });
      props.onDone(answer.message);
    } catch (failure) {
      setError(bffErrorMessage(failure, fallback, MESSAGES.common.connection));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }
  return { busy, error, send };
}

const centsOf = (reais: number) => Math.round(reais * 100);

/**
 * "Cancelar freelancer": the reason (optional), what happens to the vacancy ("Reabrir a vaga",
 * offered only before the start, or "Cancelar a vaga") and, less than 12 h before the start, the
 * late-cancellation fee it will cost (libs/domain `lateCancellationFee`).
 */
export function CancelFreelancerDialog(props: ReleaseDialogProps & { now: Date }) {
  const { job, now, onClose } = props;
  const shift = { date: job.date_needed, start: job.start_time, end: job.end_time };
  const canReopen = !shiftHasStarted(shift, now);
  const late = isLateCancellation(shift, now);
  const fee = late ? lateCancellationFee(shift, centsOf(job.hourly_rate)).feeCents : 0;
  const [reopen, setReopen] = useState(canReopen);
  const [reason, setReason] = useState('');
  const release = useRelease(props, MESSAGES.shiftRelease.cancelFailed);
  const legendId = useId();
  const name = useId();
  const choices = [
    ...(canReopen
      ? [{ value: true, label: MESSAGES.shiftRelease.reopenChoice, hint: MESSAGES.shiftRelease.reopenHint }]
      : []),
    { value: false, label: MESSAGES.shiftRelease.cancelJobChoice, hint: MESSAGES.shiftRelease.cancelJobHint },
  ];
  return (
    <Dialog
      title={MESSAGES.shiftRelease.cancelDialogTitle(job.freelancer_name ?? 'freelancer')}
      onClose={onClose}
      size="small"
      busy={release.busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={release.busy}>
            {MESSAGES.shiftRelease.keepFreelancer}
          </Button>
          <Button
            variant="danger"
            busy={release.busy}
            onClick={() => void release.send('cancel', { reopen, reason: reason.trim() || null })}
          >
            {MESSAGES.shiftRelease.confirmCancel}
          </Button>
        </>
      }
    >
      {late ? (
        <Alert tone="warning" data-testid="late-cancel-warning">
          {MESSAGES.shiftRelease.lateCancelWarning(formatMoneyCents(fee))}
        </Alert>
      ) : (
        <p style={{ margin: 0 }}>{MESSAGES.shiftRelease.noFeeNote}</p>
      )}
      <div role="radiogroup" aria-labelledby={legendId} className="t-stack">
        <span id={legendId} className="t-label">
          {MESSAGES.shiftRelease.afterCancelLegend}
        </span>
        {choices.map((choice) => (
          <label key={String(choice.value)} className="r-release-choice">
            <input
              type="radio"
              name={name}
              checked={reopen === choice.value}
              onChange={() => setReopen(choice.value)}
            />
            <span>
              <strong>{choice.label}</strong>
              <span className="t-muted" style={{ display: 'block' }}>
                {choice.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      <TextAreaField
        label="Motivo"
        optional
        rows={2}
        maxLength={CANCELLATION_REASON_MAX_LENGTH}
        value={reason}
        onChange={(event) => setReason(event.target.value.slice(0, CANCELLATION_REASON_MAX_LENGTH))}
      />
      {release.error && (
        <Alert tone="danger" data-testid="release-error">
          {release.error}
        </Alert>
      )}
    </Dialog>
  );
}

/** "Não compareceu": confirms, then releases the shift as a no-show (a strike for the freelancer). */
export function NoShowDialog(props: ReleaseDialogProps) {
  const release = useRelease(props, MESSAGES.shiftRelease.noShowFailed);
  return (
    <Dialog
      title={MESSAGES.shiftRelease.noShowTitle}
      onClose={props.onClose}
      size="small"
      busy={release.busy}
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose} disabled={release.busy}>
            Voltar
          </Button>
          <Button variant="danger" busy={release.busy} onClick={() => void release.send('no-show')}>
            {MESSAGES.shiftRelease.noShowRegister}
          </Button>
        </>
      }
    >
      <p style={{ margin: 0 }}>
        {MESSAGES.shiftRelease.noShowConfirm(props.job.freelancer_name ?? 'o freelancer')}
      </p>
      {release.error && (
        <Alert tone="danger" data-testid="release-error">
          {release.error}
        </Alert>
      )}
    </Dialog>
  );
}
