import { type Job } from '@turno/contracts';
import { canApproveCheckIn, canApproveCheckOut, canManualCheckIn, canManualCheckOut } from '@turno/domain';
import { Button } from '@turno/ui';

/** What the admin can do on a job of the command centre; `running` is the action under way. */
export interface JobRowActions {
  running: string | null;
  onApplications: (job: Job) => void;
  onAssign: (job: Job) => void;
  onApproveCheckIn: (job: Job) => void;
  onManualCheckIn: (job: Job) => void;
  onApproveCheckOut: (job: Job) => void;
  onManualCheckOut: (job: Job) => void;
  onUnassign: (job: Job) => void;
  onEdit: (job: Job) => void;
  onDelete: (job: Job) => void;
}

/**
 * The buttons a job offers in its state (spec 02 §4): applications and assign while open; approve or
 * manual check-in/out by the shift's progress; desalocar while not completed; edit unless completed;
 * delete.
 */
export function JobActions({
  job,
  actions,
  applicationsLabel = 'Candidaturas',
}: {
  job: Job;
  actions: JobRowActions;
  /** The applications button's text: "Candidaturas" in the table, "Ver Candidaturas" on a card. */
  applicationsLabel?: string;
}) {
  const busy = actions.running !== null;
  const label = (verb: string) => `${verb} — vaga #${job.id}`;
  const button = (
    verb: string,
    onClick: (job: Job) => void,
    variant: 'primary' | 'secondary' | 'ghost' | 'danger' = 'secondary',
    key?: string,
  ) => (
    <Button
      key={verb}
      size="sm"
      variant={variant}
      aria-label={label(verb)}
      disabled={busy}
      busy={key !== undefined && actions.running === key}
      onClick={() => onClick(job)}
    >
      {verb}
    </Button>
  );
  const open = job.status === 'open';
  const active = job.assignment_id !== null && job.status !== 'completed';
  return (
    <div className="t-row" style={{ gap: 6, minWidth: 190 }}>
      {canApproveCheckIn(job) &&
        button('Aprovar Check-in', actions.onApproveCheckIn, 'primary', `checkin-${job.id}`)}
      {canApproveCheckOut(job) &&
        button('Aprovar Check-out', actions.onApproveCheckOut, 'primary', `checkout-${job.id}`)}
      {open && button(applicationsLabel, actions.onApplications)}
      {open && button('Alocar', actions.onAssign)}
      {!canApproveCheckIn(job) && canManualCheckIn(job) && button('Check-in manual', actions.onManualCheckIn)}
      {!canApproveCheckOut(job) &&
        canManualCheckOut(job) &&
        button('Check-out manual', actions.onManualCheckOut)}
      {active && button('Desalocar', actions.onUnassign, 'ghost')}
      {job.status !== 'completed' && button('Editar', actions.onEdit, 'ghost')}
      {button('Excluir', actions.onDelete, 'ghost')}
    </div>
  );
}
