import { type DisputedTimesheet } from '@turno/contracts';
import {
  MESSAGES,
  TIMESHEET_DECISIONS,
  type TimesheetDecision,
  TIMESHEET_DECISION_LABELS,
  TIMESHEET_REASON_MAX_LENGTH,
  TIMESHEET_REASON_MIN_LENGTH,
} from '@turno/domain';
import { Alert, Button, Dialog, SelectField, TextAreaField } from '@turno/ui';
import { useState } from 'react';
import { TimesheetDisputeSummary } from './TimesheetDisputeSummary';

export interface TimesheetDecisionDialogProps {
  dispute: DisputedTimesheet;
  busy: boolean;
  error: string | null;
  onDecide: (decision: TimesheetDecision, note: string) => void;
  onClose: () => void;
}

const OPTIONS = TIMESHEET_DECISIONS.map((value) => ({ value, label: TIMESHEET_DECISION_LABELS[value] }));

/** "Decidir horários contestados": the dispute, the pay decision and a note both sides read. */
export function TimesheetDecisionDialog({
  dispute,
  busy,
  error,
  onDecide,
  onClose,
}: TimesheetDecisionDialogProps) {
  const t = MESSAGES.timesheets;
  const [decision, setDecision] = useState<TimesheetDecision>('partial');
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState(false);
  const confirm = () => {
    const trimmed = note.trim();
    const ok = trimmed.length >= TIMESHEET_REASON_MIN_LENGTH && trimmed.length <= TIMESHEET_REASON_MAX_LENGTH;
    setInvalid(!ok);
    if (ok) onDecide(decision, trimmed);
  };
  return (
    <Dialog
      title={t.adminDecideTitle}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t.cancel}
          </Button>
          <Button onClick={confirm} busy={busy}>
            {t.adminConfirm}
          </Button>
        </>
      }
    >
      <TimesheetDisputeSummary dispute={dispute} />
      <SelectField
        label={t.adminDecisionLabel}
        value={decision}
        options={OPTIONS}
        onChange={(event) => setDecision(event.target.value as TimesheetDecision)}
        disabled={busy}
      />
      <TextAreaField
        label={t.adminNoteLabel}
        value={note}
        rows={3}
        maxLength={TIMESHEET_REASON_MAX_LENGTH}
        error={
          invalid ? t.decisionNoteLength(TIMESHEET_REASON_MIN_LENGTH, TIMESHEET_REASON_MAX_LENGTH) : undefined
        }
        onChange={(event) => setNote(event.target.value)}
        disabled={busy}
      />
      {error && (
        <Alert tone="danger" data-testid="timesheet-decision-error">
          {error}
        </Alert>
      )}
    </Dialog>
  );
}
