import { Card, Loading } from '@turno/ui';
import { Link } from 'react-router';
import { SiteLayout } from '../layout/SiteLayout';

/** Sign-in callback. OpenID Connect arrives in a later issue: for now it only explains itself. */
export function AuthCallbackPage() {
  return (
    <SiteLayout>
      <title>Turno · Entrando</title>
      <Card title="Finalizando seu login...">
        <Loading label="Aguarde um instante." />
        <p className="t-muted">
          O login ainda não está ativo nesta versão.{' '}
          <Link to="/" className="t-link">
            Voltar ao início
          </Link>
        </p>
      </Card>
    </SiteLayout>
  );
}
