import { lazy, Suspense, useState } from 'react';
import { type FreelancerShift } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { Button, Loading } from '@turno/ui';
import { BFF } from '../shared/bff';

// The panel (and its form) loads when opened: never with the Trabalhos screen first bytes.
const TimesheetCorrection = lazy(() => import('./TimesheetPanel'));

/**
 * "Horários do turno" on a completed shift: the recorded times and their corrections (libs/ui
 * TimesheetCorrection), opened on demand.
 */
export function ShiftTimesheet({
  shift,
  now,
  onChanged,
}: {
  shift: FreelancerShift;
  now: Date;
  onChanged?: () => void;
}) {
  const [open, setOpen] = useState(false);
  if (shift.assignment_status !== 'completed' || !shift.check_in_time || !shift.check_out_time) return null;
  return (
    <div style={{ marginTop: 12 }}>
      <Button size="sm" variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        {MESSAGES.timesheets.panelTitle}
      </Button>
      {open && (
        <Suspense fallback={<Loading />}>
          <div style={{ marginTop: 8 }}>
            <TimesheetCorrection
              apiBase={`${BFF}/freelancers`}
              side="freelancer"
              assignmentId={shift.id}
              shift={{ date: shift.date_needed, start: shift.start_time, end: shift.end_time }}
              checkInAt={shift.check_in_time}
              checkOutAt={shift.check_out_time}
              now={now}
              onChanged={onChanged}
            />
          </div>
        </Suspense>
      )}
    </div>
  );
}
