import { lazy, Suspense, useState } from 'react';
import { type Job } from '@turno/contracts';
import { MESSAGES, formatDateBR } from '@turno/domain';
import { Button, Loading } from '@turno/ui';
import { Dialog } from '../shared/Dialog';
import { BFF } from '../shared/send';

// The panel (and its form) loads when opened: never with the agenda's first bytes.
const TimesheetCorrection = lazy(() => import('./TimesheetPanel'));

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
  const { check_in_time: checkInAt, check_out_time: checkOutAt } = job;
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
        <Dialog title={MESSAGES.timesheets.panelTitle} onClose={() => setOpen(false)}>
          <Suspense fallback={<Loading />}>
            <TimesheetCorrection
              apiBase={`${BFF}/restaurant`}
              side="restaurant"
              assignmentId={assignmentId}
              shift={{ date: job.date_needed, start: job.start_time, end: job.end_time }}
              checkInAt={checkInAt}
              checkOutAt={checkOutAt}
              now={now}
              onChanged={onChanged}
            />
          </Suspense>
        </Dialog>
      )}
    </>
  );
}
