/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type AdminInvoiceDetail, type AdminInvoicesPage, type Invoice } from '@turno/contracts';
import { MESSAGES, STORE_BILLING_MESSAGES } from '@turno/domain';
import { NARROW_SCREEN_QUERY } from '@turno/ui';
import { answer, settle } from '@turno/ui/testing';
import { recordingBff } from '../shared/recording-bff';
import { RestaurantInvoicesPanel } from './RestaurantInvoicesPanel';
import RestaurantInvoices from '../RestaurantInvoices';
import { testInvoice } from '../testing/fixtures';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));

const pending: Invoice = testInvoice();
const paid: Invoice = {
  ...pending,
  id: 8,
  invoice_number: 'TUR-2026-W45-0001',
  status: 'paid',
  payment_date: '2026-11-12',
};
const page = (items: Invoice[]): AdminInvoicesPage => ({
  items,
  total: items.length,
  nextCursor: null,
  stats: { all: 2, pending: 1, paid: 1, overdue: 0, pendingAmount: 447 },
});
const detail: AdminInvoiceDetail = {
  invoice: pending,
  document: {
    title: `Fatura ${pending.invoice_number}`,
    provider: { name: 'Turno', legalName: 'Turno Ltda', cnpj: 'CNPJ 1', address: 'Rua A', contact: 'x' },
    client: {
      businessName: pending.restaurant_name,
      responsible: 'Carla Mendes',
      address: 'Rua B, 1',
      legalName: 'Mercado da Carla Ltda',
      cnpj: '11.222.333/0001-81',
    },
    number: pending.invoice_number,
    facts: [['Status', 'Pendente']],
    lines: [
      {
        weekday: 'Segunda-feira',
        date: '09/11/2026',
        service: 'Repositor',
        professional: 'Ana',
        amount: 'R$ 447,00',
      },
    ],
    description: null,
    total: 'R$ 447,00',
    paymentTerms: MESSAGES.invoices.paymentTerms,
  },
};

/** jsdom has no fetch: the detail dialog (useBffQuery) reads the global one. */
function globalFetch(response: Response) {
  const mock = jest.fn(async () => response);
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

afterEach(() => {
  cleanup();
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe("one business's invoices (admin_billing/RestaurantInvoices)", () => {
  it('asks the admin-billing BFF for that business only, and marks an invoice paid', async () => {
    const { fetchImpl, calls } = recordingBff(
      answer(200, page([pending, paid])),
      answer(200, {
        id: 7,
        invoice_number: pending.invoice_number,
        status: 'paid',
        payment_date: '2026-11-23',
        message: MESSAGES.invoices.markedPaid,
      }),
      answer(200, page([{ ...pending, status: 'paid', payment_date: '2026-11-23' }, paid])),
    );
    render(
      <RestaurantInvoicesPanel
        restaurantId="12"
        restaurantName="Supermercado Bom Preço"
        fetchImpl={fetchImpl}
      />,
    );
    await settle();
    expect(calls[0]!.url).toBe('/bff/admin-billing/api/admin/invoices?restaurantId=12');
    expect(screen.getByText(pending.invoice_number)).toBeTruthy();
    const paidRow = screen.getByText(paid.invoice_number).closest('tr')!;
    expect(
      within(paidRow)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Ver']);
    expect(
      within(paidRow)
        .getByRole('link', { name: `PDF da fatura ${paid.invoice_number}` })
        .getAttribute('href'),
    ).toBe('/bff/admin-billing/api/restaurant/invoices/8/pdf');
    fireEvent.click(
      screen.getByRole('button', { name: `Marcar como paga a fatura ${pending.invoice_number}` }),
    );
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Marcar como paga' }));
    await settle();
    await settle();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /bff/admin-billing/api/admin/invoices?restaurantId=12',
      'POST /bff/admin-billing/api/admin/invoices/7/mark-paid',
      'GET /bff/admin-billing/api/admin/invoices?restaurantId=12',
    ]);
    expect(screen.getByTestId('invoice-action-notice').textContent).toBe(MESSAGES.invoices.markedPaid);
  });

  it('opens the invoice view with its document, print page and PDF', async () => {
    const { fetchImpl } = recordingBff(answer(200, page([pending])));
    const fetchSpy = globalFetch(answer(200, detail));
    render(<RestaurantInvoicesPanel restaurantId="12" fetchImpl={fetchImpl} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: `Ver a fatura ${pending.invoice_number}` }));
    await settle();
    expect(String((fetchSpy.mock.calls[0] as unknown[])[0])).toBe('/bff/admin-billing/api/admin/invoices/7');
    const dialog = screen.getByRole('dialog', { name: 'Detalhes da fatura', hidden: true });
    expect(within(dialog).getByTestId('invoice-total').textContent).toBe('R$ 447,00');
    // The client block names the business by razão social and CNPJ (issue 25).
    expect(within(dialog).getByText('Razão social: Mercado da Carla Ltda')).toBeTruthy();
    expect(within(dialog).getByText('CNPJ: 11.222.333/0001-81')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Imprimir', hidden: true }).getAttribute('href')).toBe(
      '/bff/admin-billing/api/admin/invoices/7/print',
    );
    expect(within(dialog).getByRole('link', { name: 'Baixar PDF', hidden: true }).getAttribute('href')).toBe(
      '/bff/admin-billing/api/restaurant/invoices/7/pdf',
    );
  });

  describe('a business with several stores (issue 28)', () => {
    const line = (professional: string, amount: string) => ({
      weekday: 'Segunda-feira',
      date: '09/11/2026',
      service: 'Repositor (08:00 às 18:00)',
      professional,
      amount,
    });
    const [ana, bia, caio] = [line('Ana', 'R$ 100,00'), line('Bia', 'R$ 200,00'), line('Caio', 'R$ 147,00')];
    const grouped: AdminInvoiceDetail = {
      ...detail,
      document: {
        ...detail.document,
        lines: [ana, bia, caio],
        storeGroups: [
          { store: 'Centro', lines: [bia], subtotal: 'R$ 200,00' },
          { store: 'Vila Mariana', lines: [ana, caio], subtotal: 'R$ 247,00' },
        ],
      },
    };

    async function openDetail(answerWith: AdminInvoiceDetail) {
      const { fetchImpl } = recordingBff(answer(200, page([pending])));
      globalFetch(answer(200, answerWith));
      render(<RestaurantInvoicesPanel restaurantId="12" fetchImpl={fetchImpl} />);
      await settle();
      fireEvent.click(screen.getByRole('button', { name: `Ver a fatura ${pending.invoice_number}` }));
      await settle();
      return within(screen.getByRole('dialog', { name: 'Detalhes da fatura', hidden: true }));
    }

    it("groups the document's lines by store, each with its subtotal", async () => {
      const dialog = await openDetail(grouped);
      const table = dialog.getByRole('table', { name: 'Serviços da fatura', hidden: true });
      const [, ...stores] = within(table).getAllByRole('rowgroup', { hidden: true });
      expect(
        stores.map((group) =>
          within(group)
            .getAllByRole('row', { hidden: true })
            .map((row) => row.textContent),
        ),
      ).toEqual([
        [
          'Centro',
          'Segunda-feira09/11/2026Repositor (08:00 às 18:00)BiaR$ 200,00',
          'Subtotal CentroR$ 200,00',
        ],
        [
          'Vila Mariana',
          'Segunda-feira09/11/2026Repositor (08:00 às 18:00)AnaR$ 100,00',
          'Segunda-feira09/11/2026Repositor (08:00 às 18:00)CaioR$ 147,00',
          `${STORE_BILLING_MESSAGES.subtotal('Vila Mariana')}R$ 247,00`,
        ],
      ]);
    });

    it('groups them as cards on a narrow screen', async () => {
      Object.defineProperty(window, 'matchMedia', {
        configurable: true,
        value: (media: string) => ({
          matches: media === NARROW_SCREEN_QUERY,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }),
      });
      try {
        const dialog = await openDetail(grouped);
        expect(dialog.queryByRole('table', { hidden: true })).toBeNull();
        const vila = within(dialog.getByRole('group', { name: 'Vila Mariana', hidden: true }));
        expect(vila.getAllByRole('listitem', { hidden: true })).toHaveLength(2);
        expect(vila.getByText('Subtotal Vila Mariana').parentElement!.textContent).toBe(
          'Subtotal Vila MarianaR$ 247,00',
        );
        expect(dialog.getByRole('group', { name: 'Centro', hidden: true })).toBeTruthy();
      } finally {
        delete (window as { matchMedia?: unknown }).matchMedia;
      }
    });

    it('reads as before without groups: no store row, no subtotal', async () => {
      const dialog = await openDetail({ ...detail, document: { ...detail.document, storeGroups: null } });
      expect(dialog.getAllByRole('row', { hidden: true })).toHaveLength(2);
      expect(dialog.queryByText(/Subtotal/)).toBeNull();
    });

    it("names a per-store invoice's store in the list and, as the document says, in its view", async () => {
      const perStore = { ...pending, store_id: 3, store_name: 'Centro' };
      const { fetchImpl } = recordingBff(answer(200, page([perStore, paid])));
      globalFetch(
        answer(200, {
          ...detail,
          invoice: perStore,
          document: {
            ...detail.document,
            facts: [
              ['Semana', '09/11/2026 a 15/11/2026'],
              ['Loja', 'Centro'],
            ],
          },
        }),
      );
      render(<RestaurantInvoicesPanel restaurantId="12" fetchImpl={fetchImpl} />);
      await settle();
      const storeRow = screen.getByText(perStore.invoice_number).closest('tr')!;
      expect(within(storeRow).getByTestId('invoice-store').textContent).toBe('Loja: Centro');
      const paidRow = screen.getByText(paid.invoice_number).closest('tr')!;
      expect(within(paidRow).queryByTestId('invoice-store')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: `Ver a fatura ${perStore.invoice_number}` }));
      await settle();
      const dialog = within(screen.getByRole('dialog', { name: 'Detalhes da fatura', hidden: true }));
      expect(dialog.getByText('Loja:').nextElementSibling!.textContent).toBe('Centro');
    });
  });

  it('is the default export the host contract names, inside the theme', async () => {
    globalFetch(answer(200, page([])));
    render(<RestaurantInvoices restaurantId="99" restaurantName="Mercado Novo" />);
    await settle();
    expect(screen.getByTestId('remote-admin_billing-restaurant-invoices')).toBeTruthy();
    expect(screen.getByText('Nenhuma fatura emitida para Mercado Novo ainda.')).toBeTruthy();
  });
});
