/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type BusinessStores } from '@turno/contracts';
import { answer, settle } from '@turno/ui/testing';
import { JOBS_URL } from './agenda/jobs';
import { PROFILE_URL } from './profile/profile';
import { STORES_URL } from './stores/stores';
import { TEAM_URL } from './team/team';
import App from './App';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const items: BusinessStores['items'] = [
  { id: 1, name: 'Loja Centro', is_active: true, open_vacancies: 2 },
  { id: 2, name: 'Loja Norte', is_active: true, open_vacancies: 0 },
];

/** The panel's BFF: the stores as given; every other read unavailable (the tabs are what is tested). */
function panelBff(stores: () => Response, others: Record<string, () => Response> = {}) {
  const urls: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = String(input);
    urls.push(url);
    if (url === STORES_URL) return stores();
    return others[url]?.() ?? answer(503);
  }) as typeof fetch;
  return urls;
}
const tabNames = () =>
  within(screen.getByRole('tablist'))
    .getAllByRole('tab')
    .map((tab) => tab.textContent?.trim());
const selectedTab = () =>
  within(screen.getByRole('tablist'))
    .getAllByRole('tab')
    .find((tab) => tab.getAttribute('aria-selected') === 'true')
    ?.textContent?.trim();

/** Settles the reads and the lazy tab's chunk. */
async function settleAll() {
  for (let round = 0; round < 3; round++) await settle();
}

describe("the panel's tabs by role (issue 28)", () => {
  it('shows a supervisor the Agenda and the presence code only, and opens the Agenda', async () => {
    const urls = panelBff(() =>
      answer(200, { member_role: 'supervisor', billing_mode: 'centralized', items }),
    );
    const navigate = jest.fn();
    render(<App section="dashboard" navigate={navigate} />);
    await settleAll();
    expect(tabNames()).toEqual(['Agenda', 'Código de presença']);
    expect(selectedTab()).toBe('Agenda');
    expect(urls.some((url) => url.startsWith(JOBS_URL))).toBe(true); // the Agenda's list
    expect(screen.queryByRole('button', { name: 'Criar vaga' })).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    cleanup();

    // A tab of the owner's, by its address: the Agenda too.
    render(<App section="faturas" navigate={navigate} />);
    await settleAll();
    expect(selectedTab()).toBe('Agenda');
  });

  it('shows a store manager the vacancies, the agenda, blocks and the presence code', async () => {
    panelBff(() => answer(200, { member_role: 'manager', billing_mode: 'centralized', items }));
    render(<App />);
    await settleAll();
    expect(tabNames()).toEqual(['Dashboard', 'Agenda', 'Bloqueios', 'Código de presença']);
    expect(tabNames()).not.toContain('Equipe');
    expect(selectedTab()).toBe('Dashboard');
    cleanup();

    // "Equipe" by its address: the manager's first tab instead, and the team is never read.
    const urls = panelBff(() => answer(200, { member_role: 'manager', billing_mode: 'centralized', items }));
    render(<App section="equipe" navigate={jest.fn()} />);
    await settleAll();
    expect(selectedTab()).toBe('Dashboard');
    expect(urls).not.toContain(TEAM_URL);
  });

  it('shows the owner every tab; "Lojas" lists the stores of the one read the panel made', async () => {
    const urls = panelBff(() => answer(200, { member_role: 'owner', billing_mode: 'centralized', items }));
    render(<App />);
    await settleAll();
    expect(tabNames()).toEqual([
      'Dashboard',
      'Agenda',
      'Faturas',
      'Perfil',
      'Bloqueios',
      'Código de presença',
      'Lojas',
      'Equipe',
    ]);
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Lojas' })));
    await settleAll();
    expect(await screen.findByRole('heading', { name: 'Lojas do Mercado' })).toBeTruthy();
    expect(screen.getByText('2 vagas abertas')).toBeTruthy();
    expect(urls.filter((url) => url === STORES_URL)).toHaveLength(1);
  });

  it('shows the owner "Equipe": the team with the store names of the panel\'s read', async () => {
    const urls = panelBff(() => answer(200, { member_role: 'owner', billing_mode: 'centralized', items }), {
      [TEAM_URL]: () =>
        answer(200, {
          members: [
            { id: 1, name: 'Ana Dona', email: 'ana@mercado.com', role: 'owner', store_ids: [], is_you: true },
            { id: 2, name: 'Bia', email: 'bia@mercado.com', role: 'manager', store_ids: [2], is_you: false },
          ],
          invitations: [],
        }),
    });
    render(<App section="equipe" navigate={jest.fn()} />);
    await settleAll();
    expect(selectedTab()).toBe('Equipe');
    expect(await screen.findByRole('heading', { name: 'Equipe do Mercado' })).toBeTruthy();
    expect(screen.getByText('Loja Norte')).toBeTruthy();
    expect(urls.filter((url) => url === STORES_URL)).toHaveLength(1);
  });

  it('shows every tab while the role is unknown (the stores could not be read)', async () => {
    panelBff(() => answer(404, { error: 'Rota não encontrada' }));
    render(<App section="faturas" navigate={jest.fn()} />);
    await settleAll();
    expect(tabNames()).toHaveLength(8);
    expect(selectedTab()).toBe('Faturas');
  });

  it("gives the vacancy form the panel's stores: two active ones, so it asks for the store", async () => {
    const urls = panelBff(() => answer(200, { member_role: 'manager', billing_mode: 'centralized', items }), {
      [PROFILE_URL]: () =>
        answer(200, {
          id: 4,
          name: 'Marcos Almeida',
          business_name: 'Supermercado Bom Preço',
          phone: null,
          address: null,
          address_number: null,
          cuisine_type: null,
          contact_person: null,
          is_approved: true,
          is_active: true,
          created_at: '2026-11-01T10:00:00.000Z',
          approved_at: null,
        }),
    });
    render(<App />);
    await settleAll();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Criar vaga' })));
    await settleAll();
    const store = (await screen.findByRole('combobox', { name: /^Loja/ })) as HTMLSelectElement;
    expect([...store.options].map((option) => option.textContent)).toEqual([
      'Escolha a loja',
      'Loja Centro',
      'Loja Norte',
    ]);
    expect(urls.filter((url) => url === STORES_URL)).toHaveLength(1);
  });
});
