import { type ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  as?: 'h1' | 'h2';
}

export function PageHeader({ title, subtitle, actions, as: Heading = 'h1' }: PageHeaderProps) {
  return (
    <div className="t-page-header">
      <div>
        <Heading className="t-page-header__title">{title}</Heading>
        {subtitle && <p className="t-page-header__subtitle">{subtitle}</p>}
      </div>
      {actions && <div className="t-row">{actions}</div>}
    </div>
  );
}
