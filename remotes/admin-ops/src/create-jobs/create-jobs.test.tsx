/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { BUSINESS_MEMBER_MESSAGES, MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { CreateJobsScreen } from './CreateJobsScreen';

const options = {
  items: [
    {
      id: 7,
      business_name: 'Supermercado Bom Preço',
      name: 'Carla',
      contact_person: null,
      phone: null,
      cuisine_type: null,
      address: null,
      address_number: null,
      is_approved: true,
      is_active: true,
    },
  ],
  total: 1,
  nextCursor: null,
};
/** Business 7's stores: `count` active ones (issue 28). */
const storesOf = (count: number) => ({
  restaurant_id: 7,
  billing_mode: 'centralized',
  items: [
    { id: 7, name: 'Supermercado Bom Preço', is_active: true },
    { id: 31, name: 'Bom Preço Vila Mariana', is_active: true },
    { id: 32, name: 'Bom Preço Antigo', is_active: false },
  ].slice(0, count === 1 ? 1 : 3),
});
// 2026-11-23 10:00 in Sao Paulo (a Monday).
const now = new Date('2026-11-23T13:00:00Z');

afterEach(cleanup);

describe('Criar Vagas', () => {
  it('offers the eight workloads and today + 6 days, keeps the meal disabled until workload and start, previews the price and creates', async () => {
    const posts: unknown[] = [];
    const fetchImpl = (async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url).endsWith('/stores')) return answer(200, storesOf(1));
      if ((init?.method ?? 'GET') === 'GET') return answer(200, options);
      posts.push(JSON.parse(String(init!.body)));
      return answer(201, { jobsCreated: 4, jobIds: [1, 2, 3, 4] });
    }) as typeof fetch;
    globalThis.fetch = fetchImpl;
    render(<CreateJobsScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    expect(within(screen.getByLabelText('Carga horária')).getAllByRole('option')).toHaveLength(9);
    const dates = within(screen.getByRole('group', { name: /Datas/ })).getAllByRole('button');
    expect(dates.map((d) => d.textContent)).toEqual([
      'Hoje',
      'Amanhã',
      'Qua 25/11',
      'Qui 26/11',
      'Sex 27/11',
      'Sáb 28/11',
      'Dom 29/11',
    ]);
    expect((screen.getByLabelText(/^Refeição/) as HTMLSelectElement).disabled).toBe(true);
    const submit = screen.getByRole('button', { name: 'Criar Vagas' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Mercado'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Função'), { target: { value: 'Estoquista' } });
    fireEvent.click(dates[1]!);
    fireEvent.click(dates[2]!);
    fireEvent.click(screen.getByRole('button', { name: 'Quantidade 2' }));
    fireEvent.change(screen.getByLabelText('Carga horária'), { target: { value: '10.5' } });
    fireEvent.change(screen.getByLabelText('Início'), { target: { value: '08:00' } });
    expect((screen.getByLabelText(/^Refeição/) as HTMLSelectElement).disabled).toBe(false);
    expect(screen.getByTestId('create-jobs-preview').textContent).toContain('R$ 189,90');
    fireEvent.change(screen.getByLabelText('Quantidade'), { target: { value: '15' } });
    expect((screen.getByLabelText('Quantidade') as HTMLInputElement).value).toBe('10');
    fireEvent.click(screen.getByRole('button', { name: 'Quantidade 2' }));
    fireEvent.click(submit);
    await settle();
    expect(posts).toEqual([
      expect.objectContaining({
        restaurantId: 7,
        positionType: 'Estoquista',
        dates: ['2026-11-24', '2026-11-25'],
        quantity: 2,
        workload: 10.5,
        startTime: '08:00',
        endTime: '18:30',
      }),
    ]);
    expect(screen.getByTestId('create-jobs-message').textContent).toBe('4 vagas criadas com sucesso!');
  });

  it('asks for every required field and a date', async () => {
    const fetchImpl = (async (url: RequestInfo | URL) =>
      answer(200, String(url).endsWith('/stores') ? storesOf(1) : options)) as typeof fetch;
    globalThis.fetch = fetchImpl;
    render(<CreateJobsScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    fireEvent.click(within(screen.getByRole('group', { name: /Datas/ })).getAllByRole('button')[0]!);
    fireEvent.change(screen.getByLabelText('Carga horária'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('Início'), { target: { value: '08:00' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Criar Vagas' }).closest('form')!);
    await settle();
    expect(screen.getByTestId('create-jobs-message').textContent).toBe(MESSAGES.jobs.adminRequiredFields);
  });

  it("asks a chain's store (its active ones) and sends it; refuses to create without it (issue 28)", async () => {
    const posts: unknown[] = [];
    const fetchImpl = (async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url).endsWith('/stores')) return answer(200, storesOf(2));
      if ((init?.method ?? 'GET') === 'GET') return answer(200, options);
      posts.push(JSON.parse(String(init!.body)));
      return answer(201, { jobsCreated: 1, jobIds: [1] });
    }) as typeof fetch;
    globalThis.fetch = fetchImpl;
    render(<CreateJobsScreen fetchImpl={fetchImpl} now={now} restaurantId={7} />);
    await settle();
    const store = screen.getByLabelText('Loja') as HTMLSelectElement;
    expect(
      within(store)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Selecione a loja', 'Supermercado Bom Preço', 'Bom Preço Vila Mariana']);
    fireEvent.change(screen.getByLabelText('Função'), { target: { value: 'Estoquista' } });
    fireEvent.click(within(screen.getByRole('group', { name: /Datas/ })).getAllByRole('button')[1]!);
    fireEvent.change(screen.getByLabelText('Carga horária'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('Início'), { target: { value: '08:00' } });
    fireEvent.change(screen.getByLabelText(/^Refeição/), { target: { value: '11:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar Vagas' }));
    await settle();
    expect(posts).toEqual([]);
    expect(screen.getAllByText(BUSINESS_MEMBER_MESSAGES.storeRequired).length).toBeGreaterThan(0);

    fireEvent.change(store, { target: { value: '31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar Vagas' }));
    await settle();
    expect(posts).toEqual([expect.objectContaining({ restaurantId: 7, storeId: 31 })]);
  });
});
