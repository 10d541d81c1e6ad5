import { type Job } from '@turno/contracts';
import { canApproveCheckIn, canApproveCheckOut, formatDateBR } from '@turno/domain';
import { Badge, Button } from '@turno/ui';
import { AllocatedShiftActions, offersShiftRelease } from './AllocatedShiftActions';

/** What the agenda lets the business do with a vacancy; the screen owns the dialogs and calls. */
export interface AgendaActions {
  /** Pending applications per job id (from GET /api/restaurant/jobs/applications-count). */
  applicationCounts: ReadonlyMap<number, number>;
  /** The job whose approval is running (its buttons are disabled). */
  busyJobId: number | null;
  onViewApplications: (job: Job) => void;
  onApproveCheckIn: (job: Job) => void;
  onApproveCheckOut: (job: Job) => void;
  onDelete: (job: Job) => void;
  /** The business may still rate the job's freelancer (completed, within 30 days, not yet rated). */
  canRate?: (job: Job) => boolean;
  onRate?: (job: Job) => void;
  /** A release (cancel, no-show) went through: its message (issue 23). */
  onShiftReleased?: (message: string) => void;
}

/**
 * The buttons of one vacancy, offered only when the domain allows them: "Ver candidaturas" and
 * "Excluir" while open, "Aprovar check-in" / "Aprovar check-out" once the freelancer asked,
 * "Avaliar" after completion (within 30 days, once).
 */
export function JobActions({ job, actions, now }: { job: Job; actions: AgendaActions; now: Date }) {
  const busy = actions.busyJobId === job.id;
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
      <Button key="checkin" size="sm" busy={busy} onClick={() => actions.onApproveCheckIn(job)}>
        Aprovar check-in
      </Button>,
    );
  }
  if (canApproveCheckOut(job) && job.assignment_id !== null) {
    buttons.push(
      <Button key="checkout" size="sm" busy={busy} onClick={() => actions.onApproveCheckOut(job)}>
        Aprovar check-out
      </Button>,
    );
  }
  if (offersShiftRelease(job))
    buttons.push(
      <AllocatedShiftActions key="release" job={job} now={now} onReleased={actions.onShiftReleased} />,
    );
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
