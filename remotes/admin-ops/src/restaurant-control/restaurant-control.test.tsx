/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN_SAVE_REDIRECT_MS, MESSAGES, SUCCESS_MESSAGE_MS } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { RestaurantControlScreen } from './RestaurantControlScreen';

const restaurant = {
  id: 7,
  business_name: 'Supermercado Bom Preço',
  name: 'Carla',
  contact_person: null,
  phone: null,
  cuisine_type: 'Supermercado',
  address: null,
  address_number: null,
  is_approved: true,
  is_active: true,
};
const options = { items: [restaurant], total: 1, nextCursor: null };

afterEach(() => {
  cleanup();
  jest.useRealTimers();
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('Controle Mercado → Dashboard → Criar Vaga', () => {
  it('shows the success message in the form, closes it after 2 s, keeps the message and reads the spending again', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-23T13:00:00Z') });
    const calls: string[] = [];
    globalThis.fetch = (async (url: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${String(url).split('?')[0]}`);
      if (method === 'POST') return answer(201, { jobsCreated: 2, jobIds: [1, 2] });
      if (String(url).includes('spending-analytics')) return answer(503);
      return answer(200, options);
    }) as typeof fetch;
    render(<RestaurantControlScreen />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /Supermercado Bom Preço/ }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Criar Vaga' }));
    await settle();
    fireEvent.change(screen.getByLabelText('Função'), { target: { value: 'Estoquista' } });
    fireEvent.click(
      within(screen.getByRole('group', { name: /Datas/ })).getByRole('button', { name: /^Amanhã/ }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Quantidade 2' }));
    fireEvent.change(screen.getByLabelText('Carga horária'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('Início'), { target: { value: '08:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar Vagas' }));
    await settle();
    expect(screen.getByTestId('create-jobs-message').textContent).toBe(MESSAGES.jobs.created(2));
    const spendingReads = () => calls.filter((call) => call.includes('spending-analytics')).length;
    const readsBefore = spendingReads();

    await act(async () => jest.advanceTimersByTime(ADMIN_SAVE_REDIRECT_MS));
    await settle();
    expect(screen.queryByRole('button', { name: 'Criar Vagas' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Criar Vaga' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('control-create-message').textContent).toBe(MESSAGES.jobs.created(2));
    expect(spendingReads()).toBe(readsBefore + 1);
    await act(async () => jest.advanceTimersByTime(SUCCESS_MESSAGE_MS - ADMIN_SAVE_REDIRECT_MS));
    expect(screen.queryByTestId('control-create-message')).toBeNull();
  });
});

describe('Controle Mercado → Dashboard → Lojas e faturamento (issue 28)', () => {
  it("lists the business's stores and changes how it is billed", async () => {
    const puts: unknown[] = [];
    const gets: string[] = [];
    let mode = 'centralized';
    globalThis.fetch = (async (url: RequestInfo | URL, init?: RequestInit) => {
      const path = String(url).split('?')[0]!;
      if ((init?.method ?? 'GET') === 'GET') gets.push(String(url));
      if (init?.method === 'PUT') {
        puts.push({ path, body: JSON.parse(String(init.body)) });
        mode = 'per_store';
        return answer(200, { billing_mode: mode, message: 'Faturamento por loja: salvo.' });
      }
      if (path.endsWith('/stores'))
        return answer(200, {
          restaurant_id: 7,
          billing_mode: mode,
          items: [
            { id: 7, name: 'Supermercado Bom Preço', is_active: true },
            { id: 31, name: 'Bom Preço Vila Mariana', is_active: false },
          ],
        });
      if (path.includes('spending-analytics')) return answer(503);
      return answer(200, options);
    }) as typeof fetch;
    render(<RestaurantControlScreen />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /Supermercado Bom Preço/ }));
    await settle();
    const stores = screen.getByRole('list', { name: 'Lojas' });
    expect(
      within(stores)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Supermercado Bom PreçoAtiva', 'Bom Preço Vila MarianaDesativada']);
    expect((screen.getByRole('radio', { name: /^Centralizado/ }) as HTMLInputElement).checked).toBe(true);
    const save = screen.getByRole('button', { name: 'Salvar faturamento' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /^Por loja/ }));
    fireEvent.click(save);
    await settle();
    expect(puts).toEqual([
      { path: '/bff/admin-ops/api/admin/restaurants/7/billing-mode', body: { billingMode: 'per_store' } },
    ]);
    expect(screen.getByTestId('billing-mode-message').textContent).toBe('Faturamento por loja: salvo.');
    expect((screen.getByRole('radio', { name: /^Por loja/ }) as HTMLInputElement).checked).toBe(true);

    // The figures of one store, or of the whole business.
    fireEvent.change(screen.getByLabelText('Filtrar por loja'), { target: { value: '31' } });
    await settle();
    expect(gets.filter((url) => url.includes('spending-analytics')).at(-1)).toBe(
      '/bff/admin-ops/api/admin/restaurants/7/spending-analytics?storeId=31',
    );
  });
});
