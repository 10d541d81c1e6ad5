import { type Job } from '@turno/contracts';
import {
  MESSAGES,
  checkOutPreview,
  formatHoursMinutes,
  parseInstant,
  saoPauloTime,
  shiftEndInstant,
  toCentavos,
  toReais,
  type PayBasis,
} from '@turno/domain';
import { Alert, Button, Dialog, formatTimeRange } from '@turno/ui';

/** 'HH:MM' in Sao Paulo of a wire timestamp, or '—'. */
function clock(timestamp: string | null): string {
  const instant = parseInstant(timestamp);
  return instant ? saoPauloTime(instant) : '—';
}

export interface CheckOutDialogProps {
  job: Job;
  busy: boolean;
  onCancel: () => void;
  onApprove: (pay: PayBasis) => void;
}

/**
 * "Aprovar check-out" (or "Confirmar check-out" when the freelancer never asked, from the end + 2 h):
 * the check-in, the requested check-out (else the scheduled end), the schedule and the worked time;
 * an early departure says so with both amounts, and the business chooses to pay by worked time
 * (the default) or the full shift. The preview is the same `shiftPay` rule the server applies.
 */
export function CheckOutDialog({ job, busy, onCancel, onApprove }: CheckOutDialogProps) {
  const shift = { date: job.date_needed, start: job.start_time, end: job.end_time };
  const checkInAt = parseInstant(job.check_in_time) ?? new Date();
  const requested = parseInstant(job.freelancer_checkout_request_time);
  const checkOutAt = requested ?? shiftEndInstant(shift);
  const preview = checkOutPreview({
    fullChargeCents: toCentavos(job.hourly_rate),
    shift,
    checkInAt,
    checkOutAt,
  });
  const texts = MESSAGES.checkOut;
  const partial = preview.worked.chargeCents < preview.full.chargeCents;
  return (
    <Dialog
      title={requested ? texts.approveTitle : texts.confirmTitle}
      size="small"
      busy={busy}
      onClose={onCancel}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {texts.cancel}
          </Button>
          {partial && (
            <Button variant="secondary" onClick={() => onApprove('full')} disabled={busy}>
              {texts.payFull}
            </Button>
          )}
          <Button onClick={() => onApprove('worked')} busy={busy}>
            {partial ? texts.approveWorked : texts.approve}
          </Button>
        </>
      }
    >
      <p className="t-muted" style={{ margin: 0 }}>
        <strong>{job.freelancer_name ?? 'Freelancer'}</strong> · {job.title}
      </p>
      <dl className="r-facts" data-testid="check-out-facts">
        <dt>{texts.checkInLabel}</dt>
        <dd>{clock(job.check_in_time)}</dd>
        <dt>{requested ? texts.requestedCheckOutLabel : texts.confirmedCheckOutLabel}</dt>
        <dd>{saoPauloTime(checkOutAt)}</dd>
        <dt>{texts.scheduleLabel}</dt>
        <dd>{formatTimeRange(job.start_time, job.end_time)}</dd>
        <dt>{texts.workedLabel}</dt>
        <dd>
          {formatHoursMinutes(preview.workedMinutes)} de {formatHoursMinutes(preview.scheduledMinutes)}
        </dd>
      </dl>
      {!requested && <p style={{ margin: 0 }}>{texts.noRequestNote}</p>}
      {partial ? (
        <Alert tone="warning" title={texts.earlyDepartureTitle} data-testid="early-departure">
          {texts.earlyDeparture(preview.workedMinutes, preview.scheduledMinutes)}{' '}
          {texts.byWorkedAmount(toReais(preview.worked.chargeCents))}.{' '}
          {texts.fullAmount(toReais(preview.full.chargeCents))}. {texts.payFullHint}
        </Alert>
      ) : (
        <p style={{ margin: 0 }}>{texts.fullAmount(toReais(preview.full.chargeCents))}</p>
      )}
    </Dialog>
  );
}

export interface CheckInDialogProps {
  job: Job;
  busy: boolean;
  onCancel: () => void;
  onApprove: () => void;
  /** The time the check-in will be recorded at (the approval's): now by default. */
  now?: Date;
}

/** "Aprovar check-in" asks to confirm, showing when the freelancer asked and the schedule. */
export function CheckInDialog({ job, busy, onCancel, onApprove, now = new Date() }: CheckInDialogProps) {
  const texts = MESSAGES.checkOut;
  return (
    <Dialog
      title={texts.checkInTitle}
      size="small"
      busy={busy}
      onClose={onCancel}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {texts.cancel}
          </Button>
          <Button onClick={onApprove} busy={busy}>
            {texts.approveCheckIn}
          </Button>
        </>
      }
    >
      <p style={{ margin: 0 }}>{texts.checkInConfirm(saoPauloTime(now))}</p>
      <dl className="r-facts">
        <dt>Freelancer</dt>
        <dd>{job.freelancer_name ?? '—'}</dd>
        <dt>{texts.checkInRequestedLabel}</dt>
        <dd>{clock(job.freelancer_checkin_request_time)}</dd>
        <dt>{texts.scheduleLabel}</dt>
        <dd>{formatTimeRange(job.start_time, job.end_time)}</dd>
      </dl>
    </Dialog>
  );
}
