import { type FreelancerMe } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { Button, Card, Loading } from '@turno/ui';
import { Suspense, lazy, useState } from 'react';

const StrikesScreen = lazy(() => import('./StrikesScreen').then((m) => ({ default: m.StrikesScreen })));

export interface ReliabilityCardProps {
  me: FreelancerMe;
  fetchImpl?: typeof fetch;
}

/**
 * Perfil's "Confiabilidade" (issue 23): the score of the last 90 days ("Sem histórico" under 3
 * shifts) with the one line explaining it, and "Ver ocorrências", which opens "Ocorrências" (its
 * own chunk) in its place.
 */
export function ReliabilityCard({ me, fetchImpl }: ReliabilityCardProps) {
  const t = MESSAGES.reliability;
  const [open, setOpen] = useState(false);
  if (open) {
    return (
      <Suspense fallback={<Loading />}>
        <StrikesScreen fetchImpl={fetchImpl} onBack={() => setOpen(false)} />
      </Suspense>
    );
  }
  const score = me.reliability_score ?? null;
  return (
    <Card
      title={t.scoreLabel}
      titleAs="h3"
      actions={
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
          {t.openScreen}
        </Button>
      }
    >
      <div className="t-stack" style={{ gap: 6 }}>
        <p style={{ margin: 0, fontSize: 20, fontWeight: 700 }} data-testid="reliability-score">
          {score === null ? t.noHistory : t.scoreValue(score)}
        </p>
        <p className="t-muted" style={{ margin: 0 }} data-testid="reliability-explanation">
          {t.scoreExplanation}
        </p>
      </div>
    </Card>
  );
}
