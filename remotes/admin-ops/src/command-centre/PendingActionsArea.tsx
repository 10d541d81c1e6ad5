import { type PendingAction, type PendingActionsPage } from '@turno/contracts';
import { formatDateBR, relativeDayLabel } from '@turno/domain';
import { Button, formatTimeRange, formatTimestampBR, type PagedList } from '@turno/ui';
import { type CSSProperties } from 'react';

export interface PendingActionsAreaProps {
  list: PagedList<PendingActionsPage>;
  running: string | null;
  onApprove: (action: PendingAction) => void;
  now?: Date;
}

const areaStyle: CSSProperties = {
  border: '2px solid var(--t-color-danger)',
  background: 'var(--t-color-danger-soft)',
  borderRadius: 'var(--t-radius)',
  padding: 16,
};

/**
 * The urgent pending-actions area (spec 02 §2): shifts whose check-in or check-out request waits,
 * oldest first, each with its approve button. Hidden when nothing waits.
 */
export function PendingActionsArea({ list, running, onApprove, now = new Date() }: PendingActionsAreaProps) {
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section style={areaStyle} aria-labelledby="pending-actions-title" data-testid="pending-actions">
      <h3 id="pending-actions-title" style={{ margin: '0 0 8px', fontSize: 17 }}>
        ⚠️ Ações pendentes ({list.data?.total ?? items.length})
      </h3>
      <ul className="t-stack" style={{ listStyle: 'none', margin: 0, padding: 0, gap: 8 }}>
        {items.map((p) => {
          const verb = p.action === 'check_in' ? 'Aprovar Check-in' : 'Aprovar Check-out';
          const key = `${p.action === 'check_in' ? 'checkin' : 'checkout'}-${p.job_id}`;
          return (
            <li key={p.assignment_id} className="t-row" style={{ justifyContent: 'space-between', gap: 8 }}>
              <span style={{ minWidth: 0 }}>
                <strong>{p.freelancer_name}</strong> · {p.title} · {p.restaurant_name} ·{' '}
                {relativeDayLabel(p.date_needed, now) ?? formatDateBR(p.date_needed)}{' '}
                {formatTimeRange(p.start_time, p.end_time)}
                <span className="t-muted" style={{ display: 'block', fontSize: 13 }}>
                  {p.action === 'check_in' ? 'Check-in' : 'Check-out'} solicitado em{' '}
                  {formatTimestampBR(p.requested_at)}
                </span>
              </span>
              <Button
                size="sm"
                disabled={running !== null}
                busy={running === key}
                aria-label={`${verb} de ${p.freelancer_name}`}
                onClick={() => onApprove(p)}
              >
                {verb}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
