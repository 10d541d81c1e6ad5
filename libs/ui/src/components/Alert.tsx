import { type ReactNode } from 'react';
import { type Tone } from '../theme/tokens';

export interface AlertProps {
  tone?: Exclude<Tone, 'neutral'>;
  title?: ReactNode;
  children?: ReactNode;
  /** A button or link shown at the end, e.g. "Tentar novamente". */
  action?: ReactNode;
  'data-testid'?: string;
}

export function Alert({ tone = 'info', title, children, action, 'data-testid': testId }: AlertProps) {
  const urgent = tone === 'danger' || tone === 'warning';
  return (
    <div className={`t-alert t-alert--${tone}`} role={urgent ? 'alert' : 'status'} data-testid={testId}>
      <div>
        {title && <p className="t-alert__title">{title}</p>}
        {children && <p className="t-alert__text">{children}</p>}
      </div>
      {action}
    </div>
  );
}
