import { type Job } from '@turno/contracts';
import { jobDisplayState, saoPauloTime } from '@turno/domain';
import { Badge } from '@turno/ui';

/** The display state's tone (spec 02 §4): waiting approvals stand out. */
function displayTone(state: string) {
  if (state === 'Concluída') return 'success' as const;
  if (state.startsWith('Aguardando')) return 'danger' as const;
  if (state === 'Aberta') return 'info' as const;
  if (state === 'Cancelada') return 'neutral' as const;
  return 'warning' as const;
}

/**
 * The job's display state; "A Caminho" pulses until check-in, after which the time stays as
 * "Esteve a caminho".
 */
export function JobStatusCell({ job }: { job: Job }) {
  const state = jobDisplayState(job);
  const onTheWay = state.startsWith('A Caminho');
  return (
    <span className="admin-ops-status">
      <Badge tone={displayTone(state)}>
        {onTheWay && <span className="admin-ops-pulse" aria-hidden="true" />}
        {state}
      </Badge>
      {job.on_the_way_time && job.check_in_time && (
        <div className="t-muted" style={{ fontSize: 13 }}>
          Esteve a caminho ({saoPauloTime(new Date(job.on_the_way_time))})
        </div>
      )}
    </span>
  );
}

/** The pulse of "A Caminho" (reduced motion: still). */
export const PULSE_CSS = `.admin-ops-status .t-badge{white-space:normal}.admin-ops-pulse{display:inline-block;width:8px;height:8px;border-radius:50%;background:currentColor;margin-right:6px;animation:admin-ops-pulse 1.2s ease-in-out infinite}@keyframes admin-ops-pulse{0%,100%{opacity:1}50%{opacity:.25}}@media (prefers-reduced-motion:reduce){.admin-ops-pulse{animation:none}}`;
