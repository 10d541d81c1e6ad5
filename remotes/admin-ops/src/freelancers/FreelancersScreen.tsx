import { AdminFreelancersPageSchema, type AdminFreelancer } from '@turno/contracts';
import { MESSAGES, POLL_INTERVAL_MS } from '@turno/domain';
import { bffErrorMessage, ConfirmDialog, useLiveRefresh, usePagedList } from '@turno/ui';
import { useState } from 'react';
import { DeleteAccountDialog } from '../shared/DeleteAccountDialog';
import { FeedbackAlert } from '../shared/FeedbackAlert';
import { useAction } from '../shared/useAction';
import { FreelancerFormDialog } from './FreelancerFormDialog';
import {
  FREELANCERS_DEFAULT_FILTERS,
  FREELANCERS_QUERY_DEFAULTS,
  FREELANCERS_URL,
  approveFreelancer,
  deleteFreelancer,
  freelancerRequestBody,
  freelancersQuery,
  rejectFreelancer,
  saveFreelancer,
  type FreelancerForm,
} from './freelancers';
import { FreelancersView } from './FreelancersView';

export interface FreelancersScreenProps {
  /** For tests: the fetch the list and the actions use (the browser's by default). */
  fetchImpl?: typeof fetch;
}

type OpenDialog =
  | { kind: 'reject' | 'delete'; freelancer: AdminFreelancer }
  | { kind: 'form'; freelancer: AdminFreelancer | null }
  | null;

/** The admin's "Freelancers" tab: the list filtered on the server, kept fresh, and its actions. */
export function FreelancersScreen({ fetchImpl }: FreelancersScreenProps) {
  const [filters, setFilters] = useState(FREELANCERS_DEFAULT_FILTERS);
  const list = usePagedList(FREELANCERS_URL, freelancersQuery(filters), AdminFreelancersPageSchema, {
    defaults: FREELANCERS_QUERY_DEFAULTS,
    fetchImpl,
  });
  useLiveRefresh('admin-ops', list.refresh, { pollIntervalMs: POLL_INTERVAL_MS.adminJobs });
  const action = useAction();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const afterward = (done: boolean) => {
    setDialog(null);
    if (done) void list.refresh();
  };
  const approve = async (f: AdminFreelancer) =>
    afterward(
      await action.run(`approve-${f.id}`, () => approveFreelancer(f.id, fetchImpl), {
        success: () => MESSAGES.freelancers.approved,
        failure: MESSAGES.freelancers.approveFailed,
      }),
    );
  const reject = async (f: AdminFreelancer) =>
    afterward(
      await action.run(`reject-${f.id}`, () => rejectFreelancer(f.id, fetchImpl), {
        success: () => MESSAGES.freelancers.rejected,
        failure: MESSAGES.freelancers.rejectFailed,
      }),
    );
  const remove = async (f: AdminFreelancer) =>
    afterward(
      await action.run(`delete-${f.id}`, () => deleteFreelancer(f.id, fetchImpl), {
        success: (answer) => answer.message,
        failure: MESSAGES.freelancers.deleteFailed,
      }),
    );
  const save = async (f: AdminFreelancer | null, form: FreelancerForm) => {
    setFormError(null);
    const failure = f ? MESSAGES.freelancers.updateFailed : MESSAGES.freelancers.createFailed;
    let refusal: string = failure;
    const done = await action.run(
      'save',
      () =>
        saveFreelancer(f?.id ?? null, freelancerRequestBody(form), fetchImpl).catch((error: unknown) => {
          refusal = bffErrorMessage(error, failure);
          throw error;
        }),
      { success: () => (f ? MESSAGES.freelancers.updated : MESSAGES.freelancers.created), failure },
    );
    if (done) afterward(true);
    else {
      action.setFeedback(null);
      setFormError(refusal);
    }
  };

  return (
    <>
      <FreelancersView
        list={list}
        filters={filters}
        onFiltersChange={setFilters}
        feedback={<FeedbackAlert feedback={action.feedback} onDismiss={() => action.setFeedback(null)} />}
        onCreate={() => {
          setFormError(null);
          setDialog({ kind: 'form', freelancer: null });
        }}
        actions={{
          running: action.running,
          onApprove: (f) => void approve(f),
          onReject: (f) => setDialog({ kind: 'reject', freelancer: f }),
          onEdit: (f) => {
            setFormError(null);
            setDialog({ kind: 'form', freelancer: f });
          },
          onDelete: (f) => setDialog({ kind: 'delete', freelancer: f }),
        }}
      />
      {dialog?.kind === 'reject' && (
        <ConfirmDialog
          title={`Rejeitar ${dialog.freelancer.name}`}
          message={MESSAGES.confirmations.rejectFreelancer}
          confirmLabel="Rejeitar"
          tone="danger"
          busy={action.running === `reject-${dialog.freelancer.id}`}
          onConfirm={() => void reject(dialog.freelancer)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'form' && (
        <FreelancerFormDialog
          freelancer={dialog.freelancer}
          busy={action.running === 'save'}
          error={formError}
          onSave={(form) => void save(dialog.freelancer, form)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteAccountDialog
          title={`Excluir ${dialog.freelancer.name}`}
          message={MESSAGES.confirmations.deleteFreelancer}
          busy={action.running === `delete-${dialog.freelancer.id}`}
          onConfirm={() => void remove(dialog.freelancer)}
          onWrongWord={() => {
            setDialog(null);
            action.setFeedback({ tone: 'danger', text: MESSAGES.deletion.cancelled });
          }}
          onCancel={() => setDialog(null)}
        />
      )}
    </>
  );
}
