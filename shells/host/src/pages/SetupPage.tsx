import { ComingSoon } from '@turno/ui';
import { Link } from 'react-router';
import { SiteLayout } from '../layout/SiteLayout';

/** First-time profile setup (spec 01 §2): two steps, arrives with sign-in. */
export function SetupPage() {
  return (
    <SiteLayout
      nav={
        <Link to="/" className="t-link">
          Voltar ao início
        </Link>
      }
    >
      <title>Turno · Complete seu cadastro</title>
      <ComingSoon title="Complete seu cadastro">
        Em dois passos você informa seus dados e escolhe o tipo de conta: Mercado/Hortifruti ou Freelancer.
      </ComingSoon>
    </SiteLayout>
  );
}
