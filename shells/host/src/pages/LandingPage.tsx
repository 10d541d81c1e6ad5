import { SPECIALTIES, MESSAGES, PRIVACY_NOTICE_PATH, TERMS_PATH } from '@turno/domain';
import { Alert, Button } from '@turno/ui';
import { Fragment, type ComponentType, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from '../router';
import { COMPANY } from '../company';
import { LogoMark } from '../layout/Logo';
import { PageLoading, SiteLayout } from '../layout/SiteLayout';
import { noticeOf } from '../session/notice';
import { type SignInIntent } from '../session/sign-in';
import { readAreaHint } from '../session/area-hint';
import { useSession } from '../session/useSession';
import { useSignIn, type SignInStarter } from '../session/useSignIn';
import {
  AlertTriangleIcon,
  BagIcon,
  BoxesIcon,
  BreadIcon,
  CashRegisterIcon,
  CheckCircleIcon,
  CleaverIcon,
  ClockIcon,
  MailIcon,
  PhoneIcon,
  PinIcon,
  ReceiptIcon,
  ShieldIcon,
  SprayIcon,
  StarIcon,
  StoreIcon,
  TagIcon,
} from './landing/icons';
import { LANDING_CSS } from './landing/landing-css';

type IconComponent = ComponentType<{ size?: number }>;

/** The seven functions of the platform (00-decisions "Vacancies"), each with its illustration. */
const CATEGORY_ART: Record<string, { icon: IconComponent; colors: [string, string] }> = {
  'Operador de Caixa': { icon: CashRegisterIcon, colors: ['#0d9488', '#115e59'] },
  'Empacotador/Embalador': { icon: BagIcon, colors: ['#f59e0b', '#b45309'] },
  'Atendentes de Loja': { icon: StoreIcon, colors: ['#0ea5e9', '#1d4ed8'] },
  'Ajudante de Limpeza': { icon: SprayIcon, colors: ['#22c55e', '#15803d'] },
  Estoquista: { icon: BoxesIcon, colors: ['#8b5cf6', '#6d28d9'] },
  'Aux de Açougueiro': { icon: CleaverIcon, colors: ['#f43f5e', '#be123c'] },
  'Aux de Padaria': { icon: BreadIcon, colors: ['#fb923c', '#c2410c'] },
};

type Benefit = { icon: IconComponent; title: string; text: string };

const FREELANCER_BENEFITS: Benefit[] = [
  {
    icon: ClockIcon,
    title: 'Flexibilidade',
    text: 'Você escolhe os dias e os horários. Sem escala fixa e sem contrato longo: pegue um turno quando fizer sentido para a sua semana.',
  },
  {
    icon: PinIcon,
    title: 'Vagas perto de você',
    text: 'Turnos em mercados, hortifrútis e atacados da sua região de São Paulo, com data, horário e valor claros antes de você se candidatar.',
  },
  {
    icon: ShieldIcon,
    title: 'Pagamento garantido',
    text: 'Turno concluído e check-out aprovado: o pagamento cai via Pix em minutos. Sem cobrar ninguém, sem esperar o fim do mês.',
  },
];

const MARKET_BENEFITS: Benefit[] = [
  {
    icon: TagIcon,
    title: 'Preço fechado por turno',
    text: 'Turnos de 6h, 8h20 ou 10h com valor definido antes de publicar. Sem taxa de cadastro e sem mensalidade.',
  },
  {
    icon: StarIcon,
    title: 'Freelancers avaliados',
    text: 'Cada profissional passa por aprovação e acumula avaliações dos estabelecimentos onde já trabalhou.',
  },
  {
    icon: CheckCircleIcon,
    title: 'Você aprova o turno',
    text: 'Check-in e check-out passam pelo seu painel: o pagamento do freelancer só é liberado depois da sua aprovação.',
  },
  {
    icon: ReceiptIcon,
    title: 'Uma fatura por semana',
    text: 'Todos os turnos concluídos da semana em uma única fatura, com vencimento em 7 dias, por boleto ou Pix.',
  },
];

const STEPS = [
  {
    title: 'Entre com sua conta',
    text: 'Login seguro pelo provedor de identidade, sem mais uma senha para decorar.',
  },
  {
    title: 'Complete o cadastro',
    text: 'Dois passos rápidos: seus dados e o tipo de conta — Mercado/Hortifruti ou Freelancer.',
  },
  {
    title: 'Publique ou escolha turnos',
    text: 'Mercados publicam vagas para os próximos 7 dias; freelancers se candidatam e recebem a confirmação no painel.',
  },
];

function SignInButton({
  signIn,
  intent,
  variant = 'primary',
  size = 'lg',
  children,
}: {
  signIn: SignInStarter;
  intent?: SignInIntent;
  variant?: 'primary' | 'secondary' | 'ghost';
  size?: 'sm' | 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <Button variant={variant} size={size} onClick={() => signIn.start(intent)} disabled={signIn.busy}>
      {children}
    </Button>
  );
}

/** One audience's section: what it gets, and its call to action (which starts sign-in). */
function AudienceSection({
  id,
  alt = false,
  kicker,
  title,
  lead,
  benefits,
  signIn,
  intent,
  cta,
  note,
}: {
  id: string;
  alt?: boolean;
  kicker: string;
  title: string;
  lead: string;
  benefits: Benefit[];
  signIn: SignInStarter;
  intent: SignInIntent;
  cta: string;
  note: string;
}) {
  const titleId = `lp-${id}-title`;
  return (
    <section className={alt ? 'lp-section lp-section--alt' : 'lp-section'} id={id} aria-labelledby={titleId}>
      <div className="lp-wrap">
        <div className="lp-section__head">
          <p className="lp-kicker">{kicker}</p>
          <h2 className="lp-title" id={titleId}>
            {title}
          </h2>
          <p>{lead}</p>
        </div>
        <div className="lp-benefits">
          {benefits.map(({ icon: Icon, title: benefitTitle, text }) => (
            <article className="lp-benefit" key={benefitTitle}>
              <span className="lp-benefit__icon">
                <Icon />
              </span>
              <h3>{benefitTitle}</h3>
              <p>{text}</p>
            </article>
          ))}
        </div>
        <div className="lp-cta-row">
          <SignInButton signIn={signIn} intent={intent}>
            {cta}
          </SignInButton>
          <p>{note}</p>
        </div>
      </div>
    </section>
  );
}

function InAppBrowserWarning() {
  return (
    <div className="lp-inapp" role="alert" data-testid="in-app-browser-warning">
      <div className="lp-wrap">
        <AlertTriangleIcon size={22} />
        <div>
          <strong>{MESSAGES.signIn.inAppBrowserTitle}</strong>
          <p>{MESSAGES.signIn.inAppBrowser}</p>
        </div>
      </div>
    </div>
  );
}

function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="lp-footer" data-testid="landing-footer">
      <div className="lp-wrap">
        <div className="lp-footer__grid">
          <div>
            <div className="lp-footer__brand">
              <LogoMark size={28} /> {COMPANY.name}
            </div>
            <p style={{ margin: 0, maxWidth: 360 }}>
              Turnos avulsos para supermercados, hortifrútis e atacados de São Paulo, com freelancers
              avaliados e pagamento via Pix.
            </p>
          </div>
          <div>
            <h2>Contato</h2>
            <ul>
              <li>
                <PhoneIcon size={16} /> <span>{COMPANY.phone}</span>
              </li>
              <li>
                <MailIcon size={16} /> <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
              </li>
              <li>
                <PinIcon size={16} /> <span>{COMPANY.city}</span>
              </li>
            </ul>
          </div>
          <div>
            <h2>Empresa</h2>
            <ul>
              <li>CNPJ {COMPANY.cnpj}</li>
              <li>
                <a href="#freelancers">Para freelancers</a>
              </li>
              <li>
                <a href="#mercados">Para mercados</a>
              </li>
              <li>
                <Link to={TERMS_PATH}>Termos de uso</Link>
              </li>
              <li>
                <Link to={PRIVACY_NOTICE_PATH}>Aviso de privacidade</Link>
              </li>
              <li>
                <Link to="/admin">Área administrativa</Link>
              </li>
            </ul>
          </div>
        </div>
        <div className="lp-footer__legal">
          <span>
            © {year} {COMPANY.name}. Todos os direitos reservados.
          </span>
          <span>
            CNPJ {COMPANY.cnpj} · {COMPANY.city}
          </span>
        </div>
      </div>
    </footer>
  );
}

/**
 * Landing page (spec 01 §1–2): the two audiences, the claims, the functions, the benefits, the
 * footer. Every call to action starts sign-in; a signed-in visitor goes to /dashboard.
 */
export function LandingPage() {
  const session = useSession();
  const signIn = useSignIn();
  const location = useLocation();
  const navigate = useNavigate();
  const notice = noticeOf(location);

  // Someone signed in on this browser (the area hint, src/session/area-hint.ts) is probably going to
  // /dashboard: "Carregando..." until the session check answers. Without the hint the visitor is
  // almost surely signed out, the landing page's own case: it shows at once instead of one round
  // trip later (a signed-in person without the hint sees it for that round trip, then /dashboard).
  if (session.pending && readAreaHint() !== undefined) {
    return (
      <SiteLayout>
        <title>Turno · Turnos avulsos para mercados e freelancers</title>
        <PageLoading label={MESSAGES.common.loading} />
      </SiteLayout>
    );
  }
  if (session.user) return <Navigate to="/dashboard" replace />;

  return (
    <SiteLayout
      bleed
      nav={
        <>
          <a href="#freelancers" className="t-link lp-navlink">
            Para freelancers
          </a>
          <a href="#mercados" className="t-link lp-navlink">
            Para mercados
          </a>
          <SignInButton signIn={signIn} variant="primary" size="sm">
            Entrar
          </SignInButton>
        </>
      }
    >
      <title>Turno · Turnos avulsos para mercados e freelancers</title>
      <style href="turno-landing" precedence="default">
        {LANDING_CSS}
      </style>
      <div className="lp">
        {signIn.inAppBrowser && <InAppBrowserWarning />}

        <section className="lp-hero" aria-labelledby="lp-hero-title">
          <div className="lp-wrap">
            {notice && (
              <div className="lp-notices" data-testid="sign-in-notice">
                <Alert
                  tone={notice.tone}
                  title={notice.title}
                  action={
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => navigate('.', { replace: true, state: null })}
                    >
                      Fechar
                    </Button>
                  }
                >
                  {notice.text}
                </Alert>
              </div>
            )}
            <div className="lp-hero__grid">
              <div>
                <p className="lp-eyebrow">Mercados · Hortifrútis · Atacados — São Paulo</p>
                <h1 id="lp-hero-title">Turnos avulsos para quem contrata e para quem quer trabalhar.</h1>
                <p className="lp-lead">
                  A Turno conecta supermercados, hortifrútis e atacados a freelancers avaliados para turnos de
                  um dia — do caixa à padaria. Quem trabalha escolhe quando e onde; quem contrata aprova cada
                  turno e recebe uma fatura por semana.
                </p>
                <ul className="lp-trust" aria-label="A Turno em números">
                  <li>
                    <strong>500+</strong>
                    <span>freelancers ativos</span>
                  </li>
                  <li>
                    <strong>150+</strong>
                    <span>estabelecimentos</span>
                  </li>
                  <li>
                    <strong>4,8 ★</strong>
                    <span>avaliação média</span>
                  </li>
                </ul>
              </div>
              <div className="lp-audiences">
                <div className="lp-audience">
                  <span className="lp-audience__icon">
                    <ClockIcon size={26} />
                  </span>
                  <h2>Para quem quer trabalhar</h2>
                  <p>Encontre turnos perto de você e receba via Pix logo após o check-out.</p>
                  <SignInButton signIn={signIn} intent="freelancer">
                    Sou Freelancer
                  </SignInButton>
                </div>
                <div className="lp-audience lp-audience--market">
                  <span className="lp-audience__icon">
                    <StoreIcon size={26} />
                  </span>
                  <h2>Para quem precisa de gente</h2>
                  <p>Publique vagas para hoje ou para a semana e acompanhe cada turno pelo painel.</p>
                  <SignInButton signIn={signIn} intent="restaurant" variant="secondary">
                    Sou Mercado/Hortifruti
                  </SignInButton>
                </div>
              </div>
            </div>
          </div>
        </section>

        <section className="lp-section" aria-labelledby="lp-categories-title">
          <div className="lp-wrap">
            <div className="lp-section__head">
              <p className="lp-kicker">Funções</p>
              <h2 className="lp-title" id="lp-categories-title">
                As funções que fazem o mercado girar
              </h2>
              <p>Turnos de 6h, 8h20 ou 10h, com horário de refeição definido na vaga.</p>
            </div>
            <ul className="lp-categories">
              {SPECIALTIES.map((name) => {
                const art = CATEGORY_ART[name] ?? { icon: StoreIcon, colors: ['#0d9488', '#115e59'] };
                const Icon = art.icon;
                return (
                  <li className="lp-category" key={name}>
                    <div
                      className="lp-category__art"
                      style={{ background: `linear-gradient(150deg, ${art.colors[0]}, ${art.colors[1]})` }}
                    >
                      <Icon size={52} />
                    </div>
                    <span className="lp-category__name">
                      {name.split('/').map((part, i) => (
                        <Fragment key={part}>
                          {i > 0 && (
                            <>
                              /<wbr />
                            </>
                          )}
                          {part}
                        </Fragment>
                      ))}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        </section>

        <AudienceSection
          id="freelancers"
          alt
          kicker="Para freelancers"
          title="Trabalhe quando quiser, perto de casa"
          lead="Monte a sua agenda com turnos de um dia e receba por cada trabalho concluído."
          benefits={FREELANCER_BENEFITS}
          signIn={signIn}
          intent="freelancer"
          cta="Quero Trabalhar"
          note="Cadastro gratuito. Seu perfil é analisado antes da primeira candidatura."
        />

        <AudienceSection
          id="mercados"
          kicker="Para mercados e hortifrútis"
          title="Escala coberta, sem dor de cabeça"
          lead="Falta de última hora, pico de fim de semana ou inventário: publique a vaga e acompanhe tudo pelo painel."
          benefits={MARKET_BENEFITS}
          signIn={signIn}
          intent="restaurant"
          cta="Quero Contratar"
          note="Seu cadastro é aprovado pela nossa equipe antes da primeira vaga."
        />

        <section className="lp-section lp-section--alt" aria-labelledby="lp-steps-title">
          <div className="lp-wrap">
            <div className="lp-section__head">
              <p className="lp-kicker">Como funciona</p>
              <h2 className="lp-title" id="lp-steps-title">
                Do cadastro ao primeiro turno
              </h2>
            </div>
            <ol className="lp-steps">
              {STEPS.map((step) => (
                <li className="lp-step" key={step.title}>
                  <h3>{step.title}</h3>
                  <p>{step.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <Footer />

        {signIn.problem && (
          <div className="lp-toast" data-testid="sign-in-problem">
            <Alert
              tone={signIn.problem.tone === 'warning' ? 'warning' : 'danger'}
              title={signIn.problem.title}
              action={
                <Button variant="ghost" size="sm" onClick={signIn.dismiss}>
                  Fechar
                </Button>
              }
            >
              {signIn.problem.text}
            </Alert>
          </div>
        )}
      </div>
    </SiteLayout>
  );
}
