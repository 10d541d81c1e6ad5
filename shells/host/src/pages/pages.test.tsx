import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AppRoutes } from '../App';
import { ADMIN_TABS, adminTab } from './admin-tabs';
import { dashboardArea } from './dashboard-area';

const render = (path: string) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );

describe('routes', () => {
  it('landing offers both roles and the admin area', () => {
    const html = render('/');
    expect(html).toContain('href="/dashboard?area=freelancer"');
    expect(html).toContain('Sou Freelancer');
    expect(html).toContain('href="/dashboard?area=restaurant"');
    expect(html).toContain('Sou Mercado/Hortifruti');
    expect(html).toContain('href="/admin"');
  });

  it('shows a pt-BR 404 for unknown paths', () => {
    expect(render('/nao/existe')).toContain('Página não encontrada');
  });

  it('renders the placeholders', () => {
    expect(render('/auth/callback')).toContain('Finalizando seu login...');
    expect(render('/setup')).toContain('Complete seu cadastro');
    expect(render('/admin')).toContain('href="/admin/dashboard"');
    expect(render('/admin/jobs/42/applications')).toContain('Candidaturas da vaga #42');
    expect(render('/admin/jobs/42/edit')).toContain('Editar Vaga');
  });

  it('admin dashboard has the eight tabs of spec 02', () => {
    const html = render('/admin/dashboard?tab=bloqueios');
    for (const label of [
      'Dashboard',
      'Faturas',
      'Mercados',
      'Freelancers',
      'Criar Vagas',
      'Controle Mercado',
      'Avaliações',
      'Bloqueios',
    ]) {
      expect(html).toContain(`>${label}</button>`);
    }
    expect(html).toMatch(/aria-selected="true"[^>]*>Bloqueios/);
    expect(html).toContain('Em breve');
  });
});

describe('query parameters', () => {
  it('chooses the dashboard area, restaurant by default', () => {
    expect(dashboardArea(new URLSearchParams('area=freelancer'))).toBe('freelancer');
    expect(dashboardArea(new URLSearchParams('area=restaurant'))).toBe('restaurant');
    expect(dashboardArea(new URLSearchParams('area=admin'))).toBe('restaurant');
    expect(dashboardArea(new URLSearchParams())).toBe('restaurant');
  });

  it('maps admin tabs to their remotes', () => {
    expect(adminTab(new URLSearchParams('tab=faturas')).remote).toBe('admin_billing');
    expect(adminTab(new URLSearchParams('tab=mercados')).remote).toBe('admin_ops');
    expect(adminTab(new URLSearchParams('tab=zzz')).id).toBe('dashboard');
    expect(ADMIN_TABS).toHaveLength(8);
  });
});
