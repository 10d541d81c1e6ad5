/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminRestaurantSchema, type AdminRestaurant, type AdminRestaurantsPage } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { RestaurantsScreen } from './RestaurantsScreen';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));

const approved: AdminRestaurant = AdminRestaurantSchema.parse({
  id: 1,
  user_id: 10,
  name: 'Carla Mendes',
  business_name: 'Supermercado Bom Preço',
  phone: '11987654321',
  address: 'Rua A',
  address_number: '10',
  cuisine_type: 'Supermercado',
  contact_person: null,
  is_approved: true,
  is_active: true,
  approved_at: null,
  created_at: '2026-02-27T10:15:00-03:00',
});
const pending: AdminRestaurant = {
  ...approved,
  id: 2,
  user_id: 20,
  business_name: 'Empório da Mooca',
  is_approved: false,
};
const page = (items: AdminRestaurant[]): AdminRestaurantsPage => ({
  items,
  total: items.length,
  nextCursor: null,
  counts: { all: 2, pending: 1, approved: 1, rejected: 0 },
});

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A BFF answering list reads with the page and writes from `writes` (in order). */
function bff(writes: Response[]) {
  const calls: Call[] = [];
  const fetchImpl = (async (url: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'GET') return answer(200, page([pending, approved]));
    const next = writes.shift();
    if (!next) throw new Error(`unexpected ${method} ${String(url)}`);
    return next;
  }) as typeof fetch;
  return {
    fetchImpl,
    writes: () => calls.filter((c) => c.method !== 'GET'),
    reads: () => calls.filter((c) => c.method === 'GET'),
  };
}

const feedback = () => screen.getByTestId('action-feedback').textContent;
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

afterEach(cleanup);

describe('Mercados actions', () => {
  it('offers approve and reject only on pending registrations; approving refreshes the list', async () => {
    const server = bff([answer(200, { id: 2, state: 'approved' })]);
    render(<RestaurantsScreen fetchImpl={server.fetchImpl} />);
    await settle();
    expect(within(rowOf('Supermercado Bom Preço')).queryByRole('button', { name: /^Aprovar/ })).toBeNull();
    expect(within(rowOf('Supermercado Bom Preço')).getByRole('button', { name: /^Editar/ })).toBeTruthy();
    expect(
      within(rowOf('Supermercado Bom Preço')).getByText('(11) 98765-4321', { exact: false }),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Aprovar Empório da Mooca' }));
    await settle();
    expect(server.writes()).toEqual([
      { method: 'POST', url: '/bff/admin-ops/api/admin/restaurants/2/approve', body: undefined },
    ]);
    expect(feedback()).toContain(MESSAGES.restaurants.approved);
    expect(server.reads()).toHaveLength(2);
  });

  it('asks before rejecting, and shows the server refusal in preference to the default', async () => {
    const server = bff([answer(409, { error: MESSAGES.restaurants.onlyPendingCanBeReviewed })]);
    render(<RestaurantsScreen fetchImpl={server.fetchImpl} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Rejeitar Empório da Mooca' }));
    const dialog = screen.getByRole('dialog', { name: 'Rejeitar Empório da Mooca' });
    expect(dialog.textContent).toContain(MESSAGES.confirmations.rejectRestaurant);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(server.writes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Rejeitar Empório da Mooca' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Rejeitar' }));
    await settle();
    expect(server.writes().map((c) => c.url)).toEqual(['/bff/admin-ops/api/admin/restaurants/2/reject']);
    expect(feedback()).toContain(MESSAGES.restaurants.onlyPendingCanBeReviewed);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('edits: names required before sending; others trimmed and sent as null when empty', async () => {
    const server = bff([answer(200, { restaurantId: 1 })]);
    render(<RestaurantsScreen fetchImpl={server.fetchImpl} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Editar Supermercado Bom Preço' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Mercado' });
    fireEvent.change(within(dialog).getByLabelText('Nome do responsável'), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getAllByText(MESSAGES.restaurants.nameRequired).length).toBeGreaterThan(0);
    expect(server.writes()).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Nome do responsável'), {
      target: { value: ' Carla M. ' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Endereço/), { target: { value: '  ' } });
    fireEvent.change(within(dialog).getByLabelText(/Pessoa de contato/), { target: { value: ' Rita ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await settle();
    expect(server.writes()).toEqual([
      {
        method: 'PUT',
        url: '/bff/admin-ops/api/admin/restaurants/1',
        body: {
          name: 'Carla M.',
          business_name: 'Supermercado Bom Preço',
          phone: '11987654321',
          address: null,
          address_number: '10',
          cuisine_type: 'Supermercado',
          contact_person: 'Rita',
        },
      },
    ]);
    expect(feedback()).toContain(MESSAGES.restaurants.updated);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('edits razão social and CNPJ: the check digits refused before sending, the CNPJ sent unmasked and listed', async () => {
    const server = bff([answer(200, { restaurantId: 1 })]);
    render(<RestaurantsScreen fetchImpl={server.fetchImpl} />);
    await settle();
    expect(within(rowOf('Supermercado Bom Preço')).getByText('CNPJ não informado')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Editar Supermercado Bom Preço' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Mercado' });
    const cnpj = within(dialog).getByLabelText(/^CNPJ/) as HTMLInputElement;
    fireEvent.change(cnpj, { target: { value: '11.222.333/0001-82' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getAllByText(MESSAGES.restaurants.invalidCnpj).length).toBeGreaterThan(0);
    expect(server.writes()).toEqual([]);

    fireEvent.change(cnpj, { target: { value: '11222333000181' } });
    expect(cnpj.value).toBe('11.222.333/0001-81');
    fireEvent.change(within(dialog).getByLabelText(/Razão social/), {
      target: { value: ' Bom Preço Ltda ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await settle();
    expect(server.writes()[0]?.body).toMatchObject({ cnpj: '11222333000181', legal_name: 'Bom Preço Ltda' });
  });

  it('lists the razão social and the CNPJ masked', async () => {
    const known = { ...approved, cnpj: '11222333000181', legal_name: 'Bom Preço Ltda' };
    const fetchImpl = (async () => answer(200, page([known]))) as unknown as typeof fetch;
    render(<RestaurantsScreen fetchImpl={fetchImpl} />);
    await settle();
    expect(within(rowOf('Supermercado Bom Preço')).getByText('Bom Preço Ltda')).toBeTruthy();
    expect(within(rowOf('Supermercado Bom Preço')).getByText('CNPJ 11.222.333/0001-81')).toBeTruthy();
  });

  it('keeps a refused edit in the dialog with the server text', async () => {
    const server = bff([answer(400, { error: MESSAGES.validation.invalidPhone })]);
    render(<RestaurantsScreen fetchImpl={server.fetchImpl} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Editar Supermercado Bom Preço' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Salvar' }));
    await settle();
    expect(within(screen.getByRole('dialog')).getByText(MESSAGES.validation.invalidPhone)).toBeTruthy();
    expect(screen.queryByTestId('action-feedback')).toBeNull();
  });

  it('says why an edit failed (spec 02 §8): details, "Erro HTTP {status}", an invalid answer, no connection', async () => {
    const cases: [Response | Error, string][] = [
      [answer(400, { details: 'Telefone com DDD inexistente' }), 'Telefone com DDD inexistente'],
      [answer(502), MESSAGES.common.httpError(502)],
      [answer(200, { unexpected: true }), MESSAGES.common.invalidServerResponse],
      [new TypeError('Failed to fetch'), MESSAGES.restaurants.updateConnection],
    ];
    for (const [reply, text] of cases) {
      const server = bff([]);
      const fetchImpl = (async (url: RequestInfo | URL, init?: RequestInit) => {
        if ((init?.method ?? 'GET') === 'GET') return server.fetchImpl(url, init);
        if (reply instanceof Error) throw reply;
        return reply;
      }) as typeof fetch;
      render(<RestaurantsScreen fetchImpl={fetchImpl} />);
      await settle();
      fireEvent.click(screen.getByRole('button', { name: 'Editar Supermercado Bom Preço' }));
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Salvar' }));
      await settle();
      expect({ text: within(screen.getByRole('dialog')).queryByText(text)?.textContent }).toEqual({ text });
      cleanup();
    }
  });

  it('deletes only after the typed word CONFIRMAR and says what the server did', async () => {
    const server = bff([
      answer(200, { id: 1, outcome: 'anonymized', message: MESSAGES.deletion.restaurantAnonymized }),
    ]);
    render(<RestaurantsScreen fetchImpl={server.fetchImpl} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Excluir Supermercado Bom Preço' }));
    let dialog = screen.getByRole('dialog', { name: 'Excluir Supermercado Bom Preço' });
    expect(dialog.textContent).toContain(MESSAGES.confirmations.deleteRestaurant);
    fireEvent.change(within(dialog).getByLabelText('Digite CONFIRMAR para confirmar a exclusão.'), {
      target: { value: 'confirmar' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(feedback()).toContain(MESSAGES.deletion.cancelled);
    expect(server.writes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Excluir Supermercado Bom Preço' }));
    dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Digite CONFIRMAR para confirmar a exclusão.'), {
      target: { value: 'CONFIRMAR' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await settle();
    expect(server.writes()).toEqual([
      { method: 'DELETE', url: '/bff/admin-ops/api/admin/restaurants/1', body: undefined },
    ]);
    expect(feedback()).toContain(MESSAGES.deletion.restaurantAnonymized);
  });
});
