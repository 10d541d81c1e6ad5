import { type Job } from '@turno/contracts';
import {
  APPROVAL_SETTLE_MS,
  INVITATION_MESSAGES,
  canApproveCheckIn,
  canApproveCheckOut,
  canConfirmCheckOutWithoutRequest,
  formatDateBR,
  parseInstant,
} from '@turno/domain';
import { Badge, Button } from '@turno/ui';
import { AllocatedShiftActions, offersShiftRelease } from './AllocatedShiftActions';
import { JobTimesheet } from '../timesheets/JobTimesheet';
import { useEffect, useRef, useState } from 'react';

/** What the agenda lets the business do with a vacancy; the screen owns the dialogs and calls. */
export interface AgendaActions {
  /** Pending applications per job id (from GET /api/restaurant/jobs/applications-count). */
  applicationCounts: ReadonlyMap<number, number>;
  /** The job whose approval is running (its buttons are disabled). */
  busyJobId: number | null;
  onViewApplications: (job: Job) => void;
  onApproveCheckIn: (job: Job) => void;
  /** "Aprovar check-out", or "Confirmar check-out" with no request from the end + 2 h: opens its dialog. */
  onApproveCheckOut: (job: Job) => void;
  onDelete: (job: Job) => void;
  /** The business may still rate the job's freelancer (completed, within 30 days, not yet rated). */
  canRate?: (job: Job) => boolean;
  onRate?: (job: Job) => void;
  /** A release (cancel, no-show) went through: its message (issue 23). */
  onShiftReleased?: (message: string) => void;
  /** "Repetir vaga" (any vacancy) and "Chamar de novo" (a completed shift), issue 26. */
  onRepeat?: (job: Job, callAgain: boolean) => void;
}

/**
 * True for a moment after the shift's step changed (a check-in approved, a request arrived): the
 * next approval button, which may appear where the previous one was, cannot be hit by the same
 * double tap.
 */
function useSettling(step: string): boolean {
  const [settling, setSettling] = useState(false);
  const first = useRef(step);
  useEffect(() => {
    if (step === first.current) return;
    first.current = step;
    setSettling(true);
    const timer = setTimeout(() => setSettling(false), APPROVAL_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [step]);
  return settling;
}

/** True when the business may confirm a check-out nobody requested (checked in, scheduled end + 2 h). */
export function canConfirmCheckOut(job: Job, now: Date): boolean {
  if (job.status === 'completed' || job.assignment_status !== 'in_progress') return false;
  return canConfirmCheckOutWithoutRequest(
    { date: job.date_needed, start: job.start_time, end: job.end_time },
    {
      checkInAt: parseInstant(job.check_in_time),
      checkoutRequestedAt: parseInstant(job.freelancer_checkout_request_time),
      checkOutAt: parseInstant(job.check_out_time),
    },
    now,
  );
}

/**
 * The buttons of one vacancy, offered only when the domain allows them: "Ver candidaturas" and
 * "Excluir" while open, "Aprovar check-in" / "Aprovar check-out" once the freelancer asked,
 * "Avaliar" after completion (within 30 days, once), "Horários" of a completed shift.
 */
export function JobActions({ job, actions, now }: { job: Job; actions: AgendaActions; now: Date }) {
  const busy = actions.busyJobId === job.id;
  const settling = useSettling(
    [job.freelancer_checkin_request_time, job.check_in_time, job.freelancer_checkout_request_time].join('|'),
  );
  const count = actions.applicationCounts.get(job.id) ?? 0;
  const buttons = [];
  if (job.status === 'open') {
    buttons.push(
      <Button
        key="applications"
        size="sm"
        variant="secondary"
        onClick={() => actions.onViewApplications(job)}
      >
        {/* The name starts with the visible text (WCAG 2.5.3): "Ver candidaturas 2 de Estoquista". */}
        Ver candidaturas <Badge tone={count > 0 ? 'danger' : 'neutral'}>{count}</Badge>
        <span className="t-visually-hidden"> de {job.title}</span>
      </Button>,
    );
  }
  if (canApproveCheckIn(job) && job.assignment_id !== null) {
    buttons.push(
      <Button
        key="checkin"
        size="sm"
        busy={busy}
        disabled={settling}
        onClick={() => actions.onApproveCheckIn(job)}
      >
        Aprovar check-in
      </Button>,
    );
  }
  const checkOutLabel = canApproveCheckOut(job)
    ? 'Aprovar check-out'
    : canConfirmCheckOut(job, now)
      ? 'Confirmar check-out'
      : null;
  if (checkOutLabel && job.assignment_id !== null) {
    buttons.push(
      <Button
        key="checkout"
        size="sm"
        busy={busy}
        disabled={settling}
        onClick={() => actions.onApproveCheckOut(job)}
      >
        {checkOutLabel}
      </Button>,
    );
  }
  if (offersShiftRelease(job))
    buttons.push(
      <AllocatedShiftActions key="release" job={job} now={now} onReleased={actions.onShiftReleased} />,
    );
  if (job.assignment_status === 'completed') {
    // "Horários": the recorded times and their corrections (issue 23, timesheets); renders nothing
    // without both times.
    buttons.push(<JobTimesheet key="timesheet" job={job} now={now} />);
  }
  if (actions.onRate && actions.canRate?.(job)) {
    const rate = actions.onRate;
    buttons.push(
      <Button
        key="rate"
        size="sm"
        variant="secondary"
        onClick={() => rate(job)}
        aria-label={`Avaliar ${job.freelancer_name ?? 'freelancer'} em ${job.title} de ${formatDateBR(job.date_needed)}`}
      >
        Avaliar
      </Button>,
    );
  }
  if (actions.onRepeat) {
    const repeat = actions.onRepeat;
    if (job.assignment_status === 'completed' && job.freelancer_name)
      buttons.push(
        <Button
          key="call-again"
          size="sm"
          variant="secondary"
          onClick={() => repeat(job, true)}
          aria-label={INVITATION_MESSAGES.callAgainLabel(job.freelancer_name)}
        >
          {INVITATION_MESSAGES.callAgain}
        </Button>,
      );
    buttons.push(
      <Button
        key="repeat"
        size="sm"
        variant="ghost"
        onClick={() => repeat(job, false)}
        aria-label={INVITATION_MESSAGES.repeatLabel(job.title, job.date_needed)}
      >
        {INVITATION_MESSAGES.repeat}
      </Button>,
    );
  }
  if (job.status === 'open') {
    buttons.push(
      <Button
        key="delete"
        size="sm"
        variant="ghost"
        onClick={() => actions.onDelete(job)}
        aria-label={`Excluir vaga ${job.title} de ${formatDateBR(job.date_needed)}`}
      >
        Excluir
      </Button>,
    );
  }
  if (buttons.length === 0) return <span className="t-muted">—</span>;
  return <div className="r-row-actions">{buttons}</div>;
}
