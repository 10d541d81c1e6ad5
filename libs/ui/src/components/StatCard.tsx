import { type ReactNode } from 'react';
import { type Tone } from '../theme/tokens';

export interface StatCardProps {
  label: ReactNode;
  value: ReactNode;
  tone?: Tone;
  hint?: ReactNode;
}

export function StatCard({ label, value, tone = 'neutral', hint }: StatCardProps) {
  return (
    <div className={tone === 'neutral' ? 't-stat' : `t-stat t-stat--${tone}`}>
      <p className="t-stat__label">{label}</p>
      <p className="t-stat__value">{value}</p>
      {hint && <p className="t-stat__hint">{hint}</p>}
    </div>
  );
}

/** A responsive row of StatCards. */
export function StatGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className="t-stat-grid" role="group" aria-label={label}>
      {children}
    </div>
  );
}
