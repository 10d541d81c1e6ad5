import { type ReactNode } from 'react';
import { Badge } from './Badge';

/** Placeholder for a section that is planned but not built yet. */
export function ComingSoon({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="t-card t-coming-soon" data-testid="coming-soon">
      <Badge tone="info">Em breve</Badge>
      <h2 style={{ marginTop: 12, fontSize: 20, color: 'var(--t-color-text)' }}>{title}</h2>
      <p>{children ?? 'Esta seção está em construção e estará disponível em breve.'}</p>
    </div>
  );
}
