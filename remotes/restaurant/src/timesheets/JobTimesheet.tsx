import { lazy, Suspense, useState } from 'react';
import { type Job } from '@turno/contracts';
import { formatDateBR } from '@turno/domain';
import { Button } from '@turno/ui';
import { BFF } from '../shared/bff';

// The dialog, its form and its texts load when opened: never with the agenda's first bytes.
const TimesheetDialog = lazy(() => import('./TimesheetPanel'));

/**
 * "Horários" of a completed vacancy in the agenda: a dialog with the recorded times and their
 * corrections (libs/ui TimesheetCorrection): propose corrected times within 48 h of the check-out,
 * or answer the freelancer's.
 */
export function JobTimesheet({ job, now, onChanged }: { job: Job; now: Date; onChanged?: () => void }) {
  const [open, setOpen] = useState(false);
  const assignmentId = job.assignment_id;
  if (
    job.assignment_status !== 'completed' ||
    assignmentId === null ||
    !job.check_in_time ||
    !job.check_out_time
  ) {
    return null;
  }
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-label={`Horários de ${job.title} em ${formatDateBR(job.date_needed)}`}
      >
        Horários
      </Button>
      {open && (
        <Suspense fallback={null}>
          <TimesheetDialog
            onClose={() => setOpen(false)}
            apiBase={`${BFF}/restaurant`}
            side="restaurant"
            assignmentId={assignmentId}
            shift={{ date: job.date_needed, start: job.start_time, end: job.end_time }}
            checkInAt={job.check_in_time}
            checkOutAt={job.check_out_time}
            now={now}
            onChanged={onChanged}
          />
        </Suspense>
      )}
    </>
  );
}
