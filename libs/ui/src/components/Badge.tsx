import { type ReactNode } from 'react';
import { type Tone } from '../theme/tokens';

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={tone === 'neutral' ? 't-badge' : `t-badge t-badge--${tone}`}>{children}</span>;
}
