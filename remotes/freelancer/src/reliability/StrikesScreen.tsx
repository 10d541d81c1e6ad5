import { FreelancerStrikesSchema, type FreelancerStrike, type FreelancerStrikes } from '@turno/contracts';
import { MESSAGES, POLL_INTERVAL_MS, SUCCESS_MESSAGE_MS } from '@turno/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  LoadErrorAlert,
  Skeleton,
  fetchBff,
  formatTimestampBR,
  useLiveRefresh,
} from '@turno/ui';
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { CARD_GRID_STYLE, Details, WrappingTitle } from '../shared/Details';
import { BFF } from '../shared/bff';
import { appealState, strikeReason, strikeState } from './strike-text';

const AppealDialog = lazy(() => import('./AppealDialog').then((m) => ({ default: m.AppealDialog })));

export const STRIKES_URL = `${BFF}/freelancers/strikes`;

export interface StrikesScreenProps {
  fetchImpl?: typeof fetch;
  /** "Fechar ocorrências": back to Perfil's Confiabilidade card. */
  onBack: () => void;
}

type Load =
  { status: 'loading' } | { status: 'error'; detail: string } | { status: 'ready'; data: FreelancerStrikes };

/**
 * "Ocorrências": each strike with its reason, shift, date, expiry, whether it counts and its
 * appeal; "Recorrer" on those still appealable (once, within 7 days); the suspension, if any.
 * Kept fresh by the freelancer's live events (an admin's decision shows up without a reload).
 */
export function StrikesScreen({ fetchImpl, onBack }: StrikesScreenProps) {
  const t = MESSAGES.reliability;
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [appealing, setAppealing] = useState<FreelancerStrike | null>(null);
  const [flash, setFlash] = useState<string | null>(null);
  const refresh = useCallback(() => {
    fetchBff(STRIKES_URL, FreelancerStrikesSchema, { fetchImpl }).then(
      (data) => setLoad({ status: 'ready', data }),
      (error: unknown) =>
        setLoad((previous) =>
          previous.status === 'ready'
            ? previous
            : { status: 'error', detail: error instanceof Error ? error.message : t.loadFailed },
        ),
    );
  }, [fetchImpl, t.loadFailed]);
  useEffect(refresh, [refresh]);
  // Opened from Perfil's card: the keyboard and the view move to the screen's title.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  useLiveRefresh('freelancer', refresh, {
    pollIntervalMs: POLL_INTERVAL_MS.freelancerActiveJobs,
    types: ['freelancer_updated'],
  });
  useEffect(() => {
    if (!flash) return undefined;
    const timer = setTimeout(() => setFlash(null), SUCCESS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  return (
    <section aria-labelledby="strikes-title" className="t-stack" data-testid="strikes-screen">
      <div className="t-row" style={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <div>
          <h2 id="strikes-title" ref={title} tabIndex={-1} style={{ fontSize: 18 }}>
            {t.screenTitle}
          </h2>
          <p className="t-muted" style={{ margin: '4px 0 0' }}>
            {t.screenSubtitle}
          </p>
        </div>
        <Button variant="secondary" onClick={onBack}>
          {t.closeScreen}
        </Button>
      </div>
      {flash && (
        <Alert tone="success" data-testid="strikes-flash">
          {flash}
        </Alert>
      )}
      {load.status === 'loading' && <Skeleton label="Carregando suas ocorrências..." />}
      {load.status === 'error' && (
        <LoadErrorAlert title={t.loadFailed} detail={load.detail} onRetry={refresh} />
      )}
      {load.status === 'ready' && (
        <>
          {load.data.suspended_until && (
            <Alert tone="danger" title={t.suspendedTitle} data-testid="strikes-suspended">
              {t.suspended(load.data.suspended_until)}
            </Alert>
          )}
          <p style={{ margin: 0 }} data-testid="strikes-active-count">
            <strong>{t.activeCount(load.data.active_count)}</strong> · {t.suspensionRule}
          </p>
          {load.data.items.length === 0 ? (
            <p className="t-card t-coming-soon">{t.empty}</p>
          ) : (
            <div style={CARD_GRID_STYLE}>
              {load.data.items.map((strike) => (
                <StrikeCard key={strike.id} strike={strike} onAppeal={() => setAppealing(strike)} />
              ))}
            </div>
          )}
        </>
      )}
      {appealing && (
        <Suspense fallback={null}>
          <AppealDialog
            strike={appealing}
            fetchImpl={fetchImpl}
            onClose={() => setAppealing(null)}
            onAppealed={(_strike, message) => {
              setAppealing(null);
              setFlash(message);
              refresh();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

function StrikeCard({ strike, onAppeal }: { strike: FreelancerStrike; onAppeal: () => void }) {
  const t = MESSAGES.reliability;
  const state = strikeState(strike);
  return (
    <Card
      title={<WrappingTitle>{strikeReason(strike)}</WrappingTitle>}
      titleAs="h3"
      actions={<Badge tone={strike.active ? 'danger' : 'neutral'}>{state}</Badge>}
    >
      <div className="t-stack" style={{ gap: 12 }} data-testid={`strike-${strike.id}`}>
        <Details
          lines={[
            {
              label: t.shiftLabel,
              value: strike.shift ? `${strike.shift.title} · ${strike.shift.restaurant_name}` : null,
            },
            { label: t.givenAtLabel, value: formatTimestampBR(strike.created_at) },
            { label: t.expiresAtLabel, value: formatTimestampBR(strike.expires_at) },
            { label: t.appealLabel, value: appealState(strike) },
            { label: t.yourAppeal, value: strike.appeal_text },
            { label: t.decisionNote, value: strike.appeal_decision_note },
          ]}
        />
        {strike.can_appeal && (
          <div className="t-stack" style={{ gap: 8 }}>
            <p className="t-muted" style={{ margin: 0 }}>
              {t.appealDeadline(strike.appeal_deadline)}
            </p>
            <Button variant="secondary" onClick={onAppeal}>
              {t.appealButton}
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}
