/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type CurrentUser } from '@turno/contracts';
import { PRIVACY_MESSAGES, PRIVACY_NOTICE_VERSION, TERMS_VERSION } from '@turno/domain';
import { installFakeLiveStreams } from '@turno/ui/testing';
import { StrictMode, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '../router';
import { ApiError, type AdminApi } from '../session/api';
import { createSessionStore, type SessionStore } from '../session/store';
import { SessionProvider } from '../session/useSession';
import { fakeSessionApi, PEOPLE } from '../test-support/session';
import { AdminDashboardPage } from './AdminDashboardPage';
import { AdminJobEditPage } from './AdminJobPages';
import { AdminLoginPage } from './AdminLoginPage';
import { AuthCallbackPage } from './AuthCallbackPage';
import { DashboardPage } from './DashboardPage';
import { LandingPage } from './LandingPage';
import { SetupPage } from './SetupPage';

jest.mock('../remotes/RemoteArea', () => ({
  RemoteArea: ({ name, section, params }: { name: string; section?: string; params?: object }) => (
    <div
      data-testid={`remote-area-${name}`}
      data-section={section}
      data-params={JSON.stringify(params ?? {})}
    />
  ),
}));

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}
const where = () => screen.getByTestId('location').textContent;

function mount(path: string, store: SessionStore, routes: Record<string, ReactElement>) {
  return render(
    <StrictMode>
      <SessionProvider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <Probe />
          <Routes>
            {Object.entries(routes).map(([p, element]) => (
              <Route key={p} path={p} element={element} />
            ))}
            <Route path="*" element={<p>outra página</p>} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </StrictMode>,
  );
}

const storeFor = (user: CurrentUser | null, overrides = {}) => {
  const api = fakeSessionApi(user, overrides);
  return { api, store: createSessionStore(api) };
};

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('/auth/callback', () => {
  it('exchanges the code once under StrictMode, fetches the user again and goes to /dashboard', async () => {
    const { api, store } = storeFor(PEOPLE.freelancer);
    const createSession = jest.fn(async () => undefined);
    mount('/auth/callback?code=strict-1&state=st&iss=http%3A%2F%2Fidp', store, {
      '/auth/callback': <AuthCallbackPage api={{ createSession }} />,
      '/dashboard': <DashboardPage />,
    });
    expect(screen.getByText('Finalizando seu login...')).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(createSession).toHaveBeenCalledTimes(1);
    expect(createSession).toHaveBeenCalledWith({ code: 'strict-1', state: 'st', iss: 'http://idp' });
    expect(api.currentUser).toHaveBeenCalledTimes(1);
    await screen.findByTestId('remote-area-freelancer');
  });

  it('returns to / with the access-denied notice when the person cancels at the provider', async () => {
    const { store } = storeFor(null);
    const createSession = jest.fn();
    mount('/auth/callback?error=access_denied&state=x', store, {
      '/auth/callback': <AuthCallbackPage api={{ createSession }} />,
      '/': <LandingPage />,
    });
    await waitFor(() => expect(where()).toBe('/'));
    const notice = await screen.findByTestId('sign-in-notice');
    expect(notice.textContent).toContain('O login foi cancelado ou negado. Tente novamente.');
    expect(createSession).not.toHaveBeenCalled();
  });

  it('returns to / with "Falha na autenticação." when the exchange fails', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store } = storeFor(null);
    const createSession = jest.fn(async () =>
      Promise.reject(new ApiError('HTTP 400', 400, 'Login expirado')),
    );
    mount('/auth/callback?code=bad-1&state=st', store, {
      '/auth/callback': <AuthCallbackPage api={{ createSession }} />,
      '/': <LandingPage />,
    });
    const notice = await screen.findByTestId('sign-in-notice');
    expect(notice.textContent).toContain('Falha na autenticação.');
    expect(notice.textContent).toContain('Login expirado');
    error.mockRestore();
  });
});

describe('landing', () => {
  const original = navigator.userAgent;
  afterEach(() => Object.defineProperty(navigator, 'userAgent', { value: original, configurable: true }));

  it('inside Instagram shows "Navegador Não Compatível" and an alert instead of starting sign-in', async () => {
    Object.defineProperty(navigator, 'userAgent', {
      value:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Instagram 334.0',
      configurable: true,
    });
    const fetchSpy = jest.fn();
    globalThis.fetch = fetchSpy;
    const { store } = storeFor(null);
    mount('/', store, { '/': <LandingPage /> });
    const warning = await screen.findByTestId('in-app-browser-warning');
    expect(warning.textContent).toContain('Navegador Não Compatível');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Sou Freelancer' })));
    expect(screen.getByTestId('sign-in-problem').textContent).toContain('Chrome, Safari, Firefox ou Edge');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows at once to a browser without the area hint, "Carregando..." with it until the session answers', async () => {
    let answer: (user: CurrentUser) => void = () => undefined;
    const waiting = () => ({
      store: createSessionStore(
        fakeSessionApi(null, {
          currentUser: jest.fn(() => new Promise<CurrentUser>((resolve) => (answer = resolve))),
        }),
      ),
    });
    mount('/', waiting().store, { '/': <LandingPage /> });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Turnos avulsos');
    expect(screen.queryByTestId('page-loading')).toBeNull();
    cleanup();

    document.cookie = 'turno_area=freelancer; Path=/';
    try {
      mount('/', waiting().store, { '/': <LandingPage /> });
      expect(screen.getByTestId('page-loading').textContent).toBe('Carregando...');
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
      await act(async () => answer(PEOPLE.freelancer));
      await waitFor(() => expect(where()).toBe('/dashboard'));
    } finally {
      document.cookie = 'turno_area=; Path=/; Max-Age=0';
    }
  });

  it('sends a signed-in visitor to /dashboard', async () => {
    const { store } = storeFor(PEOPLE.restaurant);
    mount('/', store, { '/': <LandingPage />, '/dashboard': <DashboardPage /> });
    await waitFor(() => expect(where()).toBe('/dashboard'));
    await screen.findByTestId('remote-area-restaurant');
    expect(screen.getByTestId('signed-in-as').textContent).toBe('Supermercado Bom Preço');
  });
});

describe('/dashboard', () => {
  it.each([
    [null, '/'],
    [PEOPLE.newPerson, '/setup'],
    [PEOPLE.admin, '/admin/dashboard'],
  ] as const)('routes %#', async (user, path) => {
    const { store } = storeFor(user);
    mount('/dashboard', store, { '/dashboard': <DashboardPage /> });
    await waitFor(() => expect(where()).toBe(path));
  });

  it('shows the freelancer remote and logs out to /', async () => {
    const { api, store } = storeFor(PEOPLE.freelancer);
    mount('/dashboard', store, { '/dashboard': <DashboardPage /> });
    await screen.findByTestId('remote-area-freelancer');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Sair' })));
    await waitFor(() => expect(where()).toBe('/'));
    expect(api.logout).toHaveBeenCalledTimes(1);
  });

  const tabRoutes = { '/dashboard': <DashboardPage />, '/dashboard/:section': <DashboardPage /> };

  it('gives the area the tab its address names: /dashboard is the first tab, /dashboard/<tab> the others', async () => {
    const restaurant = storeFor(PEOPLE.restaurant).store;
    mount('/dashboard/agenda', restaurant, tabRoutes);
    expect((await screen.findByTestId('remote-area-restaurant')).dataset.section).toBe('agenda');
    expect(where()).toBe('/dashboard/agenda');
    cleanup();
    mount('/dashboard', storeFor(PEOPLE.freelancer).store, tabRoutes);
    expect((await screen.findByTestId('remote-area-freelancer')).dataset.section).toBe('vagas');
    cleanup();
    mount('/dashboard/financas', storeFor(PEOPLE.freelancer).store, tabRoutes);
    expect((await screen.findByTestId('remote-area-freelancer')).dataset.section).toBe('financas');
  });

  it.each([
    ['a tab of the other area', PEOPLE.restaurant, '/dashboard/financas'],
    ['an unknown tab', PEOPLE.freelancer, '/dashboard/relatorios'],
    ["the first tab's own name", PEOPLE.restaurant, '/dashboard/dashboard'],
  ])('sends %s to /dashboard', async (_case, user, path) => {
    mount(path, storeFor(user).store, tabRoutes);
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(screen.getByTestId(/^remote-area-/).dataset.section).toBe(
      user === PEOPLE.restaurant ? 'dashboard' : 'vagas',
    );
  });
});

describe('a new version of the terms (issue 27)', () => {
  it('blocks the area until the person accepts it; the acceptance is posted with the versions shown', async () => {
    const pending = {
      ...PEOPLE.freelancer,
      terms: {
        accepted: false,
        terms_version: TERMS_VERSION,
        privacy_notice_version: PRIVACY_NOTICE_VERSION,
      },
    };
    const { api, store } = storeFor(pending);
    api.currentUser
      .mockResolvedValueOnce(pending)
      .mockResolvedValue({ ...pending, terms: { ...pending.terms, accepted: true } });
    const fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({}) }) as Response);
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    mount('/dashboard', store, { '/dashboard': <DashboardPage /> });

    await screen.findByTestId('terms-update');
    expect(screen.queryByTestId('remote-area-freelancer')).toBeNull();
    act(() => fireEvent.click(screen.getByRole('button', { name: PRIVACY_MESSAGES.acceptButton })));
    expect(screen.getByRole('alert').textContent).toBe(PRIVACY_MESSAGES.termsRequired);
    expect(fetchMock).not.toHaveBeenCalled();

    act(() => fireEvent.click(screen.getByLabelText(/Li e aceito/)));
    act(() => fireEvent.click(screen.getByRole('button', { name: PRIVACY_MESSAGES.acceptButton })));
    await screen.findByTestId('remote-area-freelancer');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/consents/terms',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ termsVersion: TERMS_VERSION, privacyNoticeVersion: PRIVACY_NOTICE_VERSION }),
      }),
    );
  });

  it('lets the person sign out instead', async () => {
    const pending = {
      ...PEOPLE.restaurant,
      terms: {
        accepted: false,
        terms_version: TERMS_VERSION,
        privacy_notice_version: PRIVACY_NOTICE_VERSION,
      },
    };
    const { api, store } = storeFor(pending);
    mount('/dashboard', store, { '/dashboard': <DashboardPage /> });
    await screen.findByTestId('terms-update');
    act(() => fireEvent.click(screen.getByRole('button', { name: PRIVACY_MESSAGES.signOutInstead })));
    await waitFor(() => expect(api.logout).toHaveBeenCalled());
  });
});

describe('/setup', () => {
  const answer = (status: number, body: unknown) =>
    ({ ok: status < 300, status, json: async () => body }) as Response;

  it('completes a restaurant in two steps, with the phone and CEP widgets', async () => {
    globalThis.fetch = jest.fn(async () =>
      answer(200, {
        cep: '01310-100',
        logradouro: 'Avenida Paulista',
        bairro: 'Bela Vista',
        localidade: 'São Paulo',
        uf: 'SP',
        formattedAddress: 'Avenida Paulista, Bela Vista, São Paulo - SP',
      }),
    ) as unknown as typeof fetch;
    const { api, store } = storeFor(PEOPLE.newPerson);
    const setupProfile = jest.fn(async () => undefined);
    api.currentUser.mockResolvedValueOnce(PEOPLE.newPerson).mockResolvedValue({
      ...PEOPLE.newPerson,
      profile: { ...PEOPLE.restaurant.profile, business_name: 'Hortifruti Lima' },
    });
    mount('/setup', store, {
      '/setup': <SetupPage api={{ setupProfile }} />,
      '/dashboard': <DashboardPage />,
    });

    const name = (await screen.findByLabelText('Nome completo')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Pedro Henrique Lima'));

    // Step 1 is blocked without an account type, and with a half-typed phone.
    const phone = screen.getByLabelText(/Telefone/) as HTMLInputElement;
    act(() => fireEvent.change(phone, { target: { value: '1198' } }));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Continuar' })));
    expect(screen.getByText(/Telefone incompleto/)).toBeTruthy();
    expect(screen.getByText('Escolha o tipo de conta: Mercado/Hortifruti ou Freelancer.')).toBeTruthy();
    act(() => fireEvent.change(phone, { target: { value: '11987654321' } }));
    expect(phone.value).toBe('(11) 98765-4321');
    expect(screen.getByText('Telefone válido')).toBeTruthy();
    act(() => fireEvent.click(screen.getByLabelText(/Mercado\/Hortifruti/)));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Continuar' })));

    // Step 2: business name required; the CEP fills the address.
    await screen.findByText('Dados do estabelecimento');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Finalizar Cadastro' })));
    expect(screen.getByText('Nome do estabelecimento é obrigatório')).toBeTruthy();
    act(() =>
      fireEvent.change(screen.getByLabelText(/Nome do estabelecimento/), {
        target: { value: 'Hortifruti Lima' },
      }),
    );
    act(() => fireEvent.change(screen.getByLabelText(/CEP/), { target: { value: '01310100' } }));
    await waitFor(() =>
      expect((screen.getByLabelText(/^Endereço \(opcional\)/) as HTMLInputElement).value).toBe(
        'Avenida Paulista, Bela Vista, São Paulo - SP',
      ),
    );
    act(() => fireEvent.change(screen.getByLabelText(/Número/), { target: { value: '1578' } }));
    const type = screen.getByLabelText(/Tipo de estabelecimento/) as HTMLSelectElement;
    expect(type.options).toHaveLength(31);
    act(() => fireEvent.change(type, { target: { value: 'Hortifruti' } }));
    act(() => fireEvent.change(screen.getByLabelText(/Pessoa de contato/), { target: { value: 'Pedro' } }));
    // The legal identity (issue 25): required, the CNPJ checked and masked as it is typed.
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Finalizar Cadastro' })));
    expect(screen.getByText('CNPJ é obrigatório')).toBeTruthy();
    expect(screen.getByText('Razão social é obrigatória')).toBeTruthy();
    const cnpj = screen.getByLabelText(/^CNPJ/) as HTMLInputElement;
    act(() => fireEvent.change(cnpj, { target: { value: '11222333000182' } }));
    expect(screen.getByText(/CNPJ inválido/)).toBeTruthy();
    act(() => fireEvent.change(cnpj, { target: { value: '11222333000181' } }));
    expect(cnpj.value).toBe('11.222.333/0001-81');
    act(() =>
      fireEvent.change(screen.getByLabelText(/Razão social/), { target: { value: 'Hortifruti Lima Ltda' } }),
    );
    // Issue 27: the terms of use and the privacy notice, each a link opening its page in a new tab.
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Finalizar Cadastro' })));
    expect(screen.getByRole('alert').textContent).toBe(PRIVACY_MESSAGES.termsRequired);
    expect(setupProfile).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Termos de uso' }).getAttribute('href')).toBe('/termos');
    expect(screen.getByRole('link', { name: 'Aviso de privacidade' }).getAttribute('target')).toBe('_blank');
    act(() => fireEvent.click(screen.getByLabelText(/Li e aceito/)));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Finalizar Cadastro' })));

    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(setupProfile).toHaveBeenCalledWith({
      name: 'Pedro Henrique Lima',
      phone: '11987654321',
      userType: 'restaurant',
      businessName: 'Hortifruti Lima',
      address: 'Avenida Paulista, Bela Vista, São Paulo - SP',
      addressNumber: '1578',
      cep: '01310-100',
      cuisineType: 'Hortifruti',
      contactPerson: 'Pedro',
      cnpj: '11222333000181',
      legalName: 'Hortifruti Lima Ltda',
      experienceYears: null,
      specialties: null,
      hourlyRate: 0,
      acceptedTerms: true,
      termsVersion: TERMS_VERSION,
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    });
    await screen.findByTestId('remote-area-restaurant');
  });

  it('completes a freelancer (experience, specialties) and shows a server refusal', async () => {
    const { store } = storeFor(PEOPLE.newPerson);
    const setupProfile = jest
      .fn()
      .mockRejectedValueOnce(new ApiError('HTTP 500', 500, undefined))
      .mockResolvedValue(undefined);
    sessionStorage.setItem('turno.signInIntent', 'freelancer');
    mount('/setup', store, { '/setup': <SetupPage api={{ setupProfile }} /> });
    await screen.findByLabelText('Nome completo');
    expect((screen.getByLabelText(/^Freelancer/) as HTMLInputElement).checked).toBe(true);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Continuar' })));
    await screen.findByText('Sua experiência');
    act(() => fireEvent.change(screen.getByLabelText('Anos de experiência'), { target: { value: '3' } }));
    act(() => fireEvent.click(screen.getByLabelText('Operador de Caixa')));
    act(() => fireEvent.click(screen.getByLabelText('Estoquista')));
    // The seven specialties and the terms' box.
    expect(screen.getAllByRole('checkbox')).toHaveLength(8);
    act(() => fireEvent.click(screen.getByLabelText(/Li e aceito/)));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Finalizar Cadastro' })));
    expect((await screen.findByTestId('setup-error')).textContent).toContain(
      'Erro ao criar perfil. Tente novamente.',
    );
    expect(setupProfile).toHaveBeenCalledWith(
      expect.objectContaining({
        userType: 'freelancer',
        phone: null,
        experienceYears: 3,
        specialties: ['Operador de Caixa', 'Estoquista'],
        businessName: null,
        hourlyRate: 0,
      }),
    );
    // "Voltar" keeps what was typed.
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Voltar' })));
    expect(((await screen.findByLabelText('Nome completo')) as HTMLInputElement).value).toBe(
      'Pedro Henrique Lima',
    );
  });

  it('"Voltar ao início" logs out and goes to /', async () => {
    const { api, store } = storeFor(PEOPLE.newPerson);
    mount('/setup', store, { '/setup': <SetupPage api={{ setupProfile: jest.fn() }} /> });
    await screen.findByLabelText('Nome completo');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Voltar ao início' })));
    await waitFor(() => expect(where()).toBe('/'));
    expect(api.logout).toHaveBeenCalledTimes(1);
  });

  it('sends someone without a session to / and someone with a profile to /dashboard', async () => {
    mount('/setup', storeFor(null).store, { '/setup': <SetupPage /> });
    await waitFor(() => expect(where()).toBe('/'));
    cleanup();
    mount('/setup', storeFor(PEOPLE.freelancer).store, { '/setup': <SetupPage /> });
    await waitFor(() => expect(where()).toBe('/dashboard'));
  });
});

describe('/admin', () => {
  it('shows "Credenciais inválidas" for a wrong password', async () => {
    const login = jest.fn(async () => Promise.reject(new ApiError('HTTP 401', 401, undefined)));
    mount('/admin', storeFor(null).store, { '/admin': <AdminLoginPage api={{ login }} /> });
    act(() =>
      fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'admin@turno.example' } }),
    );
    act(() => fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'errada' } }));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Entrar' })));
    expect(screen.getByRole('button', { name: /Entrando/ })).toBeTruthy();
    expect((await screen.findByTestId('admin-login-error')).textContent).toBe('Credenciais inválidas');
    expect(login).toHaveBeenCalledWith({ email: 'admin@turno.example', password: 'errada' });
  });

  it('requires both fields, toggles the password and signs in', async () => {
    const login = jest.fn(async () => undefined);
    mount('/admin', storeFor(null).store, {
      '/admin': <AdminLoginPage api={{ login }} />,
      '/admin/dashboard': <p>painel</p>,
    });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Entrar' })));
    expect(screen.getByTestId('admin-login-error').textContent).toBe('Informe e-mail e senha.');
    const password = screen.getByLabelText('Senha') as HTMLInputElement;
    act(() => fireEvent.change(password, { target: { value: 's3nha' } }));
    expect(password.type).toBe('password');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Mostrar' })));
    expect(password.type).toBe('text');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Ocultar' })));
    expect(password.type).toBe('password');
    act(() =>
      fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: ' admin@turno.example ' } }),
    );
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Entrar' })));
    await waitFor(() => expect(where()).toBe('/admin/dashboard'));
    expect(login).toHaveBeenCalledWith({ email: 'admin@turno.example', password: 's3nha' });
  });

  it('says "Erro ao fazer login. Tente novamente." when the server cannot be reached', async () => {
    const login = jest.fn(async () => Promise.reject(new ApiError('offline', undefined, undefined)));
    mount('/admin', storeFor(null).store, { '/admin': <AdminLoginPage api={{ login }} /> });
    act(() => fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'a@b.co' } }));
    act(() => fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'x' } }));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Entrar' })));
    expect((await screen.findByTestId('admin-login-error')).textContent).toBe(
      'Erro ao fazer login. Tente novamente.',
    );
  });
});

describe('/admin/dashboard', () => {
  const admin = { ok: true as const, admin: { id: 1, email: 'admin@turno.example', name: 'Equipe Turno' } };

  it('goes to /admin when access is not OK', async () => {
    const api: Pick<AdminApi, 'verify' | 'logout'> = {
      verify: jest.fn(async () => Promise.reject(new ApiError('401', 401, undefined))),
      logout: jest.fn(),
    };
    mount('/admin/dashboard', storeFor(null).store, { '/admin/dashboard': <AdminDashboardPage api={api} /> });
    expect(screen.getByText('Verificando acesso...')).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/admin'));
  });

  it('shows the header and tabs, and "Sair" returns to /admin even when the call fails', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api: Pick<AdminApi, 'verify' | 'logout'> = {
      verify: jest.fn(async () => admin),
      logout: jest.fn(async () => Promise.reject(new ApiError('offline', undefined, undefined))),
    };
    mount('/admin/dashboard?tab=faturas', storeFor(null).store, {
      '/admin/dashboard': <AdminDashboardPage api={api} />,
    });
    expect((await screen.findByTestId('admin-online')).textContent).toBe('Admin Online');
    expect(screen.getByText('Equipe Turno')).toBeTruthy();
    expect(screen.getAllByRole('tab')).toHaveLength(13);
    expect(screen.getByTestId('remote-area-admin_billing')).toBeTruthy();
    act(() => fireEvent.click(screen.getByRole('tab', { name: 'Mercados' })));
    expect(screen.getByTestId('remote-area-admin_ops').dataset.section).toBe('mercados');
    // One remote, two tabs: admin_ops shows its command centre in "Dashboard".
    act(() => fireEvent.click(screen.getByRole('tab', { name: 'Dashboard' })));
    expect(screen.getByTestId('remote-area-admin_ops').dataset.section).toBe('dashboard');
    // Two teams' areas on the Dashboard: the billing metrics above the command centre.
    const dashboardAreas = screen.getAllByTestId(/^remote-area-/).map((area) => area.dataset.testid);
    expect(dashboardAreas).toEqual(['remote-area-admin_billing', 'remote-area-admin_ops']);
    // Every operations tab is an admin_ops area (issue 10): none says "Em breve".
    act(() => fireEvent.click(screen.getByRole('tab', { name: 'Bloqueios' })));
    expect(screen.getByTestId('remote-area-admin_ops').dataset.section).toBe('bloqueios');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Sair' })));
    await waitFor(() => expect(where()).toBe('/admin'));
    warn.mockRestore();
  });

  it("shows the admin's bell on the admin URLs; an item opens its tab, marked read (issue 26)", async () => {
    const calls: { url: string; method: string }[] = [];
    const answer = (body: unknown) =>
      ({ ok: true, status: 200, json: async () => body, headers: new Headers() }) as unknown as Response;
    const saved = globalThis.fetch;
    globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET' });
      if (url.endsWith('/read')) return answer({ unread: 0 });
      return answer({
        unread: 1,
        nextCursor: null,
        items: [
          {
            id: 41,
            kind: 'payout_failed',
            title: 'Repasse com falha',
            body: 'O Pix de R$ 120,00 para Ana falhou.',
            link: '/admin/dashboard?tab=repasses',
            created_at: '2026-11-27T12:00:00.000Z',
            read_at: null,
          },
        ],
      });
    }) as unknown as typeof fetch;
    try {
      const api: Pick<AdminApi, 'verify' | 'logout'> = {
        verify: jest.fn(async () => admin),
        logout: jest.fn(),
      };
      mount('/admin/dashboard?tab=faturas', storeFor(null).store, {
        '/admin/dashboard': <AdminDashboardPage api={api} />,
      });
      const bell = await screen.findByRole('button', { name: 'Notificações, 1 não lida' });
      expect(calls[0]).toEqual({ url: '/api/admin/notifications', method: 'GET' });
      act(() => fireEvent.click(bell));
      const item = await screen.findByTestId('notification-item');
      expect(screen.queryByTestId('browser-push')).toBeNull();
      act(() => fireEvent.click(item));
      await waitFor(() =>
        expect(screen.getByRole('tab', { name: 'Repasses' }).getAttribute('aria-selected')).toBe('true'),
      );
      expect(screen.getByTestId('remote-area-admin_billing').dataset.section).toBe('repasses');
      await waitFor(() =>
        expect(calls).toContainEqual({ url: '/api/admin/notifications/41/read', method: 'POST' }),
      );
      expect(screen.getByRole('button', { name: 'Notificações, nenhuma não lida' })).toBeTruthy();
      expect(calls.some((call) => call.url.startsWith('/api/notifications'))).toBe(false);
    } finally {
      globalThis.fetch = saved;
    }
  });

  it("reads the admin's bell again only on a notification for the admins, not on everyone's (issue 26)", async () => {
    const live = installFakeLiveStreams();
    const reads: string[] = [];
    const saved = globalThis.fetch;
    globalThis.fetch = jest.fn(async (url: string) => {
      reads.push(url);
      return {
        ok: true,
        status: 200,
        json: async () => ({ unread: 0, nextCursor: null, items: [] }),
        headers: new Headers(),
      } as unknown as Response;
    }) as unknown as typeof fetch;
    try {
      const api: Pick<AdminApi, 'verify' | 'logout'> = {
        verify: jest.fn(async () => admin),
        logout: jest.fn(),
      };
      mount('/admin/dashboard', storeFor(null).store, {
        '/admin/dashboard': <AdminDashboardPage api={api} />,
      });
      /** Longer than a burst's coalescing (200 ms): a read asked for has started by then. */
      const aWhile = () => act(() => new Promise((resolve) => setTimeout(resolve, 400)));
      await screen.findByRole('button', { name: 'Notificações, nenhuma não lida' });
      await aWhile();
      const first = reads.length; // StrictMode runs the first read's effect twice
      expect(new Set(reads)).toEqual(new Set(['/api/admin/notifications']));
      expect(live.streams.filter((stream) => !stream.closed).map((stream) => stream.url)).toEqual([
        '/bff/admin-ops/api/events',
      ]);
      // The admin-ops stream carries every event: a freelancer's and a business's notifications.
      live.emit('notification_created', { notificationId: 7 });
      live.emit('notification_created', { notificationId: 8 });
      await aWhile();
      expect(reads).toHaveLength(first);
      live.emit('notification_created', { notificationId: 9, audience: 'admins' });
      await waitFor(() => expect(reads).toHaveLength(first + 1));
    } finally {
      globalThis.fetch = saved;
      live.uninstall();
    }
  });

  it('gives admin_ops the job of /admin/jobs/:jobId/edit, after checking access', async () => {
    const api: Pick<AdminApi, 'verify' | 'logout'> = {
      verify: jest.fn(async () => admin),
      logout: jest.fn(async () => undefined),
    };
    mount('/admin/jobs/42/edit', storeFor(null).store, {
      '/admin/jobs/:jobId/edit': <AdminJobEditPage api={api} />,
    });
    const area = await screen.findByTestId('remote-area-admin_ops');
    expect(area.dataset.section).toBe('job-edit');
    expect(JSON.parse(area.dataset.params ?? '')).toEqual({ jobId: '42' });
    expect(screen.getByRole('link', { name: '← Voltar ao painel' }).getAttribute('href')).toBe(
      '/admin/dashboard',
    );
  });

  it('sends a visitor who is not an admin from a job page to /admin', async () => {
    const api: Pick<AdminApi, 'verify' | 'logout'> = {
      verify: jest.fn(async () => Promise.reject(new ApiError('401', 401, undefined))),
      logout: jest.fn(async () => undefined),
    };
    mount('/admin/jobs/42/edit', storeFor(null).store, {
      '/admin/jobs/:jobId/edit': <AdminJobEditPage api={api} />,
    });
    await waitFor(() => expect(where()).toBe('/admin'));
    expect(screen.queryByTestId('remote-area-admin_ops')).toBeNull();
  });
});

describe('/admin second factor (issue 12)', () => {
  const admin = { id: 7, email: 'admin@turno.example', name: 'Equipe Turno' };
  const signIn = () => {
    act(() =>
      fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'admin@turno.example' } }),
    );
    act(() => fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'uma senha longa' } }));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Entrar' })));
  };

  it('asks for the 6-digit code after the password, shows a wrong code and signs in with the right one', async () => {
    const login = jest.fn(async () => ({ success: true as const, mfa: 'required' as const }));
    const secondStep = jest.fn(async ({ code }: { code?: string }) => {
      if (code !== '123456') throw new ApiError('HTTP 401', 401, 'Código inválido ou expirado.');
      return { success: true as const, admin };
    });
    mount('/admin', storeFor(null).store, {
      '/admin': <AdminLoginPage api={{ login, secondStep }} />,
      '/admin/dashboard': <p>painel</p>,
    });
    signIn();
    const field = await screen.findByLabelText('Código de 6 dígitos');
    expect(where()).toBe('/admin');
    act(() => fireEvent.change(field, { target: { value: '65-4321' } }));
    expect((field as HTMLInputElement).value).toBe('654321');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Verificar' })));
    expect((await screen.findByTestId('admin-login-error')).textContent).toBe('Código inválido ou expirado.');
    act(() => fireEvent.change(field, { target: { value: '123456' } }));
    act(() => fireEvent.click(screen.getByLabelText(/Lembrar este dispositivo/)));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Verificar' })));
    await waitFor(() => expect(where()).toBe('/admin/dashboard'));
    expect(secondStep).toHaveBeenLastCalledWith({ code: '123456', rememberDevice: true });
  });

  it('takes a recovery code instead of the app code', async () => {
    const login = jest.fn(async () => ({ success: true as const, mfa: 'required' as const }));
    const secondStep = jest.fn(async () => ({ success: true as const, admin }));
    mount('/admin', storeFor(null).store, {
      '/admin': <AdminLoginPage api={{ login, secondStep }} />,
      '/admin/dashboard': <p>painel</p>,
    });
    signIn();
    const useRecovery = await screen.findByRole('button', { name: 'Usar um código de recuperação' });
    act(() => fireEvent.click(useRecovery));
    act(() =>
      fireEvent.change(screen.getByLabelText('Código de recuperação'), { target: { value: 'abcde-fghij' } }),
    );
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Verificar' })));
    await waitFor(() => expect(where()).toBe('/admin/dashboard'));
    expect(secondStep).toHaveBeenCalledWith({ recoveryCode: 'abcde-fghij', rememberDevice: false });
  });

  it('enrols: QR code and key, the first code, then the recovery codes once before the panel', async () => {
    const enrolment = {
      secret: 'JBSWY3DPEHPK3PXP',
      otpauthUrl: 'otpauth://totp/x',
      qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
    };
    const login = jest.fn(async () => ({ success: true as const, mfa: 'enrolment' as const, enrolment }));
    const recoveryCodes = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBBB`);
    const secondStep = jest.fn(async () => ({ success: true as const, admin, recoveryCodes }));
    mount('/admin', storeFor(null).store, {
      '/admin': <AdminLoginPage api={{ login, secondStep }} />,
      '/admin/dashboard': <p>painel</p>,
    });
    signIn();
    expect(
      (await screen.findByRole('img', { name: 'QR code para o aplicativo autenticador' })).getAttribute(
        'src',
      ),
    ).toBe(enrolment.qrCode);
    expect(screen.getByTestId('mfa-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP');
    act(() =>
      fireEvent.change(screen.getByLabelText('Código de 6 dígitos'), { target: { value: '123456' } }),
    );
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Ativar e entrar' })));
    const list = await screen.findByRole('list', { name: 'Códigos de recuperação' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(where()).toBe('/admin');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Continuar para o painel' })));
    await waitFor(() => expect(where()).toBe('/admin/dashboard'));
  });
});
