import { type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router';

const headerStyle: CSSProperties = {
  background: 'var(--t-color-surface)',
  borderBottom: '1px solid var(--t-color-border)',
};
const barStyle: CSSProperties = {
  maxWidth: 1200,
  margin: '0 auto',
  padding: '12px 20px',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 16,
  flexWrap: 'wrap',
};
const brandStyle: CSSProperties = {
  fontSize: 22,
  fontWeight: 800,
  color: 'var(--t-color-primary)',
  textDecoration: 'none',
};
const mainStyle: CSSProperties = { maxWidth: 1200, margin: '0 auto', padding: '24px 20px 48px' };

export interface SiteLayoutProps {
  /** Small text after the brand, e.g. "Administração". */
  context?: string;
  /** Right side of the header: area switcher, links. */
  nav?: ReactNode;
  children: ReactNode;
}

export function SiteLayout({ context, nav, children }: SiteLayoutProps) {
  return (
    <>
      <header style={headerStyle}>
        <div style={barStyle}>
          <div className="t-row" style={{ gap: 12 }}>
            <Link to="/" style={brandStyle} aria-label="Turno — página inicial">
              Turno
            </Link>
            {context && <span className="t-muted">{context}</span>}
          </div>
          {nav && <nav aria-label="Navegação principal">{nav}</nav>}
        </div>
      </header>
      <main style={mainStyle}>{children}</main>
    </>
  );
}
