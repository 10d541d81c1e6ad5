import { type FreelancerShift } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { Button, Loading } from '@turno/ui';
import { Suspense, lazy, useState } from 'react';

// The dialog is a chunk of its own, loaded when it opens.
const CancelShiftDialog = lazy(() =>
  import('./CancelShiftDialog').then((m) => ({ default: m.CancelShiftDialog })),
);

export interface CancelShiftProps {
  shift: FreelancerShift;
  now: Date;
  /** The shift was cancelled: the server's message (the list re-reads). */
  onDone: (message: string) => void;
  fetchImpl?: typeof fetch;
}

/**
 * "Cancelar turno" on an accepted shift not yet checked in (issue 23): opens a confirmation that
 * says beforehand whether cancelling now gives a strike (less than 12 h before the start).
 */
export function CancelShift({ shift, now, onDone, fetchImpl }: CancelShiftProps) {
  const [open, setOpen] = useState(false);
  if (shift.assignment_status !== 'assigned' || shift.check_in_time) return null;
  return (
    <>
      <Button variant="ghost" style={{ width: '100%' }} onClick={() => setOpen(true)}>
        {MESSAGES.shiftRelease.cancelShift}
        <span className="t-visually-hidden"> {shift.title}</span>
      </Button>
      {open && (
        <Suspense fallback={<Loading />}>
          <CancelShiftDialog
            shift={shift}
            now={now}
            fetchImpl={fetchImpl}
            onClose={() => setOpen(false)}
            onDone={(message) => {
              setOpen(false);
              onDone(message);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
