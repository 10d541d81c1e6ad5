import { MESSAGES } from '@turno/domain';
import { Dialog, TimesheetCorrection, type TimesheetCorrectionProps } from '@turno/ui';

/**
 * The lazily loaded chunk of JobTimesheet: the dialog with libs/ui's TimesheetCorrection (its texts
 * come with it, never with the agenda's first bytes).
 */
export default function TimesheetDialog({
  onClose,
  ...panel
}: TimesheetCorrectionProps & { onClose: () => void }) {
  return (
    <Dialog title={MESSAGES.timesheets.panelTitle} onClose={onClose}>
      <TimesheetCorrection {...panel} showTitle={false} />
    </Dialog>
  );
}
