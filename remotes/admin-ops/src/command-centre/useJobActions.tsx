import {
  type AdminJobApplication,
  type AdminJobUpdateRequest,
  type ApproveCheckoutResponse,
  type Job,
  type PendingAction,
} from '@turno/contracts';
import { MESSAGES, manualCheckInOutsideWindow, manualCheckOutTiming, parseInstant } from '@turno/domain';
import { bffErrorMessage, ConfirmDialog, fetchBff } from '@turno/ui';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { FeedbackAlert } from '../shared/FeedbackAlert';
import { useAction } from '../shared/useAction';
import { APPLICATION_COUNTS_URL } from './admin-jobs';
import { APPLICATION_COUNTS } from './answers';
import { type JobRowActions } from './JobActions';
import { ReasonDialog } from './ReasonDialog';

// The writes check their answers with zod (libs/contracts): a chunk of their own, loaded on the
// first action, so that the command centre's first paint carries no zod (see answers.ts).
const loadWrites = () => import(/* webpackChunkName: "job-writes" */ './job-actions');
type Writes = Awaited<ReturnType<typeof loadWrites>>;
/** A write of job-actions.ts, called once its chunk has loaded. */
const lazyWrite =
  <A extends unknown[], R>(pick: (m: Writes) => (...args: A) => Promise<R>) =>
  (...args: A) =>
    loadWrites().then((m) => pick(m)(...args));
const writes = {
  acceptApplication: lazyWrite((m) => m.acceptApplication),
  rejectApplication: lazyWrite((m) => m.rejectApplication),
  approveCheckIn: lazyWrite((m) => m.approveCheckIn),
  approveCheckOut: lazyWrite((m) => m.approveCheckOut),
  assignFreelancer: lazyWrite((m) => m.assignFreelancer),
  deleteJob: lazyWrite((m) => m.deleteJob),
  manualCheckIn: lazyWrite((m) => m.manualCheckIn),
  manualCheckOut: lazyWrite((m) => m.manualCheckOut),
  unassignFreelancer: lazyWrite((m) => m.unassignFreelancer),
  updateJob: lazyWrite((m) => m.updateJob),
};

// The dialogs open on a click: chunks of their own, so a job list's first paint is lighter.
const ApplicationsDialog = lazy(() =>
  import('./ApplicationsDialog').then((m) => ({ default: m.ApplicationsDialog })),
);
const AssignDialog = lazy(() => import('./AssignDialog').then((m) => ({ default: m.AssignDialog })));
const JobEditDialog = lazy(() => import('./JobEditDialog').then((m) => ({ default: m.JobEditDialog })));

/** A confirmation before an action (spec 02 §5 "Confirmations"). */
interface Confirmation {
  title: string;
  message: string;
  confirmLabel: string;
  tone: 'primary' | 'danger';
  key: string;
  run: () => Promise<unknown>;
}

/** A manual check-in/out outside the shift's window: done only with a reason (issue 22). */
interface Correction {
  title: string;
  message: string;
  confirmLabel: string;
  key: string;
  run: (reason: string) => Promise<unknown>;
}

type OpenDialog =
  | { kind: 'confirm'; confirmation: Confirmation; resolve?: () => void }
  | { kind: 'reason'; correction: Correction }
  | { kind: 'assign'; job: Job | null }
  | { kind: 'applications'; job: Job }
  | { kind: 'edit'; job: Job }
  | null;

/** "Check-out aprovado! Freelancer receberá R$ X, mercado pagará R$ Y" (spec 02 §8). */
const checkoutText = (answer: ApproveCheckoutResponse) =>
  MESSAGES.shifts.checkOutApprovedWithAmounts(answer.freelancerPaymentAmount, answer.restaurantPaymentAmount);

export interface JobActionsOptions {
  /** The jobs shown: their pending-application badges, and the open ones the assign modal offers. */
  jobs: readonly Job[] | undefined;
  /** After a change succeeded: re-read what the screen shows (the badges are re-read here). */
  onChanged: () => void;
  fetchImpl?: typeof fetch;
}

export interface JobActionsController {
  /** The row (or card) actions of each job. */
  actions: JobRowActions;
  /** Pending applications per job id (the badges), once read. */
  applicationCounts: Readonly<Record<string, number>> | undefined;
  /** The result of the last action, to show above the list. */
  feedback: ReactNode;
  /** The confirmation and the modals, to render once beside the list. */
  dialogs: ReactNode;
  /** The action running (`checkin-12`…), or null. */
  running: string | null;
  /** "Alocar Freelancer" without a job chosen. */
  openAssign: () => void;
  /** The approve button of a pending check-in or check-out. */
  approvePending: (pending: PendingAction) => void;
  /** Re-reads the badges. */
  reloadCounts: () => void;
}

/**
 * Every action on a job, its applications and its shift, as the command centre offers them (spec 02
 * §4, §5, §8): one at a time, confirmed where the spec says so, with their pt-BR feedback, the
 * applications / assign / edit modals and the pending-application badges. The command centre and
 * Controle Mercado's agenda use it over their own lists.
 */
export function useJobActions({ jobs, onChanged, fetchImpl }: JobActionsOptions): JobActionsController {
  const counts = useApplicationCounts(jobs, fetchImpl);
  const action = useAction();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [editError, setEditError] = useState<string | null>(null);

  const refreshAll = () => {
    onChanged();
    counts.reload();
  };
  const perform = async <T,>(
    key: string,
    work: () => Promise<T>,
    success: (result: T) => string,
    failure: string,
  ) => {
    const done = await action.run(key, work, { success, failure });
    if (done) refreshAll();
    return done;
  };
  const confirm = (confirmation: Confirmation) => setDialog({ kind: 'confirm', confirmation });
  const assignmentOf = (job: Job) => job.assignment_id as number;

  const approveIn = (job: { id: number; assignmentId: number }) =>
    perform(
      `checkin-${job.id}`,
      () => writes.approveCheckIn(job.assignmentId, fetchImpl),
      () => MESSAGES.shifts.checkInApproved,
      MESSAGES.shifts.approveCheckInFailed,
    );
  const approveOut = (job: { id: number; assignmentId: number }) =>
    perform(
      `checkout-${job.id}`,
      () => writes.approveCheckOut(job.assignmentId, fetchImpl),
      checkoutText,
      MESSAGES.shifts.approveCheckOutFailed,
    );
  const approvePending = (p: PendingAction) =>
    void (p.action === 'check_in' ? approveIn : approveOut)({ id: p.job_id, assignmentId: p.assignment_id });

  const decide = (application: AdminJobApplication, accept: boolean) =>
    new Promise<void>((resolve) => {
      setDialog((current) => ({
        kind: 'confirm',
        resolve: () => {
          resolve();
          setDialog(current);
        },
        confirmation: {
          title: accept ? 'Aceitar candidatura' : 'Rejeitar candidatura',
          message: accept
            ? MESSAGES.confirmations.acceptApplicationRejectsOthers
            : MESSAGES.confirmations.rejectApplication,
          confirmLabel: accept ? 'Aceitar' : 'Rejeitar',
          tone: accept ? 'primary' : 'danger',
          key: `${accept ? 'accept' : 'reject'}-${application.id}`,
          run: () =>
            perform(
              `${accept ? 'accept' : 'reject'}-${application.id}`,
              (): Promise<unknown> =>
                accept
                  ? writes.acceptApplication(application.id, fetchImpl)
                  : writes.rejectApplication(application.id, fetchImpl),
              () => (accept ? MESSAGES.applications.accepted : MESSAGES.applications.rejected),
              accept ? MESSAGES.applications.acceptFailed : MESSAGES.applications.rejectFailed,
            ),
        },
      }));
    });

  const saveEdit = async (job: Job, body: AdminJobUpdateRequest) => {
    setEditError(null);
    let refusal: string = MESSAGES.jobs.updateFailed;
    const done = await perform(
      `edit-${job.id}`,
      () =>
        writes.updateJob(job.id, body, fetchImpl).catch((error: unknown) => {
          refusal = bffErrorMessage(error, MESSAGES.jobs.updateFailed);
          throw error;
        }),
      () => MESSAGES.jobs.updated,
      MESSAGES.jobs.updateFailed,
    );
    if (done) setDialog(null);
    else {
      action.setFeedback(null);
      setEditError(refusal);
    }
  };

  const actions: JobRowActions = {
    running: action.running,
    onApplications: (job) => setDialog({ kind: 'applications', job }),
    onAssign: (job) => setDialog({ kind: 'assign', job }),
    onApproveCheckIn: (job) => void approveIn({ id: job.id, assignmentId: assignmentOf(job) }),
    onApproveCheckOut: (job) => void approveOut({ id: job.id, assignmentId: assignmentOf(job) }),
    onManualCheckIn: (job) =>
      manualCheckInOutsideWindow({ date: job.date_needed, start: job.start_time }, new Date())
        ? setDialog({
            kind: 'reason',
            correction: {
              title: 'Check-in manual fora do horário',
              message: MESSAGES.shifts.manualCheckInOutsideWindow,
              confirmLabel: 'Fazer check-in',
              key: `manual-checkin-${job.id}`,
              run: (reason) =>
                perform(
                  `manual-checkin-${job.id}`,
                  () => writes.manualCheckIn(assignmentOf(job), fetchImpl, reason),
                  () => MESSAGES.shifts.manualCheckInDone,
                  MESSAGES.shifts.manualCheckInFailed,
                ),
            },
          })
        : confirm({
            title: 'Check-in manual',
            message: MESSAGES.confirmations.manualCheckIn,
            confirmLabel: 'Fazer check-in',
            tone: 'primary',
            key: `manual-checkin-${job.id}`,
            run: () =>
              perform(
                `manual-checkin-${job.id}`,
                () => writes.manualCheckIn(assignmentOf(job), fetchImpl),
                () => MESSAGES.shifts.manualCheckInDone,
                MESSAGES.shifts.manualCheckInFailed,
              ),
          }),
    onManualCheckOut: (job) =>
      manualCheckOutTiming(
        { date: job.date_needed, start: job.start_time },
        parseInstant(job.check_in_time),
        new Date(),
      ) === 'outside_window'
        ? setDialog({
            kind: 'reason',
            correction: {
              title: 'Check-out manual antes do início',
              message: MESSAGES.shifts.manualCheckOutOutsideWindow,
              confirmLabel: 'Fazer check-out',
              key: `manual-checkout-${job.id}`,
              run: (reason) =>
                perform(
                  `manual-checkout-${job.id}`,
                  () => writes.manualCheckOut(assignmentOf(job), fetchImpl, reason),
                  checkoutText,
                  MESSAGES.shifts.manualCheckOutFailed,
                ),
            },
          })
        : confirm({
            title: 'Check-out manual',
            message: MESSAGES.confirmations.manualCheckOut,
            confirmLabel: 'Fazer check-out',
            tone: 'primary',
            key: `manual-checkout-${job.id}`,
            run: () =>
              perform(
                `manual-checkout-${job.id}`,
                () => writes.manualCheckOut(assignmentOf(job), fetchImpl),
                checkoutText,
                MESSAGES.shifts.manualCheckOutFailed,
              ),
          }),
    onUnassign: (job) =>
      confirm({
        title: 'Desalocar freelancer',
        message: MESSAGES.confirmations.unassign,
        confirmLabel: 'Desalocar',
        tone: 'danger',
        key: `unassign-${job.id}`,
        run: () =>
          perform(
            `unassign-${job.id}`,
            () => writes.unassignFreelancer(assignmentOf(job), fetchImpl),
            () => MESSAGES.assignments.unassigned,
            MESSAGES.assignments.unassignFailed,
          ),
      }),
    onEdit: (job) => {
      setEditError(null);
      setDialog({ kind: 'edit', job });
    },
    onDelete: (job) =>
      confirm({
        title: `Excluir vaga #${job.id}`,
        message: MESSAGES.confirmations.deleteJob,
        confirmLabel: 'Excluir',
        tone: 'danger',
        key: `delete-${job.id}`,
        run: () =>
          perform(
            `delete-${job.id}`,
            () => writes.deleteJob(job.id, fetchImpl),
            () => MESSAGES.jobs.deleted,
            MESSAGES.jobs.deleteFailed,
          ),
      }),
  };

  const dialogs = (
    <>
      {dialog?.kind === 'confirm' && (
        <ConfirmDialog
          title={dialog.confirmation.title}
          message={dialog.confirmation.message}
          confirmLabel={dialog.confirmation.confirmLabel}
          tone={dialog.confirmation.tone}
          busy={action.running === dialog.confirmation.key}
          onConfirm={() =>
            void dialog.confirmation.run().then(() => (dialog.resolve ? dialog.resolve() : setDialog(null)))
          }
          onCancel={() => (dialog.resolve ? dialog.resolve() : setDialog(null))}
        />
      )}
      {dialog?.kind === 'reason' && (
        <ReasonDialog
          title={dialog.correction.title}
          message={dialog.correction.message}
          confirmLabel={dialog.correction.confirmLabel}
          busy={action.running === dialog.correction.key}
          onConfirm={(reason) => void dialog.correction.run(reason).then(() => setDialog(null))}
          onCancel={() => setDialog(null)}
        />
      )}
      <Suspense fallback={null}>
        {dialog?.kind === 'assign' && (
          <AssignDialog
            jobs={(jobs ?? []).filter((job) => job.status === 'open')}
            initialJobId={dialog.job?.id ?? null}
            busy={action.running === 'assign'}
            fetchImpl={fetchImpl}
            onCancel={() => setDialog(null)}
            onAssign={(jobId, freelancerId) =>
              void perform(
                'assign',
                () => writes.assignFreelancer(jobId, freelancerId, fetchImpl),
                () => MESSAGES.assignments.assigned,
                MESSAGES.assignments.assignFailed,
              ).then(() => setDialog(null))
            }
          />
        )}
        {dialog?.kind === 'applications' && (
          <ApplicationsDialog
            job={dialog.job}
            running={action.running}
            fetchImpl={fetchImpl}
            onAccept={(application) => decide(application, true)}
            onReject={(application) => decide(application, false)}
            onClose={() => setDialog(null)}
          />
        )}
        {dialog?.kind === 'edit' && (
          <JobEditDialog
            job={dialog.job}
            busy={action.running === `edit-${dialog.job.id}`}
            error={editError}
            onSave={(body) => void saveEdit(dialog.job, body)}
            onCancel={() => setDialog(null)}
          />
        )}
      </Suspense>
    </>
  );

  return {
    actions,
    applicationCounts: counts.data,
    feedback: <FeedbackAlert feedback={action.feedback} onDismiss={() => action.setFeedback(null)} />,
    dialogs,
    running: action.running,
    openAssign: () => setDialog({ kind: 'assign', job: null }),
    approvePending,
    reloadCounts: counts.reload,
  };
}

/** The pending-application badges of the jobs shown, read again when the list or a decision changes. */
function useApplicationCounts(jobs: readonly Job[] | undefined, fetchImpl?: typeof fetch) {
  const ids = (jobs ?? [])
    .filter((job) => job.status === 'open')
    .map((job) => job.id)
    .slice(0, 200)
    .join(',');
  const [data, setData] = useState<Record<string, number> | undefined>(undefined);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!ids) {
      setData(undefined);
      return;
    }
    const controller = new AbortController();
    fetchBff(`${APPLICATION_COUNTS_URL}?ids=${ids}`, APPLICATION_COUNTS, {
      signal: controller.signal,
      fetchImpl,
    }).then(
      (answer) => setData(answer.counts),
      () => undefined, // the badges are a hint: the list works without them
    );
    return () => controller.abort();
  }, [ids, version, fetchImpl]);
  return { data, reload: () => setVersion((n) => n + 1) };
}
