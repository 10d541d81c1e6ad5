import { type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from '../router';
import { AppRoutes, type Pages } from '../App';
import { AdminDashboardPage } from './AdminDashboardPage';
import { AdminJobApplicationsPage, AdminJobEditPage, AdminJobsPage } from './AdminJobPages';
import { AdminLoginPage } from './AdminLoginPage';
import { AuthCallbackPage } from './AuthCallbackPage';
import { DashboardPage } from './DashboardPage';
import { NotFoundPage } from './NotFoundPage';
import { SetupPage } from './SetupPage';
import { TeamInvitationPage } from './TeamInvitationPage';
import { PrivacyNoticePage, TermsPage } from './LegalPage';
import { SessionProvider } from '../session/useSession';
import { PEOPLE, settledStore } from '../test-support/session';
import { ADMIN_TABS, adminTab } from './admin-tabs';
import { dashboardRoute } from './dashboard-area';
import { ESTABLISHMENT_TYPES, PRIVACY_NOTICE, TERMS_OF_USE } from '@turno/domain';

// The app's routes with its pages loaded up front (the app loads them lazily, which static
// rendering cannot wait for).
const EAGER_PAGES: Pages = {
  AuthCallbackPage,
  SetupPage,
  DashboardPage,
  AdminLoginPage,
  AdminDashboardPage,
  AdminJobsPage,
  AdminJobApplicationsPage,
  AdminJobEditPage,
  TeamInvitationPage,
  NotFoundPage,
  TermsPage,
  PrivacyNoticePage,
};

const render = (
  path: string,
  user: Parameters<typeof settledStore>[0] = null,
  element: ReactElement = <AppRoutes pages={EAGER_PAGES} />,
) =>
  renderToStaticMarkup(
    <SessionProvider store={settledStore(user)}>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
    </SessionProvider>,
  );

describe('landing page', () => {
  it('shows itself while the session loads when no area hint says someone is signed in', () => {
    // With the hint it says "Carregando..." instead (pages.dom.test.tsx, which has a document.cookie).
    const html = render('/', 'pending');
    expect(html).toContain('Sou Freelancer');
    expect(html).not.toContain('Carregando...');
  });

  it('addresses both audiences with sign-in buttons, not links', () => {
    const html = render('/');
    for (const label of [
      'Sou Freelancer',
      'Sou Mercado/Hortifruti',
      'Quero Trabalhar',
      'Quero Contratar',
      'Entrar',
    ]) {
      expect(html).toMatch(new RegExp(`<button[^>]*>${label.replace('/', '\\/')}</button>`));
    }
    expect(html).not.toContain('?area=');
  });

  it('carries the claims, the functions, the benefits and the footer of spec 01 §1', () => {
    const html = render('/');
    for (const text of [
      '500+',
      'freelancers ativos',
      '150+',
      'estabelecimentos',
      '4,8',
      'avaliação média',
      'Operador de Caixa',
      'Aux de Padaria',
      'Flexibilidade',
      'Vagas perto de você',
      'Pagamento garantido',
      'CNPJ',
      'São Paulo - SP',
      'href="mailto:',
      'href="/admin"',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('links the terms of use and the privacy notice from the footer (issue 27)', () => {
    const html = render('/');
    expect(html).toContain('href="/termos"');
    expect(html).toContain('href="/privacidade"');
  });

  it('serves the terms and the notice in force, with their version, to anyone (issue 27)', () => {
    for (const [path, document] of [
      ['/termos', TERMS_OF_USE],
      ['/privacidade', PRIVACY_NOTICE],
    ] as const) {
      const html = render(path);
      expect(html).toContain(`<h1 style="font-size:30px;margin:8px 0 4px">${document.title}</h1>`);
      expect(html).toContain(`data-version="${document.version}"`);
      for (const section of document.sections) expect(html).toContain(section.heading);
    }
  });

  it('sends a signed-in visitor on to /dashboard (renders nothing of the landing)', () => {
    expect(render('/', PEOPLE.restaurant)).not.toContain('Sou Freelancer');
  });
});

describe('pages behind the session', () => {
  it('dashboard says "Carregando dashboard..." while the session loads', () => {
    expect(render('/dashboard', 'pending')).toContain('Carregando dashboard...');
  });

  it('callback says "Finalizando seu login..."', () => {
    expect(render('/auth/callback?code=a&state=b')).toContain('Finalizando seu login...');
  });

  it('setup step 1 has the name, the phone widget and the two account types', () => {
    const html = render('/setup', PEOPLE.newPerson);
    expect(html).toContain('Complete seu cadastro');
    expect(html).toContain('Formato: (DD) 99999-9999 - Digite DDD + número');
    expect(html).toContain('Mercado/Hortifruti');
    expect(html).toContain('Freelancer');
    expect(html).toContain('Voltar ao início');
    expect(html).toContain('Continuar');
    expect(ESTABLISHMENT_TYPES).toHaveLength(30);
  });
});

describe('admin', () => {
  it('login page has e-mail, password with show/hide and "Entrar"', () => {
    const html = render('/admin');
    expect(html).toContain('type="email"');
    expect(html).toContain('type="password"');
    expect(html).toContain('title="Mostrar senha"');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Entrar<\/button>/);
    expect(html).toContain('href="/"');
  });

  it('dashboard checks access first', () => {
    expect(render('/admin/dashboard')).toContain('Verificando acesso...');
  });

  it('has the eight tabs of spec 02 and "Auditoria", each shown by the remote areas that own it', () => {
    expect(ADMIN_TABS.map((t) => t.label)).toEqual([
      'Dashboard',
      'Faturas',
      'Repasses',
      'Mercados',
      'Freelancers',
      'Análise de cadastro',
      'Criar Vagas',
      'Controle Mercado',
      'Avaliações',
      'Bloqueios',
      'Disputas',
      'Privacidade',
      'Auditoria',
    ]);
    const areas = (id: string) =>
      adminTab(new URLSearchParams(`tab=${id}`)).areas.map((area) => `${area.remote}:${area.section}`);
    // The Dashboard: admin_billing's metrics on top, admin_ops's command centre below (spec 02 §2).
    expect(areas('dashboard')).toEqual(['admin_billing:dashboard', 'admin_ops:dashboard']);
    expect(areas('faturas')).toEqual(['admin_billing:faturas']);
    expect(areas('repasses')).toEqual(['admin_billing:repasses']);
    expect(areas('mercados')).toEqual(['admin_ops:mercados']);
    expect(areas('freelancers')).toEqual(['admin_ops:freelancers']);
    expect(areas('analise-cadastro')).toEqual(['admin_ops:analise-cadastro']);
    expect(areas('criar-vagas')).toEqual(['admin_ops:criar-vagas']);
    expect(areas('auditoria')).toEqual(['admin_ops:auditoria']);
    expect(areas('disputas')).toEqual(['admin_ops:disputas']);
    expect(areas('privacidade')).toEqual(['admin_ops:privacidade']);
    expect(areas('controle-mercado')).toEqual(['admin_ops:controle-mercado']);
    expect(areas('avaliacoes')).toEqual(['admin_ops:avaliacoes']);
    expect(areas('bloqueios')).toEqual(['admin_ops:bloqueios']);
    expect(adminTab(new URLSearchParams('tab=zzz')).id).toBe('dashboard');
  });
});

describe('other routes', () => {
  it('shows a pt-BR 404 for unknown paths', () => {
    expect(render('/nao/existe')).toContain('Página não encontrada');
  });

  it('checks admin access first on the job pages of the admin area', () => {
    for (const path of ['/admin/jobs', '/admin/jobs/42/applications', '/admin/jobs/42/edit']) {
      expect({ path, html: render(path) }).toEqual({
        path,
        html: expect.stringContaining('Verificando acesso...'),
      });
    }
  });
});

describe('team invitation link (issue 28)', () => {
  it('is its own page whatever the session: nobody is sent on to /, /setup or /dashboard', () => {
    const path = `/convite-equipe/${'a'.repeat(32)}`;
    for (const user of ['pending', null, PEOPLE.newPerson, PEOPLE.restaurant, PEOPLE.freelancer] as const) {
      const html = render(path, user);
      expect({ user, html }).toEqual({ user, html: expect.stringContaining('Carregando convite...') });
    }
  });
});

describe('dashboardRoute', () => {
  it('routes by session and user_type', () => {
    expect(dashboardRoute(null)).toEqual({ kind: 'redirect', to: '/' });
    expect(dashboardRoute(undefined)).toEqual({ kind: 'redirect', to: '/' });
    expect(dashboardRoute(PEOPLE.newPerson)).toEqual({ kind: 'redirect', to: '/setup' });
    expect(dashboardRoute(PEOPLE.admin)).toEqual({ kind: 'redirect', to: '/admin/dashboard' });
    expect(dashboardRoute(PEOPLE.restaurant)).toEqual({ kind: 'area', area: 'restaurant' });
    expect(dashboardRoute(PEOPLE.freelancer)).toEqual({ kind: 'area', area: 'freelancer' });
  });
});
