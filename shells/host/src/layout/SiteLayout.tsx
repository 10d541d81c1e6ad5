import { type CSSProperties, type ReactNode } from 'react';
import { Link } from '../router';
import { LogoMark } from './Logo';

const headerStyle: CSSProperties = {
  background: 'var(--t-color-surface)',
  borderBottom: '1px solid var(--t-color-border)',
  position: 'sticky',
  top: 0,
  zIndex: 10,
};
const barStyle: CSSProperties = {
  maxWidth: 1200,
  margin: '0 auto',
  padding: '10px 20px',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 16,
  flexWrap: 'wrap',
  minHeight: 60,
};
const brandStyle: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 10,
  fontSize: 22,
  fontWeight: 800,
  letterSpacing: '-0.02em',
  color: 'var(--t-color-text)',
  textDecoration: 'none',
};
const contextStyle: CSSProperties = {
  borderLeft: '1px solid var(--t-color-border-strong)',
  paddingLeft: 12,
  fontWeight: 600,
  color: 'var(--t-color-muted)',
};
const mainStyle: CSSProperties = { maxWidth: 1200, margin: '0 auto', padding: '24px 20px 48px' };

export interface SiteLayoutProps {
  /** Small text after the brand, e.g. "Painel Administrativo". */
  context?: ReactNode;
  /** Where the brand links to; default "/". */
  homeHref?: string;
  /** Right side of the header: links, the user's name, "Sair". */
  nav?: ReactNode;
  /** Full-width main area (the landing page lays out its own sections). */
  bleed?: boolean;
  children: ReactNode;
}

export function SiteLayout({ context, homeHref = '/', nav, bleed, children }: SiteLayoutProps) {
  return (
    <>
      <header style={headerStyle}>
        <div style={barStyle}>
          <div className="t-row" style={{ gap: 12, flexWrap: 'nowrap' }}>
            <Link to={homeHref} style={brandStyle} aria-label="Turno — página inicial">
              <LogoMark />
              <span aria-hidden="true">Turno</span>
            </Link>
            {context && <span style={contextStyle}>{context}</span>}
          </div>
          {nav && (
            <nav aria-label="Navegação principal" className="t-row" style={{ gap: 12 }}>
              {nav}
            </nav>
          )}
        </div>
      </header>
      <main style={bleed ? undefined : mainStyle}>{children}</main>
    </>
  );
}

/** A centred "Carregando..." for a whole page (session checks, redirects). */
export function PageLoading({ label }: { label: string }) {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }} data-testid="page-loading">
      <div className="t-loading" role="status" aria-live="polite">
        <span className="t-spinner" aria-hidden="true" />
        <span>{label}</span>
      </div>
    </div>
  );
}
