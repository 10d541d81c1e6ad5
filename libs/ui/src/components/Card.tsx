import { type ReactNode } from 'react';
import { cx } from './cx';

export interface CardProps {
  title?: ReactNode;
  titleAs?: 'h2' | 'h3';
  actions?: ReactNode;
  className?: string;
  children?: ReactNode;
}

export function Card({ title, titleAs: Title = 'h2', actions, className, children }: CardProps) {
  return (
    <section className={cx('t-card', className)}>
      {(title || actions) && (
        <header className="t-card__header">
          {title && <Title className="t-card__title">{title}</Title>}
          {actions}
        </header>
      )}
      <div className="t-card__body">{children}</div>
    </section>
  );
}
