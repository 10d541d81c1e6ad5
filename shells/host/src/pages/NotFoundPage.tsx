import { buttonClassName } from '@turno/ui';
import { Link } from '../router';
import { SiteLayout } from '../layout/SiteLayout';

export function NotFoundPage() {
  return (
    <SiteLayout>
      <title>Turno · Página não encontrada</title>
      <div style={{ textAlign: 'center', padding: '48px 0' }} data-testid="not-found">
        <p className="t-muted" style={{ fontSize: 48, fontWeight: 800, margin: 0 }}>
          404
        </p>
        <h1>Página não encontrada</h1>
        <p className="t-muted">O endereço que você acessou não existe ou foi movido.</p>
        <Link to="/" className={buttonClassName('primary')}>
          Voltar ao início
        </Link>
      </div>
    </SiteLayout>
  );
}
