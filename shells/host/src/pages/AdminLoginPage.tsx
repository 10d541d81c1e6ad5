import { buttonClassName, Card } from '@turno/ui';
import { Link } from 'react-router';
import { SiteLayout } from '../layout/SiteLayout';

/** Admin login (spec 02 §2). E-mail and password sign-in arrives in a later issue. */
export function AdminLoginPage() {
  return (
    <SiteLayout
      context="Administração"
      nav={
        <Link to="/" className="t-link">
          Voltar ao site
        </Link>
      }
    >
      <title>Turno · Área administrativa</title>
      <div style={{ maxWidth: 480, margin: '40px auto' }}>
        <Card title="Área administrativa">
          <div className="t-stack">
            <p className="t-muted" style={{ margin: 0 }}>
              O login de administrador com e-mail e senha chega em breve. Por enquanto o painel abre sem
              login.
            </p>
            <Link to="/admin/dashboard" className={buttonClassName('primary')}>
              Entrar no painel
            </Link>
          </div>
        </Card>
      </div>
    </SiteLayout>
  );
}
