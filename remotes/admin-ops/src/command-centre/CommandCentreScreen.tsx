import {
  AdminJobsPageSchema,
  ApplicationCountsSchema,
  PendingActionsPageSchema,
  type AdminJobApplication,
  type AdminJobUpdateRequest,
  type ApproveCheckoutResponse,
  type Job,
  type PendingAction,
} from '@turno/contracts';
import { MESSAGES, POLL_INTERVAL_MS } from '@turno/domain';
import { fetchBff, useLiveRefresh, usePagedList } from '@turno/ui';
import { Suspense, lazy, useEffect, useState } from 'react';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { FeedbackAlert } from '../shared/FeedbackAlert';
import { failureText } from '../shared/bff-write';
import { useAction } from '../shared/useAction';
import {
  ADMIN_JOBS_QUERY_DEFAULTS,
  ADMIN_JOBS_URL,
  adminJobsQuery,
  COMMAND_CENTRE_DEFAULT_FILTERS,
} from './admin-jobs';
import { CommandCentreView } from './CommandCentreView';
import {
  APPLICATION_COUNTS_URL,
  PENDING_ACTIONS_URL,
  acceptApplication,
  approveCheckIn,
  approveCheckOut,
  assignFreelancer,
  deleteJob,
  manualCheckIn,
  manualCheckOut,
  rejectApplication,
  unassignFreelancer,
  updateJob,
} from './job-actions';
import { PendingActionsArea } from './PendingActionsArea';

// The dialogs open on a click: chunks of their own, so the command centre's first paint is lighter.
const ApplicationsDialog = lazy(() =>
  import('./ApplicationsDialog').then((m) => ({ default: m.ApplicationsDialog })),
);
const AssignDialog = lazy(() => import('./AssignDialog').then((m) => ({ default: m.AssignDialog })));
const JobEditDialog = lazy(() => import('./JobEditDialog').then((m) => ({ default: m.JobEditDialog })));

export interface CommandCentreScreenProps {
  /** For tests: the fetch the lists and the actions use (the browser's by default). */
  fetchImpl?: typeof fetch;
  now?: Date;
  /** Controle Mercado's agenda: only this business's jobs. */
  restaurantId?: number;
}

/** A confirmation before an action (spec 02 §5 "Confirmations"). */
interface Confirmation {
  title: string;
  message: string;
  confirmLabel: string;
  tone: 'primary' | 'danger';
  key: string;
  run: () => Promise<unknown>;
}

type OpenDialog =
  | { kind: 'confirm'; confirmation: Confirmation; resolve?: () => void }
  | { kind: 'assign'; job: Job | null }
  | { kind: 'applications'; job: Job }
  | { kind: 'edit'; job: Job }
  | null;

/** "Check-out aprovado! Freelancer receberá R$ X, restaurante pagará R$ Y" (spec 02 §8). */
const checkoutText = (answer: ApproveCheckoutResponse) =>
  MESSAGES.shifts.checkOutApprovedWithAmounts(answer.freelancerPaymentAmount, answer.restaurantPaymentAmount);

/**
 * The "Centro de Comando" of the admin dashboard: every job filtered on the server, kept fresh
 * (live updates, 30 s polling as fallback), the urgent pending-actions area, application-count
 * badges and every action on a job, its applications and its shift.
 */
export function CommandCentreScreen({ fetchImpl, now, restaurantId }: CommandCentreScreenProps) {
  const [filters, setFilters] = useState(COMMAND_CENTRE_DEFAULT_FILTERS);
  const list = usePagedList(
    ADMIN_JOBS_URL,
    { ...adminJobsQuery(filters), restaurantId },
    AdminJobsPageSchema,
    {
      defaults: ADMIN_JOBS_QUERY_DEFAULTS,
      fetchImpl,
    },
  );
  const pending = usePagedList(PENDING_ACTIONS_URL, {}, PendingActionsPageSchema, {
    pageSize: 20,
    fetchImpl,
  });
  useLiveRefresh(
    'admin-ops',
    () => {
      list.refresh();
      pending.refresh();
    },
    { pollIntervalMs: POLL_INTERVAL_MS.adminJobs },
  );
  const counts = useApplicationCounts(list.data?.items, fetchImpl);
  const action = useAction();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [editError, setEditError] = useState<string | null>(null);

  const refreshAll = () => {
    list.refresh();
    pending.refresh();
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
      () => approveCheckIn(job.assignmentId, fetchImpl),
      () => MESSAGES.shifts.checkInApproved,
      MESSAGES.shifts.approveCheckInFailed,
    );
  const approveOut = (job: { id: number; assignmentId: number }) =>
    perform(
      `checkout-${job.id}`,
      () => approveCheckOut(job.assignmentId, fetchImpl),
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
                  ? acceptApplication(application.id, fetchImpl)
                  : rejectApplication(application.id, fetchImpl),
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
        updateJob(job.id, body, fetchImpl).catch((error: unknown) => {
          refusal = failureText(error, MESSAGES.jobs.updateFailed);
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

  return (
    <>
      <CommandCentreView
        list={list}
        filters={filters}
        onFiltersChange={setFilters}
        now={now}
        applicationCounts={counts.data}
        feedback={<FeedbackAlert feedback={action.feedback} onDismiss={() => action.setFeedback(null)} />}
        pendingArea={
          <PendingActionsArea list={pending} running={action.running} onApprove={approvePending} now={now} />
        }
        onAssign={() => setDialog({ kind: 'assign', job: null })}
        actions={{
          running: action.running,
          onApplications: (job) => setDialog({ kind: 'applications', job }),
          onAssign: (job) => setDialog({ kind: 'assign', job }),
          onApproveCheckIn: (job) => void approveIn({ id: job.id, assignmentId: assignmentOf(job) }),
          onApproveCheckOut: (job) => void approveOut({ id: job.id, assignmentId: assignmentOf(job) }),
          onManualCheckIn: (job) =>
            confirm({
              title: 'Check-in manual',
              message: MESSAGES.confirmations.manualCheckIn,
              confirmLabel: 'Fazer check-in',
              tone: 'primary',
              key: `manual-checkin-${job.id}`,
              run: () =>
                perform(
                  `manual-checkin-${job.id}`,
                  () => manualCheckIn(assignmentOf(job), fetchImpl),
                  () => MESSAGES.shifts.manualCheckInDone,
                  MESSAGES.shifts.manualCheckInFailed,
                ),
            }),
          onManualCheckOut: (job) =>
            confirm({
              title: 'Check-out manual',
              message: MESSAGES.confirmations.manualCheckOut,
              confirmLabel: 'Fazer check-out',
              tone: 'primary',
              key: `manual-checkout-${job.id}`,
              run: () =>
                perform(
                  `manual-checkout-${job.id}`,
                  () => manualCheckOut(assignmentOf(job), fetchImpl),
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
                  () => unassignFreelancer(assignmentOf(job), fetchImpl),
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
                  () => deleteJob(job.id, fetchImpl),
                  () => MESSAGES.jobs.deleted,
                  MESSAGES.jobs.deleteFailed,
                ),
            }),
        }}
      />
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
      <Suspense fallback={null}>
        {dialog?.kind === 'assign' && (
          <AssignDialog
            jobs={(list.data?.items ?? []).filter((job) => job.status === 'open')}
            initialJobId={dialog.job?.id ?? null}
            busy={action.running === 'assign'}
            fetchImpl={fetchImpl}
            onCancel={() => setDialog(null)}
            onAssign={(jobId, freelancerId) =>
              void perform(
                'assign',
                () => assignFreelancer(jobId, freelancerId, fetchImpl),
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
    fetchBff(`${APPLICATION_COUNTS_URL}?ids=${ids}`, ApplicationCountsSchema, {
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
