/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type AdminInvoicesPage, type Invoice } from '@turno/contracts';
import { LIST_SEARCH_DEBOUNCE_MS } from '@turno/domain';
import { useLiveRefresh } from '@turno/ui';
import { answer, fakeBff, settle, listCount, bodyRows } from '@turno/ui/testing';
import { INVOICES_POLL_INTERVAL_MS, InvoicesScreen } from './InvoicesScreen';
import { testInvoice } from '../testing/fixtures';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));
const liveRefresh = jest.mocked(useLiveRefresh);

const base: Invoice = testInvoice({
  id: 1,
  invoice_number: 'TUR-2026-W46-0001',
  restaurant_id: 1,
  amount: 0.1,
});
const list: Invoice[] = [
  base,
  {
    ...base,
    id: 2,
    invoice_number: 'TUR-2026-W45-0002',
    status: 'paid',
    amount: 1000,
    issue_date: '2026-11-11',
    payment_date: '2026-11-12',
  },
  {
    ...base,
    id: 3,
    invoice_number: 'TUR-2026-W44-0003',
    status: 'overdue',
    amount: 0.2,
    issue_date: '2026-11-04',
  },
];
const stats = { all: 40, pending: 7, paid: 30, overdue: 3, pendingAmount: 12345.67 };

const invoicesPage = (
  items: Invoice[],
  total: number,
  nextCursor: string | null = null,
): AdminInvoicesPage => ({
  items,
  total,
  nextCursor,
  stats,
});

const count = listCount;
/** The refresh the invoice list gave useLiveRefresh last (every event of the source). */
const listRefresh = () => liveRefresh.mock.calls.filter(([, , options]) => !options.types).at(-1)![1];

afterEach(() => {
  cleanup();
  jest.useRealTimers();
  liveRefresh.mockClear();
});

describe('invoices ("Faturas")', () => {
  it('shows the stats of the server (pending amount in whole reais) and each invoice in pt-BR', async () => {
    const { fetchImpl, requests } = fakeBff(answer(200, invoicesPage(list, 40, 'c1')));
    render(<InvoicesScreen fetchImpl={fetchImpl} />);
    await settle();
    expect(requests.map((r) => r.url)).toEqual(['/bff/admin-billing/api/admin/invoices']);
    const stat = screen.getByRole('group', { name: 'Faturas por situação' }).textContent ?? '';
    expect(stat).toMatch(/^Total40Pagas30Pendentes7Vencidas3Valor pendenteR\$\s12\.346Pendentes e vencidas$/);
    const text = document.body.textContent ?? '';
    for (const expected of [
      'TUR-2026-W46-0001',
      'Semanal',
      'Supermercado Bom Preço',
      'Pendente',
      'Paga',
      'Vencida',
      'Emissão: 18/11/2026',
      'Vencimento: 25/11/2026',
      'Pago em 12/11/2026',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/R\$\s1\.000,00/);
    expect(count()).toBe('Mostrando 3 de 40');
    // The list's refresh (the "Divergências de pagamento" panel has its own, on the charges' events).
    expect(liveRefresh).toHaveBeenCalledWith('admin-billing', expect.any(Function), {
      pollIntervalMs: INVOICES_POLL_INTERVAL_MS,
    });
  });

  it('puts the search and the status into the URL', async () => {
    jest.useFakeTimers();
    const { fetchImpl, requests } = fakeBff(
      answer(200, invoicesPage(list, 3)),
      answer(200, invoicesPage([list[2]!], 1)),
      answer(200, invoicesPage([], 0)),
    );
    render(<InvoicesScreen fetchImpl={fetchImpl} />);
    await settle();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'overdue' } });
    await settle();
    expect(bodyRows()).toHaveLength(1);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar fatura' }), { target: { value: 'W44' } });
    await act(async () => jest.advanceTimersByTime(LIST_SEARCH_DEBOUNCE_MS));
    expect(requests.map((r) => r.url)).toEqual([
      '/bff/admin-billing/api/admin/invoices',
      '/bff/admin-billing/api/admin/invoices?status=overdue',
      '/bff/admin-billing/api/admin/invoices?q=W44&status=overdue',
    ]);
    expect(screen.getByText('Nenhuma fatura encontrada com estes filtros.')).toBeTruthy();
  });

  it('appends with "Carregar mais" and keeps the rows on 304', async () => {
    const { fetchImpl, requests } = fakeBff(
      answer(200, invoicesPage(list.slice(0, 1), 3, 'i1'), '"f1"'),
      answer(200, invoicesPage(list.slice(1), 3, null)),
      answer(304, undefined, '"f1"'),
    );
    render(<InvoicesScreen fetchImpl={fetchImpl} />);
    await settle();
    expect(count()).toBe('Mostrando 1 de 3');
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await settle();
    expect(requests[1]!.url).toBe('/bff/admin-billing/api/admin/invoices?cursor=i1');
    expect(count()).toBe('Mostrando 3 de 3');
    await act(async () => listRefresh()());
    expect(requests[2]).toEqual({ url: '/bff/admin-billing/api/admin/invoices', ifNoneMatch: '"f1"' });
    expect(bodyRows()).toHaveLength(3);
  });

  it("names a per-store invoice's store next to its Mercado (issue 28)", async () => {
    const perStore = {
      ...base,
      id: 4,
      invoice_number: 'TUR-2026-W46-0004',
      store_id: 3,
      store_name: 'Centro',
    };
    const { fetchImpl } = fakeBff(answer(200, invoicesPage([perStore, base], 2)));
    render(<InvoicesScreen fetchImpl={fetchImpl} />);
    await settle();
    const [storeRow, wholeRow] = bodyRows();
    expect(within(storeRow!).getByTestId('invoice-store').textContent).toBe('Loja: Centro');
    expect(storeRow!.textContent).toContain('Supermercado Bom PreçoLoja: CentroCarla Mendes');
    expect(within(wholeRow!).queryByTestId('invoice-store')).toBeNull();
  });

  it('has an empty state', async () => {
    const { fetchImpl } = fakeBff(answer(200, invoicesPage([], 0)));
    render(<InvoicesScreen fetchImpl={fetchImpl} />);
    await settle();
    expect(screen.getByText('Nenhuma fatura emitida ainda.')).toBeTruthy();
  });
});
