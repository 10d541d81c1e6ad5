import { buttonClassName, Card, StatCard, StatGrid } from '@turno/ui';
import { Link } from 'react-router';
import { SiteLayout } from '../layout/SiteLayout';

const BENEFITS = [
  { title: 'Flexibilidade', text: 'Escolha os turnos que cabem na sua semana, sem contrato longo.' },
  { title: 'Vagas perto de você', text: 'Mercados, hortifrútis e atacados da sua região em São Paulo.' },
  { title: 'Pagamento garantido', text: 'Check-out aprovado, pagamento liberado via PIX em minutos.' },
];

export function LandingPage() {
  return (
    <SiteLayout
      nav={
        <Link to="/admin" className="t-link">
          Área administrativa
        </Link>
      }
    >
      <title>Turno · Turnos avulsos para mercados e freelancers</title>
      <div className="t-stack" style={{ gap: 32 }}>
        <section style={{ textAlign: 'center', padding: '32px 0 8px' }}>
          <h1 style={{ fontSize: 40 }}>Turnos avulsos, do jeito certo</h1>
          <p className="t-muted" style={{ fontSize: 18, maxWidth: 640, margin: '12px auto 28px' }}>
            O Turno conecta supermercados, hortifrútis e atacados de São Paulo a freelancers prontos para
            trabalhar no mesmo dia.
          </p>
          <div className="t-row" style={{ justifyContent: 'center', gap: 16 }}>
            <Link to="/dashboard?area=freelancer" className={buttonClassName('primary', 'lg')}>
              Sou Freelancer
            </Link>
            <Link to="/dashboard?area=restaurant" className={buttonClassName('secondary', 'lg')}>
              Sou Mercado/Hortifruti
            </Link>
          </div>
          <p className="t-muted" style={{ fontSize: 13, marginTop: 16 }}>
            O login chega em breve: por enquanto os botões abrem os painéis de demonstração.
          </p>
        </section>

        <StatGrid label="O Turno em números">
          <StatCard label="Freelancers ativos" value="500+" tone="success" />
          <StatCard label="Estabelecimentos" value="150+" tone="info" />
          <StatCard label="Avaliação média" value="4,8" tone="warning" />
        </StatGrid>

        <div className="t-grid t-grid--fit">
          {BENEFITS.map((b) => (
            <Card key={b.title} title={b.title} titleAs="h2">
              <p className="t-muted" style={{ margin: 0 }}>
                {b.text}
              </p>
            </Card>
          ))}
        </div>

        <footer className="t-muted" style={{ textAlign: 'center', fontSize: 14 }}>
          Turno · São Paulo, SP ·{' '}
          <Link to="/admin" className="t-link">
            Área administrativa
          </Link>
        </footer>
      </div>
    </SiteLayout>
  );
}
