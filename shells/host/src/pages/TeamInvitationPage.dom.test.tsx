/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type CurrentUser, type TeamInvitationPreview } from '@turno/contracts';
import {
  BUSINESS_MEMBER_MESSAGES,
  BUSINESS_MEMBER_ROLE_DUTIES,
  PRIVACY_MESSAGES,
  PRIVACY_NOTICE_VERSION,
  TERMS_VERSION,
} from '@turno/domain';
import { StrictMode, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '../router';
import { ApiError } from '../session/api';
import { pendingInvitation, rememberPendingInvitation, takePendingInvitation } from '../session/sign-in';
import { createSessionStore, type SessionStore } from '../session/store';
import { type TeamInvitationApi } from '../session/team-invitation-api';
import { SessionProvider } from '../session/useSession';
import { fakeSessionApi, PEOPLE } from '../test-support/session';
import { AuthCallbackPage } from './AuthCallbackPage';
import { LandingPage } from './LandingPage';
import { TeamInvitationPage } from './TeamInvitationPage';

/** The invited person's page (issue 28 "Equipe"), in jsdom: each state, the accept, the sign-in round trip. */

const TOKEN = 'Abc123_-Abc123_-Abc123_-Abc123_-';
const PATH = `/convite-equipe/${TOKEN}`;
const PENDING_KEY = 'turno.pendingInvitation';

const PREVIEW: TeamInvitationPreview = {
  business_name: 'Atacadão do Bairro',
  role: 'manager',
  store_names: ['Loja Centro', 'Loja Vila Mariana'],
  email: 'dora@example.com',
  expires_at: '2026-12-01T15:00:00.000Z',
  state: 'open',
};

const NEW_PERSON: CurrentUser = { id: 41, email: 'dora@example.com', name: 'Dora Alves', profile: null };
const MEMBER: CurrentUser = {
  ...NEW_PERSON,
  profile: {
    user_type: 'restaurant',
    id: 7,
    name: 'Dora Alves',
    is_approved: true,
    is_active: true,
    business_name: 'Atacadão do Bairro',
  },
};

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

const storeFor = (user: CurrentUser | null) => {
  const api = fakeSessionApi(user);
  return { api, store: createSessionStore(api) };
};

const fakeInvitationApi = (preview: Partial<TeamInvitationPreview> = {}): jest.Mocked<TeamInvitationApi> => ({
  preview: jest.fn<Promise<TeamInvitationPreview>, [string]>(async () => ({ ...PREVIEW, ...preview })),
  accept: jest.fn<Promise<void>, Parameters<TeamInvitationApi['accept']>>(async () => undefined),
});

/** Never answers: the browser would leave for the provider. */
const signInApi = () => ({ signInUrl: jest.fn(() => new Promise<string>(() => undefined)) });

const button = (name: string | RegExp) => screen.queryByRole('button', { name });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('/convite-equipe/:token', () => {
  it('shows the business, the role and what it may do, the stores, to whom and until when', async () => {
    const api = fakeInvitationApi();
    mount(PATH, storeFor(null).store, { '/convite-equipe/:token': <TeamInvitationPage api={api} /> });
    const details = await screen.findByTestId('team-invitation-details');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Convite para a equipe');
    expect(api.preview).toHaveBeenCalledWith(TOKEN);
    const text = details.textContent;
    expect(text).toContain('Atacadão do Bairro');
    expect(text).toContain('Gerente de loja');
    expect(text).toContain(BUSINESS_MEMBER_ROLE_DUTIES.manager);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Loja Centro',
      'Loja Vila Mariana',
    ]);
    expect(text).toContain('Enviado para dora@example.com');
    expect(text).toContain('Válido até 01/12/2026');
    expect(document.title).toBe('Turno · Convite para a equipe');
  });

  it("explains a supervisor's role", async () => {
    mount(PATH, storeFor(null).store, {
      '/convite-equipe/:token': <TeamInvitationPage api={fakeInvitationApi({ role: 'supervisor' })} />,
    });
    const text = (await screen.findByTestId('team-invitation-details')).textContent;
    expect(text).toContain('Supervisor');
    expect(text).toContain(BUSINESS_MEMBER_ROLE_DUTIES.supervisor);
    expect(text).not.toContain(BUSINESS_MEMBER_ROLE_DUTIES.manager);
  });

  it.each([
    ['expired', { state: 'expired' as const }, BUSINESS_MEMBER_MESSAGES.invitationExpired],
    ['used', { state: 'used' as const }, BUSINESS_MEMBER_MESSAGES.invitationUsed],
  ])('says the link is %s, with a way home and nothing to accept', async (_case, preview, message) => {
    mount(PATH, storeFor(NEW_PERSON).store, {
      '/convite-equipe/:token': <TeamInvitationPage api={fakeInvitationApi(preview)} />,
    });
    expect((await screen.findByTestId('team-invitation-closed')).textContent).toContain(message);
    expect(screen.getByRole('link', { name: 'Ir para o início' }).getAttribute('href')).toBe('/');
    expect(screen.getByTestId('team-invitation-details').textContent).toContain('Atacadão do Bairro');
    expect(button('Aceitar convite')).toBeNull();
    expect(button('Entrar para aceitar')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('says "Convite não encontrado." for a link that does not exist, or cannot be one', async () => {
    const api = fakeInvitationApi();
    api.preview.mockRejectedValue(new ApiError('HTTP 404', 404, 'Convite não encontrado.'));
    mount(PATH, storeFor(null).store, { '/convite-equipe/:token': <TeamInvitationPage api={api} /> });
    const closed = await screen.findByTestId('team-invitation-closed');
    expect(closed.textContent).toContain(BUSINESS_MEMBER_MESSAGES.invitationNotFound);
    expect(screen.queryByTestId('team-invitation-details')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir para o início' })).toBeTruthy();
    expect(button('Entrar para aceitar')).toBeNull();
    cleanup();

    const never = fakeInvitationApi();
    mount('/convite-equipe/curto', storeFor(null).store, {
      '/convite-equipe/:token': <TeamInvitationPage api={never} />,
    });
    expect((await screen.findByTestId('team-invitation-closed')).textContent).toContain(
      BUSINESS_MEMBER_MESSAGES.invitationNotFound,
    );
    expect(never.preview).not.toHaveBeenCalled();
  });

  it('offers to try again when the invitation cannot be read', async () => {
    const api = fakeInvitationApi();
    api.preview.mockRejectedValue(new ApiError('GET: HTTP 502', 502, undefined));
    mount(PATH, storeFor(null).store, { '/convite-equipe/:token': <TeamInvitationPage api={api} /> });
    await screen.findByTestId('team-invitation-load-error');
    expect(button('Entrar para aceitar')).toBeNull();
    api.preview.mockResolvedValue(PREVIEW);
    act(() => fireEvent.click(button('Tentar novamente')!));
    await screen.findByTestId('team-invitation-details');
    expect(button('Entrar para aceitar')).toBeTruthy();
  });

  it('signed out: "Entrar para aceitar" remembers the invitation and starts sign-in', async () => {
    const signIn = signInApi();
    mount(PATH, storeFor(null).store, {
      '/convite-equipe/:token': <TeamInvitationPage api={fakeInvitationApi()} signInApi={signIn} />,
    });
    await screen.findByTestId('team-invitation-details');
    expect(button('Aceitar convite')).toBeNull();
    act(() => fireEvent.click(button('Entrar para aceitar')!));
    expect(sessionStorage.getItem(PENDING_KEY)).toBe(PATH);
    expect(signIn.signInUrl).toHaveBeenCalledTimes(1);
  });

  it('signed in without a profile: the terms box first, then the acceptance is posted and /dashboard opens', async () => {
    const { api, store } = storeFor(NEW_PERSON);
    api.currentUser.mockResolvedValueOnce(NEW_PERSON).mockResolvedValue(MEMBER);
    const calls: { url: string; init?: RequestInit }[] = [];
    globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (init?.method === 'POST') {
        return { ok: true, status: 201, json: async () => ({ success: true, user: MEMBER }) } as Response;
      }
      return { ok: true, status: 200, json: async () => PREVIEW } as Response;
    }) as unknown as typeof fetch;
    mount(PATH, store, {
      '/convite-equipe/:token': <TeamInvitationPage />,
      '/dashboard': <p>painel</p>,
    });

    await screen.findByTestId('team-invitation-details');
    expect(calls[0]!.url).toBe(`/api/team-invitations/${TOKEN}`);
    expect(screen.getByText('Você entrou como dora@example.com.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Termos de uso' }).getAttribute('href')).toBe('/termos');
    act(() => fireEvent.click(button('Aceitar convite')!));
    expect(screen.getByRole('alert').textContent).toBe(PRIVACY_MESSAGES.termsRequired);
    expect(calls.filter((c) => c.init?.method === 'POST')).toHaveLength(0);

    act(() => fireEvent.click(screen.getByLabelText(/Li e aceito/)));
    act(() => fireEvent.click(button('Aceitar convite')!));
    await waitFor(() => expect(where()).toBe('/dashboard'));
    const posts = calls.filter((c) => c.init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.url).toBe(`/api/team-invitations/${TOKEN}/accept`);
    expect(JSON.parse(String(posts[0]!.init?.body))).toEqual({
      acceptedTerms: true,
      termsVersion: TERMS_VERSION,
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    });
    // The session's user was read again (/dashboard then opens the business panel).
    expect(api.currentUser).toHaveBeenCalledTimes(2);
    expect(store.getState().user?.profile?.user_type).toBe('restaurant');
  });

  it("shows the server's refusal (409) in an alert and stays", async () => {
    const invitations = fakeInvitationApi();
    invitations.accept.mockRejectedValueOnce(
      new ApiError('HTTP 409', 409, BUSINESS_MEMBER_MESSAGES.invitationUsed),
    );
    const { api, store } = storeFor(NEW_PERSON);
    mount(PATH, store, { '/convite-equipe/:token': <TeamInvitationPage api={invitations} /> });
    await screen.findByTestId('team-invitation-details');
    act(() => fireEvent.click(screen.getByLabelText(/Li e aceito/)));
    act(() => fireEvent.click(button('Aceitar convite')!));
    const error = await screen.findByTestId('team-invitation-error');
    expect(error.textContent).toContain(BUSINESS_MEMBER_MESSAGES.invitationUsed);
    expect(invitations.accept).toHaveBeenCalledWith(TOKEN, {
      acceptedTerms: true,
      termsVersion: TERMS_VERSION,
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    });
    expect(where()).toBe(PATH);
    expect(api.currentUser).toHaveBeenCalledTimes(1);
    expect((button('Aceitar convite') as HTMLButtonElement).disabled).toBe(false);
  });

  it('signed in with a profile: explains it and offers to sign out, then to sign in with another account', async () => {
    const { api, store } = storeFor(PEOPLE.freelancer);
    const invitations = fakeInvitationApi();
    mount(PATH, store, { '/convite-equipe/:token': <TeamInvitationPage api={invitations} /> });
    const explained = await screen.findByTestId('team-invitation-has-profile');
    expect(explained.textContent).toContain(
      'Você já tem uma conta neste portal; peça um convite para outro e-mail ou saia e entre com outra conta.',
    );
    expect(explained.textContent).toContain('ana@example.com');
    expect(button('Aceitar convite')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    act(() => fireEvent.click(button('Sair')!));
    await waitFor(() => expect(api.logout).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('button', { name: 'Entrar para aceitar' })).toBeTruthy();
    expect(where()).toBe(PATH);
    expect(invitations.accept).not.toHaveBeenCalled();
  });
});

describe('the sign-in round trip of an invitation', () => {
  it('comes back to the invitation after the callback (once), where the person can accept', async () => {
    // Before: signed out on the invitation page.
    mount(PATH, storeFor(null).store, {
      '/convite-equipe/:token': <TeamInvitationPage api={fakeInvitationApi()} signInApi={signInApi()} />,
    });
    await screen.findByTestId('team-invitation-details');
    act(() => fireEvent.click(button('Entrar para aceitar')!));
    cleanup();

    // Back from the provider: a new page load with the session cookie.
    const createSession = jest.fn(async () => undefined);
    mount('/auth/callback?code=invite-1&state=st', storeFor(NEW_PERSON).store, {
      '/auth/callback': <AuthCallbackPage api={{ createSession }} />,
      '/convite-equipe/:token': <TeamInvitationPage api={fakeInvitationApi()} />,
      '/dashboard': <p>painel</p>,
    });
    await waitFor(() => expect(where()).toBe(PATH));
    expect(createSession).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(PENDING_KEY)).toBeNull();
    expect(await screen.findByRole('button', { name: 'Aceitar convite' })).toBeTruthy();
    cleanup();

    // A later sign-in goes to /dashboard as usual.
    mount('/auth/callback?code=invite-2&state=st', storeFor(PEOPLE.freelancer).store, {
      '/auth/callback': <AuthCallbackPage api={{ createSession }} />,
      '/dashboard': <p>painel</p>,
    });
    await waitFor(() => expect(where()).toBe('/dashboard'));
  });

  it('returns to the invitation with the notice when the person cancels at the provider', async () => {
    sessionStorage.setItem(PENDING_KEY, PATH);
    mount('/auth/callback?error=access_denied&state=x', storeFor(null).store, {
      '/auth/callback': <AuthCallbackPage api={{ createSession: jest.fn() }} />,
      '/convite-equipe/:token': <TeamInvitationPage api={fakeInvitationApi()} />,
    });
    await waitFor(() => expect(where()).toBe(PATH));
    const notice = await screen.findByTestId('sign-in-notice');
    expect(notice.textContent).toContain('O login foi cancelado ou negado. Tente novamente.');
    expect(button('Entrar para aceitar')).toBeTruthy();
  });

  it('is forgotten by a sign-in started anywhere else (the landing page)', async () => {
    sessionStorage.setItem(PENDING_KEY, PATH);
    globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
    const { store } = storeFor(null);
    mount('/', store, { '/': <LandingPage /> });
    await act(async () => void (await store.load()));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Sou Freelancer' })));
    expect(sessionStorage.getItem(PENDING_KEY)).toBeNull();
    expect(sessionStorage.getItem('turno.signInIntent')).toBe('freelancer');
  });
});

describe('the pending invitation in sessionStorage', () => {
  it('keeps only the path of an invitation page, and is read once by the callback', () => {
    for (const other of [
      '/dashboard',
      '//evil.example/convite-equipe/x',
      `${PATH}?x=1`,
      '/convite-equipe/',
    ]) {
      rememberPendingInvitation(other);
      expect({ other, kept: sessionStorage.getItem(PENDING_KEY) }).toEqual({ other, kept: null });
    }
    sessionStorage.setItem(PENDING_KEY, 'https://evil.example/');
    expect(pendingInvitation()).toBeUndefined();
    rememberPendingInvitation(PATH);
    expect(pendingInvitation()).toBe(PATH);
    expect(takePendingInvitation()).toBe(PATH);
    expect(takePendingInvitation()).toBeUndefined();
    expect(sessionStorage.getItem(PENDING_KEY)).toBeNull();
  });
});
