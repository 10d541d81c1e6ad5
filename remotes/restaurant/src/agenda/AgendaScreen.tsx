import {
  ApplicationCountListSchema,
  CheckOutCompletionSchema,
  DeleteJobResponseSchema,
  RestaurantAgendaPageSchema,
  ShiftStateSchema,
  type Job,
} from '@turno/contracts';
import {
  COMPLETION_MESSAGE_MS,
  MESSAGES,
  POLL_INTERVAL_MS,
  SUCCESS_MESSAGE_MS,
  type PayBasis,
} from '@turno/domain';
import {
  AGENDA_DEFAULT_FILTERS,
  AGENDA_QUERY_DEFAULTS,
  agendaQuery,
  Alert,
  bffErrorMessage,
  ConfirmDialog,
  Loading,
  sendBff,
  useLiveRefresh,
  usePagedList,
} from '@turno/ui';
import { Suspense, lazy, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { StoreFilterField, useStoreFilter } from '../stores/StoreFilter';
import { StoresContext } from '../stores/stores';
import { ApplicationsDialog } from '../applications/ApplicationsDialog';
import { RatingDialog, type RatingTarget } from '../ratings/RatingDialog';
import { BFF } from '../shared/bff';
import { useLiveResource } from '../shared/useLiveResource';
import { useTimedMessage } from '../shared/useTimedMessage';
import { AgendaView } from './AgendaView';
import { type AgendaActions } from './JobActions';
import { JOBS_URL } from './jobs';
import { AlertsToggle } from './request-alerts';

// The approval dialogs are a chunk of their own, loaded when one opens.
const CheckInDialog = lazy(() =>
  import('./ShiftApprovalDialogs').then((m) => ({ default: m.CheckInDialog })),
);
const CheckOutDialog = lazy(() =>
  import('./ShiftApprovalDialogs').then((m) => ({ default: m.CheckOutDialog })),
);

export interface AgendaScreenProps {
  /** For tests: the fetch the list and the actions use (the browser's by default). */
  fetchImpl?: typeof fetch;
  now?: Date;
  /** A check-out was approved: the panel offers to rate the freelancer (after the completion message). */
  onCompleted?: (completion: { assignmentId: number; freelancerName: string; jobTitle: string }) => void;
  /** "Repetir vaga" / "Chamar de novo" (issue 26): the panel opens the vacancy form filled in from the job. */
  onRepeat?: (job: Job, callAgain: boolean) => void;
}

export const APPLICATIONS_COUNT_URL = `${BFF}/restaurant/jobs/applications-count`;

type OpenDialog =
  | { kind: 'delete'; job: Job }
  | { kind: 'applications'; job: Job }
  | { kind: 'rate'; target: RatingTarget }
  | { kind: 'checkIn'; job: Job }
  | { kind: 'checkOut'; job: Job }
  | null;

/** After a completion message, the rating modal opens this much later (spec 01 §4). */
export const RATING_PROMPT_DELAY_MS = 3_000;

/**
 * The "Agenda" tab: the restaurant's vacancies, filtered on the server, kept fresh (live events,
 * 15 s polling while the stream is down), with each vacancy's actions: its applications, check-in
 * and check-out approvals, and deletion.
 */
export function AgendaScreen({ fetchImpl, now, onCompleted, onRepeat }: AgendaScreenProps) {
  const [filters, setFilters] = useState(AGENDA_DEFAULT_FILTERS);
  // A chain's store selector (issue 28), over the stores the panel read (none when rendered alone).
  const storeFilter = useStoreFilter(useContext(StoresContext)?.data);
  const query = { ...agendaQuery(filters), storeId: storeFilter.storeId };
  const list = usePagedList(JOBS_URL, query, RestaurantAgendaPageSchema, {
    defaults: AGENDA_QUERY_DEFAULTS,
    fetchImpl,
  });
  useLiveRefresh('restaurant', list.refresh, { pollIntervalMs: POLL_INTERVAL_MS.restaurantJobs });
  const counts = useLiveResource(APPLICATIONS_COUNT_URL, ApplicationCountListSchema, {
    types: ['job_application', 'job_assignment', 'job_deleted', 'job_updated'],
    fetchImpl,
  });
  const applicationCounts = useMemo(
    () => new Map((counts.data ?? []).map((row) => [row.job_id, row.application_count])),
    [counts.data],
  );
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [busyJobId, setBusyJobId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState(false);
  const inFlight = useRef(false);
  const flash = useTimedMessage();
  const ratingPrompt = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(ratingPrompt.current), []);
  const ratable = useMemo(
    () => new Set((list.data?.items ?? []).filter((job) => job.can_rate).map((job) => job.id)),
    [list.data],
  );

  const refreshAll = () => {
    list.refresh();
    counts.refresh();
  };

  /** One change at a time: a second click while one runs does nothing. */
  async function run(job: Job, change: () => Promise<void>) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusyJobId(job.id);
    try {
      await change();
    } finally {
      inFlight.current = false;
      setBusyJobId(null);
    }
  }

  const approveCheckIn = (job: Job) =>
    run(job, async () => {
      try {
        await sendBff(`${BFF}/restaurant/assignments/${job.assignment_id}/approve-checkin`, {
          method: 'POST',
          schema: ShiftStateSchema,
          fetchImpl,
        });
        flash.show({ tone: 'success', text: MESSAGES.shifts.checkInApproved }, SUCCESS_MESSAGE_MS);
        refreshAll();
        setDialog(null);
      } catch (error) {
        setDialog(null);
        const text = bffErrorMessage(
          error,
          MESSAGES.shifts.approveCheckInFailed,
          MESSAGES.shifts.approveCheckInConnection,
        );
        flash.show({ tone: 'danger', text }, SUCCESS_MESSAGE_MS);
      }
    });

  const approveCheckOut = (job: Job, pay: PayBasis) =>
    run(job, async () => {
      try {
        const done = await sendBff(`${BFF}/restaurant/assignments/${job.assignment_id}/approve-checkout`, {
          method: 'POST',
          body: { pay },
          schema: CheckOutCompletionSchema,
          fetchImpl,
        });
        setDialog(null);
        flash.show(
          { tone: 'success', text: MESSAGES.shifts.completedForRestaurant(done.freelancerName) },
          COMPLETION_MESSAGE_MS,
        );
        refreshAll();
        onCompleted?.(done);
        const target = {
          assignmentId: done.assignmentId,
          freelancerName: done.freelancerName,
          jobTitle: done.jobTitle,
        };
        clearTimeout(ratingPrompt.current);
        ratingPrompt.current = setTimeout(() => {
          setDialog((open) => open ?? { kind: 'rate', target });
        }, RATING_PROMPT_DELAY_MS);
      } catch (error) {
        setDialog(null);
        const text = bffErrorMessage(
          error,
          MESSAGES.shifts.approveCheckOutFailed,
          MESSAGES.shifts.approveCheckOutConnection,
        );
        flash.show({ tone: 'danger', text }, SUCCESS_MESSAGE_MS);
      }
    });

  async function deleteJob(job: Job) {
    if (inFlight.current) return;
    inFlight.current = true;
    setDeleting(true);
    try {
      await sendBff(`${BFF}/jobs/${job.id}`, {
        method: 'DELETE',
        schema: DeleteJobResponseSchema,
        fetchImpl,
      });
      flash.show({ tone: 'success', text: MESSAGES.jobs.deleted }, SUCCESS_MESSAGE_MS);
      refreshAll();
    } catch (error) {
      const text = bffErrorMessage(error, MESSAGES.jobs.deleteFailed, MESSAGES.common.connection);
      flash.show({ tone: 'danger', text }, SUCCESS_MESSAGE_MS);
    } finally {
      inFlight.current = false;
      setDeleting(false);
      setDialog(null);
    }
  }

  const actions: AgendaActions = {
    applicationCounts,
    busyJobId,
    onViewApplications: (job) => setDialog({ kind: 'applications', job }),
    onApproveCheckIn: (job) => setDialog({ kind: 'checkIn', job }),
    onApproveCheckOut: (job) => setDialog({ kind: 'checkOut', job }),
    onDelete: (job) => setDialog({ kind: 'delete', job }),
    onShiftReleased: (text) => {
      flash.show({ tone: 'success', text }, SUCCESS_MESSAGE_MS);
      refreshAll();
    },
    onRepeat,
    canRate: (job) => ratable.has(job.id),
    onRate: (job) =>
      job.assignment_id !== null &&
      setDialog({
        kind: 'rate',
        target: {
          assignmentId: job.assignment_id,
          freelancerName: job.freelancer_name ?? 'freelancer',
          jobTitle: job.title,
        },
      }),
  };

  return (
    <div className="t-stack">
      {flash.message && (
        <Alert tone={flash.message.tone} data-testid="agenda-message">
          {flash.message.text}
        </Alert>
      )}
      <div className="t-row">
        <AlertsToggle />
      </div>
      <AgendaView
        list={list}
        filters={filters}
        onFiltersChange={setFilters}
        now={now}
        actions={actions}
        extraFilters={<StoreFilterField filter={storeFilter} />}
      />
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Excluir vaga"
          message={MESSAGES.confirmations.deleteJob}
          confirmLabel="Excluir"
          tone="danger"
          busy={deleting}
          onCancel={() => setDialog(null)}
          onConfirm={() => void deleteJob(dialog.job)}
        />
      )}
      {(dialog?.kind === 'checkIn' || dialog?.kind === 'checkOut') && (
        <Suspense fallback={<Loading />}>
          {dialog.kind === 'checkIn' ? (
            <CheckInDialog
              job={dialog.job}
              now={now}
              busy={busyJobId === dialog.job.id}
              onCancel={() => setDialog(null)}
              onApprove={() => void approveCheckIn(dialog.job)}
            />
          ) : (
            <CheckOutDialog
              job={dialog.job}
              busy={busyJobId === dialog.job.id}
              onCancel={() => setDialog(null)}
              onApprove={(pay) => void approveCheckOut(dialog.job, pay)}
            />
          )}
        </Suspense>
      )}
      {dialog?.kind === 'rate' && (
        <RatingDialog
          target={dialog.target}
          fetchImpl={fetchImpl}
          onClose={() => setDialog(null)}
          onRated={(message) => {
            setDialog(null);
            flash.show({ tone: 'success', text: message }, SUCCESS_MESSAGE_MS);
            list.refresh();
          }}
        />
      )}
      {dialog?.kind === 'applications' && (
        <ApplicationsDialog
          job={dialog.job}
          fetchImpl={fetchImpl}
          onClose={() => setDialog(null)}
          onAccepted={(name) => {
            setDialog(null);
            flash.show(
              { tone: 'success', text: `${MESSAGES.applications.accepted} Vaga alocada para ${name}.` },
              SUCCESS_MESSAGE_MS,
            );
            refreshAll();
          }}
        />
      )}
    </div>
  );
}
