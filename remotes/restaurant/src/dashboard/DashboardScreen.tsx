import { INVITATION_MESSAGES, MESSAGES, SUCCESS_MESSAGE_MS, restaurantAccountState } from '@turno/domain';
import type { RepeatRequest } from '../invite-again/repeat-request';
import { Alert, Button, Card, LoadErrorAlert, Loading } from '@turno/ui';
import { Suspense, lazy, useContext, useEffect, useId, useRef, useState } from 'react';
import { useRestaurantProfile } from '../profile/profile';
import { useTimedMessage } from '../shared/useTimedMessage';
import { PendingCountContext, usePendingRequests } from '../agenda/pending-requests';
import { SpendingPanel } from './SpendingPanel';

// The notice of pending requests is its own chunk, loaded when one waits.
const PendingNotice = lazy(() =>
  import('../agenda/request-alerts').then((m) => ({ default: m.PendingNotice })),
);
// The form is its own chunk, loaded when "Criar vaga" is pressed.
const VacancyForm = lazy(() =>
  import('../vacancy-form/VacancyForm').then((m) => ({ default: m.VacancyForm })),
);

export interface DashboardScreenProps {
  fetchImpl?: typeof fetch;
  now?: Date;
  /** "Ver na agenda" of the pending requests notice. */
  onOpenAgenda?: () => void;
  /** "Repetir vaga" / "Chamar de novo" from the Agenda (issue 26): opens the form filled in from it. */
  repeat?: RepeatRequest | null;
  /** The form of `repeat` was closed (created or cancelled). */
  onRepeatDone?: () => void;
}

/**
 * The "Dashboard" tab, where the panel opens: "Criar vaga" and its form, then the spending figures.
 * Inside the panel it shows the count of waiting requests the panel already reads for the Agenda
 * badge (`PendingCountContext`), so the first screen asks for it once; alone it reads its own.
 */
export function DashboardScreen(props: DashboardScreenProps) {
  const panelCount = useContext(PendingCountContext);
  return panelCount === undefined ? (
    <DashboardWithOwnCount {...props} />
  ) : (
    <DashboardContent {...props} pending={panelCount} />
  );
}

function DashboardWithOwnCount(props: DashboardScreenProps) {
  const pending = usePendingRequests({ fetchImpl: props.fetchImpl });
  return <DashboardContent {...props} pending={pending} />;
}

function DashboardContent({
  fetchImpl,
  now,
  onOpenAgenda,
  repeat,
  onRepeatDone,
  pending,
}: DashboardScreenProps & { pending: number }) {
  const profile = useRestaurantProfile({ fetchImpl });
  const [creating, setCreating] = useState(Boolean(repeat));
  useEffect(() => {
    if (repeat) setCreating(true);
  }, [repeat]);
  const flash = useTimedMessage();
  const openButtonId = useId();

  const returnFocus = useRef(false);
  useEffect(() => {
    if (creating || !returnFocus.current) return;
    returnFocus.current = false;
    document.getElementById(openButtonId)?.focus();
  }, [creating, openButtonId]);
  const close = () => {
    returnFocus.current = true;
    setCreating(false);
    onRepeatDone?.();
  };
  // Approved, pending (awaiting the admin) or rejected (deactivated: reads only), spec 01 §4 / 02 §4.
  const state = profile.data ? restaurantAccountState(profile.data) : null;

  return (
    <div className="t-stack">
      {flash.message && (
        <Alert tone={flash.message.tone} data-testid="dashboard-message">
          {flash.message.text}
        </Alert>
      )}
      <Card
        title={creating ? 'Criar vaga' : 'Vagas'}
        actions={
          !creating &&
          state !== 'rejected' && (
            <Button id={openButtonId} onClick={() => setCreating(true)} disabled={!profile.data}>
              Criar vaga
            </Button>
          )
        }
      >
        {profile.loading && !profile.data && <Loading />}
        {profile.error && !profile.data && (
          <LoadErrorAlert detail={profile.error.detail} onRetry={profile.refresh} />
        )}
        {state === 'approved' && !creating && (
          <p className="t-muted" style={{ margin: 0 }} data-testid="account-state">
            {MESSAGES.restaurants.dashboardApproved}
          </p>
        )}
        {state === 'pending' && !creating && (
          <Alert
            tone="warning"
            title={MESSAGES.restaurants.dashboardPendingTitle}
            data-testid="account-state"
          >
            {MESSAGES.jobs.notApproved}
          </Alert>
        )}
        {state === 'rejected' && (
          <Alert
            tone="danger"
            title={MESSAGES.restaurants.dashboardRejectedTitle}
            data-testid="account-state"
          >
            {MESSAGES.restaurants.dashboardRejected}
          </Alert>
        )}
        {profile.data && state !== 'rejected' && creating && (
          <Suspense fallback={<Loading />}>
            <VacancyForm
              key={repeat ? `${repeat.jobId}:${repeat.callAgain}` : 'new'}
              repeatJobId={repeat?.jobId}
              callAgain={repeat?.callAgain}
              approved={profile.data.is_approved}
              now={now}
              fetchImpl={fetchImpl}
              onCancel={close}
              onCreated={(count, invited) => {
                const text = invited
                  ? `${MESSAGES.jobs.created(count)} ${INVITATION_MESSAGES.invitedCount(invited)}`
                  : MESSAGES.jobs.created(count);
                flash.show({ tone: 'success', text }, SUCCESS_MESSAGE_MS);
                close();
              }}
            />
          </Suspense>
        )}
      </Card>
      <SpendingPanel fetchImpl={fetchImpl} />
      {/* A business set up before issue 25: its invoices need the CNPJ and razão social (after the
          figures, so it never pushes the screen down while the profile loads). */}
      {profile.data && state !== 'rejected' && (!profile.data.cnpj || !profile.data.legal_name) && (
        <Alert
          tone="warning"
          title={MESSAGES.restaurants.completeLegalIdentity}
          data-testid="legal-identity-prompt"
        >
          {MESSAGES.restaurants.completeLegalIdentityWhere}
        </Alert>
      )}
      {/* Last: it appears once the count arrives, and above the rest it would push the screen down
          while it loads (layout-stability.spec); the Agenda tab's badge carries the count on top. */}
      {pending > 0 && (
        <Suspense fallback={null}>
          <PendingNotice count={pending} onOpenAgenda={onOpenAgenda} />
        </Suspense>
      )}
    </div>
  );
}
