import { useState, type FormEvent } from 'react';
import {
  TimesheetProposalListSchema,
  TimesheetStateSchema,
  type TimesheetProposalWire,
} from '@turno/contracts';
import {
  MESSAGES,
  TIMESHEET_DECISION_LABELS,
  TIMESHEET_PROPOSAL_WINDOW_HOURS,
  TIMESHEET_STATUS_LABELS,
  formatDateTimeBR,
  formatHoursMinutes,
  saoPauloDate,
  saoPauloDateTimeToInstant,
  saoPauloTime,
  timesheetProposalOpen,
  workedTime,
  type ShiftTime,
} from '@turno/domain';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { BffError } from '../data/fetch-bff';
import { sendBff } from '../data/send-bff';
import { useBffQuery } from '../data/useBffQuery';
import { TextAreaField, TextField } from '../forms/Field';

const TEXT = MESSAGES.timesheets;
// Inline layout: this panel loads with the screen that opens it, never with a first screen's CSS.
const STACK = { display: 'grid', gap: '0.5rem' } as const;
const ACTIONS = { display: 'flex', flexWrap: 'wrap', gap: '0.5rem' } as const;
const ITEM = { borderTop: '1px solid var(--t-color-border, #ddd)', paddingTop: '0.5rem' } as const;
const HOUR = 3_600_000;

export interface TimesheetCorrectionProps {
  /** The role's BFF prefix: '/bff/freelancer/api/freelancers' or '/bff/restaurant/api/restaurant'. */
  apiBase: string;
  side: 'freelancer' | 'restaurant';
  assignmentId: number;
  shift: ShiftTime;
  /** The recorded check-in and check-out (ISO). */
  checkInAt: string;
  checkOutAt: string;
  now: Date;
  /** After a proposal, an answer or an automatic acceptance changed the shift. */
  onChanged?: () => void;
  /** False inside a dialog that already carries the title. */
  showTitle?: boolean;
}

/** 'YYYY-MM-DDTHH:MM' in Sao Paulo time, for a datetime-local input whatever the browser's zone. */
const localValue = (iso: string) => {
  const instant = new Date(iso);
  return `${saoPauloDate(instant)}T${saoPauloTime(instant)}`;
};
/** The instant a datetime-local value means in Sao Paulo, or null when incomplete. */
const instantOf = (value: string): Date | null => {
  const [date, time] = value.split('T');
  if (!date || !time) return null;
  try {
    return saoPauloDateTimeToInstant(date, time.slice(0, 5));
  } catch {
    return null;
  }
};
const when = (iso: string) => formatDateTimeBR(new Date(iso));
const failure = (error: unknown) =>
  error instanceof BffError && error.detail ? error.detail : MESSAGES.common.saveConnection;

/**
 * The times of a completed shift and their corrections, as either side sees them: the recorded
 * times, the proposals (newest first) with their state, the answer buttons for a proposal of the
 * other side, and a form to propose corrected times within 48 h of the check-out.
 */
export function TimesheetCorrection(props: TimesheetCorrectionProps) {
  const { apiBase, side, assignmentId, shift, checkInAt, checkOutAt, now } = props;
  const proposals = useBffQuery(
    `${apiBase}/assignments/${assignmentId}/timesheets`,
    TimesheetProposalListSchema,
  );
  const [mode, setMode] = useState<'idle' | 'proposing' | 'disputing'>('idle');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const list = proposals.data ?? [];
  const open = list.find((item) => item.status === 'pending' || item.status === 'disputed');
  const windowEnds = new Date(new Date(checkOutAt).getTime() + TIMESHEET_PROPOSAL_WINDOW_HOURS * HOUR);
  const canPropose = !open && timesheetProposalOpen(new Date(checkOutAt), now);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      setNotice(done);
      setMode('idle');
      proposals.reload();
      props.onChanged?.();
    } catch (caught) {
      setError(failure(caught));
      proposals.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section style={STACK} aria-label={TEXT.panelTitle}>
      {props.showTitle !== false && <h3 style={{ margin: 0, fontSize: '1rem' }}>{TEXT.panelTitle}</h3>}
      <p>{TEXT.recorded(when(checkInAt), when(checkOutAt))}</p>
      {notice && <Alert tone="success">{notice}</Alert>}
      {error && <Alert tone="danger">{error}</Alert>}
      {proposals.status === 'error' && <Alert tone="danger">{proposals.error.detail}</Alert>}
      {list.map((item) => (
        <ProposalItem key={item.proposalId} item={item} />
      ))}
      {open?.status === 'pending' && open.proposedBy === side && (
        <p className="t-muted">{TEXT.waitingOther(when(open.answerDeadline))}</p>
      )}
      {open?.status === 'pending' && open.proposedBy !== side && mode !== 'disputing' && (
        <>
          <p>{TEXT.waitingYou(when(open.answerDeadline))}</p>
          <div style={ACTIONS}>
            <Button
              busy={busy}
              onClick={() =>
                run(
                  () =>
                    sendBff(`${apiBase}/timesheets/${open.proposalId}/answer`, {
                      method: 'POST',
                      body: { accept: true },
                      schema: TimesheetStateSchema,
                    }),
                  TEXT.accepted,
                )
              }
            >
              {TEXT.accept}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setMode('disputing')}>
              {TEXT.dispute}
            </Button>
          </div>
        </>
      )}
      {open && mode === 'disputing' && (
        <DisputeForm
          busy={busy}
          onCancel={() => setMode('idle')}
          onSubmit={(disputeReason) =>
            run(
              () =>
                sendBff(`${apiBase}/timesheets/${open.proposalId}/answer`, {
                  method: 'POST',
                  body: { accept: false, disputeReason },
                  schema: TimesheetStateSchema,
                }),
              TEXT.disputed,
            )
          }
        />
      )}
      {canPropose && mode === 'idle' && (
        <>
          <p className="t-muted">{TEXT.windowOpenUntil(formatDateTimeBR(windowEnds))}</p>
          <Button variant="secondary" onClick={() => setMode('proposing')}>
            {TEXT.proposeButton}
          </Button>
        </>
      )}
      {!open && !canPropose && proposals.status === 'success' && (
        <p className="t-muted">{TEXT.windowClosedAt(formatDateTimeBR(windowEnds))}</p>
      )}
      {mode === 'proposing' && (
        <ProposeForm
          shift={shift}
          checkInAt={checkInAt}
          checkOutAt={checkOutAt}
          busy={busy}
          onCancel={() => setMode('idle')}
          onSubmit={(body) =>
            run(
              () =>
                sendBff(`${apiBase}/assignments/${assignmentId}/timesheet`, {
                  method: 'POST',
                  body,
                  schema: TimesheetStateSchema,
                }),
              TEXT.proposed,
            )
          }
        />
      )}
    </section>
  );
}

function ProposalItem({ item }: { item: TimesheetProposalWire }) {
  const tone = item.status === 'disputed' ? 'warning' : item.status === 'pending' ? 'info' : 'success';
  return (
    <article style={ITEM} aria-label={TEXT.proposedBy[item.proposedBy]}>
      <p>
        <strong>{TEXT.proposedBy[item.proposedBy]}</strong>{' '}
        <Badge tone={tone}>{TIMESHEET_STATUS_LABELS[item.status]}</Badge>
      </p>
      <p>{TEXT.proposedTimes(when(item.checkInAt), when(item.checkOutAt))}</p>
      <p className="t-muted">{item.reason}</p>
      {item.disputeReason && <p className="t-muted">{TEXT.disputeNote(item.disputeReason)}</p>}
      {item.decision && item.decisionNote && (
        <p>{TEXT.decisionNote(TIMESHEET_DECISION_LABELS[item.decision], item.decisionNote)}</p>
      )}
    </article>
  );
}

function ProposeForm(props: {
  shift: ShiftTime;
  checkInAt: string;
  checkOutAt: string;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (body: { checkInAt: string; checkOutAt: string; reason: string }) => void;
}) {
  const [checkIn, setCheckIn] = useState(localValue(props.checkInAt));
  const [checkOut, setCheckOut] = useState(localValue(props.checkOutAt));
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const inAt = instantOf(checkIn);
  const outAt = instantOf(checkOut);
  const worked = inAt && outAt && inAt < outAt ? workedTime(props.shift, inAt, outAt) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!inAt || !outAt) return;
    props.onSubmit({ checkInAt: inAt.toISOString(), checkOutAt: outAt.toISOString(), reason });
  };

  return (
    <form style={STACK} onSubmit={submit} noValidate aria-label={TEXT.proposeTitle}>
      <TextField
        label={TEXT.checkInLabel}
        type="datetime-local"
        value={checkIn}
        onChange={(event) => setCheckIn(event.target.value)}
        error={tried && !inAt ? TEXT.invalidTime : undefined}
        required
      />
      <TextField
        label={TEXT.checkOutLabel}
        type="datetime-local"
        value={checkOut}
        onChange={(event) => setCheckOut(event.target.value)}
        error={tried && !outAt ? TEXT.invalidTime : undefined}
        required
      />
      {worked && <p className="t-muted">{TEXT.workedPreview(formatHoursMinutes(worked.workedMinutes))}</p>}
      <TextAreaField
        label={TEXT.reasonLabel}
        hint={TEXT.reasonHint}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={500}
        rows={3}
        required
      />
      <div style={ACTIONS}>
        <Button type="submit" busy={props.busy}>
          {TEXT.send}
        </Button>
        <Button type="button" variant="ghost" disabled={props.busy} onClick={props.onCancel}>
          {TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}

function DisputeForm(props: { busy: boolean; onCancel: () => void; onSubmit: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  return (
    <form
      style={STACK}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit(reason);
      }}
    >
      <TextAreaField
        label={TEXT.disputeReasonLabel}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={500}
        rows={3}
        required
      />
      <div style={ACTIONS}>
        <Button type="submit" busy={props.busy}>
          {TEXT.sendDispute}
        </Button>
        <Button type="button" variant="ghost" disabled={props.busy} onClick={props.onCancel}>
          {TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}
