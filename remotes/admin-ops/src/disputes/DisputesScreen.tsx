import {
  AdminDisputesPageSchema,
  AdminDisputesQuerySchema,
  DISPUTE_STATUS_FILTERS,
  type AdminDispute,
  type AppealDecision,
  type DisputeStatusFilter,
} from '@turno/contracts';
import { MESSAGES, POLL_INTERVAL_MS } from '@turno/domain';
import {
  Alert,
  Badge,
  bffErrorMessage,
  Button,
  ListFilters,
  ListScreen,
  SelectField,
  useLiveRefresh,
  usePagedList,
} from '@turno/ui';
import { Suspense, lazy, useState } from 'react';
import { useAction } from '../shared/useAction';
import { DisputeSummary } from './DisputeSummary';
import { TimesheetDisputes } from './TimesheetDisputes';
import { DISPUTES_URL, decideAppeal } from './disputes';

const DecisionDialog = lazy(() => import('./DecisionDialog').then((m) => ({ default: m.DecisionDialog })));

const DEFAULTS = AdminDisputesQuerySchema.parse({});
const STATUS_OPTIONS = DISPUTE_STATUS_FILTERS.map((value) => ({
  value,
  label: MESSAGES.reliability.statusLabels[value] ?? value,
}));

/**
 * "Disputas" (issue 23): the appeals waiting for a decision, the longest waiting first (or the
 * decided ones), filtered and paged on the server, kept fresh by live events; "Decidir" opens the
 * decision ("Manter" / "Remover ocorrência", with a note). Each row names its kind, so timesheet
 * disputes can join the queue.
 */
export function DisputesScreen({ fetchImpl }: { fetchImpl?: typeof fetch }) {
  const t = MESSAGES.reliability;
  const [status, setStatus] = useState<DisputeStatusFilter>('pending');
  const list = usePagedList(DISPUTES_URL, { status }, AdminDisputesPageSchema, {
    defaults: DEFAULTS,
    fetchImpl,
  });
  useLiveRefresh('admin-ops', list.refresh, {
    pollIntervalMs: POLL_INTERVAL_MS.adminJobs,
    types: ['freelancer_updated'],
  });
  const action = useAction();
  const [deciding, setDeciding] = useState<AdminDispute | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const decide = async (dispute: AdminDispute, decision: AppealDecision, note: string) => {
    setRefusal(null);
    let failure: string = t.noPendingAppeal;
    const done = await action.run(
      `decide-${dispute.id}`,
      () =>
        decideAppeal(dispute.id, { decision, note }, fetchImpl).catch((error: unknown) => {
          failure = bffErrorMessage(error, t.noPendingAppeal);
          throw error;
        }),
      { success: (answer) => answer.message, failure: t.noPendingAppeal },
    );
    if (done) {
      setDeciding(null);
      void list.refresh();
    } else {
      action.setFeedback(null);
      setRefusal(failure);
    }
  };

  return (
    <ListScreen
      title={t.disputesTitle}
      subtitle={t.disputesSubtitle}
      before={
        action.feedback && (
          <Alert tone={action.feedback.tone} data-testid="action-feedback">
            {action.feedback.text}
          </Alert>
        )
      }
      filters={
        <ListFilters label="Filtros das disputas">
          <SelectField
            label={t.statusFilterLabel}
            value={status}
            onChange={(event) => setStatus(event.target.value as DisputeStatusFilter)}
            options={STATUS_OPTIONS}
          />
        </ListFilters>
      }
      listTitle={
        <>
          {t.statusLabels[status]} ({list.data?.total ?? 0})
        </>
      }
      list={list}
      label="Disputas encontradas"
      errorTitle={t.disputesLoadFailed}
      empty={t.disputesEmpty}
      after={
        <>
          {deciding && (
            <Suspense fallback={null}>
              <DecisionDialog
                dispute={deciding}
                busy={action.running !== null}
                error={refusal}
                onClose={() => setDeciding(null)}
                onDecide={(decision, note) => void decide(deciding, decision, note)}
              />
            </Suspense>
          )}
          {status === 'pending' && <TimesheetDisputes fetchImpl={fetchImpl} />}
        </>
      }
    >
      {(data) => (
        <ul className="t-stack" style={{ listStyle: 'none', margin: 0, padding: 0, gap: 12 }}>
          {data.items.map((dispute) => (
            <li
              key={`${dispute.kind}-${dispute.id}`}
              className="t-card"
              style={{ padding: 12 }}
              data-testid={`dispute-${dispute.id}`}
            >
              <div className="t-stack" style={{ gap: 8 }}>
                <div className="t-row" style={{ gap: 6, justifyContent: 'space-between' }}>
                  <Badge tone="info">{t.disputeKindLabels[dispute.kind] ?? dispute.kind}</Badge>
                  {dispute.status !== 'pending' && (
                    <Badge tone={dispute.status === 'removed' ? 'success' : 'neutral'}>
                      {t.decisionLabels[dispute.status] ?? dispute.status}
                    </Badge>
                  )}
                </div>
                <DisputeSummary dispute={dispute} />
                {dispute.status === 'pending' && (
                  <div className="t-row" style={{ justifyContent: 'flex-end' }}>
                    <Button
                      size="sm"
                      disabled={action.running !== null}
                      onClick={() => {
                        setRefusal(null);
                        setDeciding(dispute);
                      }}
                      aria-label={`${t.decide}: ${dispute.freelancer_name}`}
                    >
                      {t.decide}
                    </Button>
                  </div>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </ListScreen>
  );
}
