import { lazy, Suspense, useState } from 'react';
import { DisputedTimesheetListSchema, type DisputedTimesheet } from '@turno/contracts';
import { MESSAGES, POLL_INTERVAL_MS, formatDateBR, type TimesheetDecision } from '@turno/domain';
import { Alert, bffErrorMessage, Button, useBffQuery, useLiveRefresh } from '@turno/ui';
import { ADMIN_OPS_BFF } from '../shared/bff';
import { useAction } from '../shared/useAction';
import { decideTimesheet } from './timesheet-disputes';
import { TimesheetDisputeSummary } from './TimesheetDisputeSummary';

const TimesheetDecisionDialog = lazy(() =>
  import('./TimesheetDecisionDialog').then((m) => ({ default: m.TimesheetDecisionDialog })),
);

const DISPUTED_URL = `${ADMIN_OPS_BFF}/timesheets/disputed?limit=100`;

/**
 * The timesheet disputes of "Disputas" (issue 23): corrections one side proposed and the other
 * disputed, the longest waiting first; "Decidir" sets the pay (full, by the proposed worked time, or
 * none) with a note both sides read.
 */
export function TimesheetDisputes({ fetchImpl }: { fetchImpl?: typeof fetch }) {
  const t = MESSAGES.timesheets;
  const list = useBffQuery(DISPUTED_URL, DisputedTimesheetListSchema);
  useLiveRefresh('admin-ops', list.reload, {
    pollIntervalMs: POLL_INTERVAL_MS.adminJobs,
    types: ['timesheet'],
  });
  const action = useAction();
  const [deciding, setDeciding] = useState<DisputedTimesheet | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const decide = async (dispute: DisputedTimesheet, decision: TimesheetDecision, note: string) => {
    setRefusal(null);
    let failure: string = t.notDisputed;
    const done = await action.run(
      `timesheet-${dispute.proposalId}`,
      () =>
        decideTimesheet(dispute.proposalId, { decision, note }, fetchImpl).catch((error: unknown) => {
          failure = bffErrorMessage(error, t.notDisputed);
          throw error;
        }),
      { success: () => t.decided, failure: t.notDisputed },
    );
    if (done) {
      setDeciding(null);
      list.reload();
    } else {
      action.setFeedback(null);
      setRefusal(failure);
    }
  };

  const items = list.data ?? [];
  return (
    <section className="t-stack" aria-label={t.adminTitle}>
      <h3 style={{ margin: 0 }}>
        {t.adminTitle} ({items.length})
      </h3>
      <p className="t-muted" style={{ margin: 0 }}>
        {t.adminSubtitle}
      </p>
      {action.feedback && <Alert tone={action.feedback.tone}>{action.feedback.text}</Alert>}
      {list.status === 'error' && <Alert tone="danger">{t.adminLoadFailed}</Alert>}
      {list.status === 'success' && items.length === 0 && <p className="t-muted">{t.adminEmpty}</p>}
      {items.length > 0 && (
        <ul className="t-stack" style={{ listStyle: 'none', margin: 0, padding: 0, gap: 12 }}>
          {items.map((dispute) => (
            <li
              key={dispute.proposalId}
              className="t-card"
              style={{ padding: 12 }}
              data-testid={`timesheet-dispute-${dispute.proposalId}`}
            >
              <div className="t-stack" style={{ gap: 8 }}>
                <TimesheetDisputeSummary dispute={dispute} />
                <div className="t-row" style={{ justifyContent: 'flex-end' }}>
                  <Button
                    size="sm"
                    disabled={action.running !== null}
                    onClick={() => {
                      setRefusal(null);
                      setDeciding(dispute);
                    }}
                    aria-label={`${t.adminDecide}: ${dispute.freelancerName}, ${dispute.jobTitle} em ${formatDateBR(dispute.dateNeeded)}`}
                  >
                    {t.adminDecide}
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {deciding && (
        <Suspense fallback={null}>
          <TimesheetDecisionDialog
            dispute={deciding}
            busy={action.running !== null}
            error={refusal}
            onClose={() => setDeciding(null)}
            onDecide={(decision, note) => void decide(deciding, decision, note)}
          />
        </Suspense>
      )}
    </section>
  );
}
