/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type Invoice, type RestaurantInvoiceDetail, type RestaurantInvoicesPage } from '@turno/contracts';
import { INVOICE_PIX_MESSAGES, STORE_BILLING_MESSAGES } from '@turno/domain';
import { NARROW_SCREEN_QUERY, useLiveRefresh } from '@turno/ui';
import { LONG_BR_CODE, answer, bodyRows, invoicePixChargeFixture, settle } from '@turno/ui/testing';
import { act } from 'react';
import { routedBff } from '../testing/routed-bff';
import { InvoicesScreen, INVOICES_URL } from './InvoicesScreen';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));

const invoice: Invoice = {
  id: 31,
  invoice_number: 'TUR-2026-W47-0001',
  invoice_type: 'restaurant_weekly_invoice',
  restaurant_id: 1,
  restaurant_name: 'Supermercado Bom Preço',
  restaurant_contact_name: 'Marcos Almeida',
  description: null,
  amount: 338,
  status: 'pending',
  issue_date: '2026-11-25',
  due_date: '2026-12-02',
  payment_date: null,
  week_start: '2026-11-16',
  week_end: '2026-11-22',
};
const page: RestaurantInvoicesPage = {
  items: [
    invoice,
    { ...invoice, id: 30, invoice_number: 'TUR-2026-W46-0003', status: 'paid', payment_date: '2026-11-20' },
  ],
  total: 2,
  nextCursor: null,
  stats: { all: 2, pending: 1, paid: 1, overdue: 0, pendingAmount: 338 },
};
const detail: RestaurantInvoiceDetail = {
  invoice,
  client: {
    business_name: 'Supermercado Bom Preço',
    responsible_name: 'Marcos Almeida',
    address: 'Rua A, 10',
    legal_name: 'Supermercado Bom Preço Ltda',
    cnpj: '12345678000195',
  },
  lines: [
    {
      date_needed: '2026-11-16',
      position_type: 'Estoquista',
      freelancer_name: 'Ana Souza',
      restaurant_payment_amount: 149,
      start_time: '08:00',
      end_time: '14:00',
    },
    {
      date_needed: '2026-11-18',
      position_type: 'Operador de Caixa',
      freelancer_name: 'Bruno Oliveira',
      restaurant_payment_amount: 189,
      start_time: '07:00',
      end_time: '17:00',
    },
  ],
};

afterEach(cleanup);

it('lists the invoices and opens one with its service lines, total and PDF link', async () => {
  const bff = routedBff({
    [`GET ${INVOICES_URL}`]: answer(200, page),
    [`GET ${INVOICES_URL}/31`]: answer(200, detail),
  });
  render(<InvoicesScreen fetchImpl={bff.fetchImpl} />);
  await settle();
  expect(bodyRows()).toHaveLength(2);
  expect(bodyRows()[0]!.textContent).toMatch(
    /TUR-2026-W47-0001.*16\/11\/2026 a 22\/11\/2026R\$\s338,00Pendente25\/11\/202602\/12\/2026/,
  );
  expect(screen.getByRole('group', { name: 'Resumo das faturas' }).textContent).toMatch(/A pagarR\$\s338,00/);

  fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'paid' } });
  await settle();
  expect(bff.of('GET', INVOICES_URL).at(-1)!.url).toBe(`${INVOICES_URL}?status=paid`);

  fireEvent.click(screen.getByRole('button', { name: 'Ver fatura TUR-2026-W47-0001' }));
  await settle();
  const dialog = within(screen.getByRole('dialog', { name: 'Fatura TUR-2026-W47-0001' }));
  const lines = dialog.getAllByRole('row').slice(1);
  expect(lines.map((row) => row.textContent)).toEqual([
    expect.stringMatching(/^Segunda-feira16\/11\/2026Estoquista \(08:00 às 14:00\)Ana SouzaR\$\s149,00$/),
    expect.stringMatching(
      /^Quarta-feira18\/11\/2026Operador de Caixa \(07:00 às 17:00\)Bruno OliveiraR\$\s189,00$/,
    ),
  ]);
  expect(dialog.getByTestId('invoice-total').textContent).toMatch(/Total: R\$\s338,00/);
  // The client as the PDF names it (issue 25): razão social and the CNPJ masked.
  expect(dialog.getByTestId('invoice-legal-name').textContent).toBe('Supermercado Bom Preço Ltda');
  expect(dialog.getByTestId('invoice-cnpj').textContent).toBe('12.345.678/0001-95');
  const pdf = dialog.getByRole('link', { name: 'Baixar PDF' });
  expect(pdf.getAttribute('href')).toBe(`${INVOICES_URL}/31/pdf`);
  expect(pdf.getAttribute('target')).toBe('_blank');
});

it("shows an unpaid invoice's Pix charge (QR code and copia e cola) and turns it paid on the charge's live event", async () => {
  const withCharge: RestaurantInvoiceDetail = {
    ...detail,
    pix_charge: invoicePixChargeFixture({ amount: 338 }),
  };
  const paid: RestaurantInvoiceDetail = {
    ...detail,
    invoice: { ...invoice, status: 'paid', payment_date: '2026-11-27' },
    pix_charge: invoicePixChargeFixture({
      amount: 338,
      status: 'paid',
      received_at: '2026-11-27T17:32:00Z',
      received_amount: 338,
    }),
  };
  const bff = routedBff({
    [`GET ${INVOICES_URL}`]: answer(200, page),
    [`GET ${INVOICES_URL}/31`]: [answer(200, withCharge), answer(200, paid)],
  });
  render(<InvoicesScreen fetchImpl={bff.fetchImpl} />);
  await settle();
  fireEvent.click(screen.getByRole('button', { name: 'Ver fatura TUR-2026-W47-0001' }));
  await settle();
  const dialog = within(screen.getByRole('dialog', { name: 'Fatura TUR-2026-W47-0001' }));
  const pix = within(dialog.getByRole('region', { name: INVOICE_PIX_MESSAGES.title }));
  expect(pix.getByRole('img', { name: INVOICE_PIX_MESSAGES.qrAlt })).toBeTruthy();
  expect((pix.getByLabelText(INVOICE_PIX_MESSAGES.codeLabel) as HTMLTextAreaElement).value).toBe(
    LONG_BR_CODE,
  );
  expect(pix.getByRole('button', { name: INVOICE_PIX_MESSAGES.copy })).toBeTruthy();

  // The detail listens to the charge's event (the name the server's charges emit), then re-reads.
  const calls = jest.mocked(useLiveRefresh).mock.calls;
  const detailRefresh = calls
    .filter(([, , options]) => options?.types?.includes('invoice_charge_updated'))
    .at(-1)![1];
  const reads = bff.of('GET', `${INVOICES_URL}/31`).length;
  await act(async () => detailRefresh());
  await settle();
  expect(bff.of('GET', `${INVOICES_URL}/31`)).toHaveLength(reads + 1);
  expect(dialog.getByTestId('invoice-pix-state').textContent).toBe('Pago em 27/11 às 14:32');
  expect(dialog.queryByRole('img', { name: INVOICE_PIX_MESSAGES.qrAlt })).toBeNull();
  expect(dialog.getByTestId('invoice-status').textContent).toBe('Paga');
});

it('shows no Pix block for an invoice without a charge', async () => {
  const bff = routedBff({
    [`GET ${INVOICES_URL}`]: answer(200, page),
    [`GET ${INVOICES_URL}/31`]: answer(200, { ...detail, pix_charge: null }),
  });
  render(<InvoicesScreen fetchImpl={bff.fetchImpl} />);
  await settle();
  fireEvent.click(screen.getByRole('button', { name: 'Ver fatura TUR-2026-W47-0001' }));
  await settle();
  expect(screen.getByTestId('invoice-total')).toBeTruthy();
  expect(screen.queryByTestId('invoice-pix')).toBeNull();
});

describe('a business with several stores (issue 28)', () => {
  const centro = { store_id: 1, store_name: 'Centro' };
  const vila = { store_id: 2, store_name: 'Vila Mariana' };
  const [first, second] = detail.lines as [
    RestaurantInvoiceDetail['lines'][number],
    RestaurantInvoiceDetail['lines'][number],
  ];
  const third = {
    ...first,
    date_needed: '2026-11-20',
    freelancer_name: 'Carla Dias',
    restaurant_payment_amount: 100,
  };
  const twoStores: RestaurantInvoiceDetail = {
    ...detail,
    invoice: { ...invoice, amount: 438 },
    lines: [
      { ...first, ...vila },
      { ...second, ...centro },
      { ...third, ...vila },
    ],
  };

  /** A phone's screen: ResponsiveTable shows cards. */
  function narrowScreen() {
    const query = { matches: true, addEventListener: jest.fn(), removeEventListener: jest.fn() };
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: jest.fn((media: string) => ({ ...query, matches: media === NARROW_SCREEN_QUERY })),
    });
  }
  afterEach(() => {
    delete (window as { matchMedia?: unknown }).matchMedia;
  });

  async function openInvoice(answerWith: RestaurantInvoiceDetail) {
    const bff = routedBff({
      [`GET ${INVOICES_URL}`]: answer(200, page),
      [`GET ${INVOICES_URL}/31`]: answer(200, answerWith),
    });
    render(<InvoicesScreen fetchImpl={bff.fetchImpl} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Ver fatura TUR-2026-W47-0001' }));
    await settle();
    return within(screen.getByRole('dialog', { name: 'Fatura TUR-2026-W47-0001' }));
  }

  it("groups the lines of two stores in the table: each store's name, its lines, its subtotal", async () => {
    const dialog = await openInvoice(twoStores);
    const table = within(dialog.getByRole('table', { name: 'Serviços da fatura' }));
    const [, ...stores] = table.getAllByRole('rowgroup');
    expect(
      stores.map((group) =>
        within(group)
          .getAllByRole('row')
          .map((row) => row.textContent),
      ),
    ).toEqual([
      [
        'Centro',
        expect.stringMatching(
          /^Quarta-feira18\/11\/2026Operador de Caixa \(07:00 às 17:00\)Bruno OliveiraR\$\s189,00$/,
        ),
        expect.stringMatching(/^Subtotal CentroR\$\s189,00$/),
      ],
      [
        'Vila Mariana',
        expect.stringMatching(/^Segunda-feira16\/11\/2026Estoquista.*Ana SouzaR\$\s149,00$/),
        expect.stringMatching(/^Sexta-feira20\/11\/2026Estoquista.*Carla DiasR\$\s100,00$/),
        expect.stringMatching(/^Subtotal Vila MarianaR\$\s249,00$/),
      ],
    ]);
    expect(table.getByRole('rowheader', { name: STORE_BILLING_MESSAGES.subtotal('Centro') })).toBeTruthy();
    expect(dialog.getByTestId('invoice-total').textContent).toMatch(/Total: R\$\s438,00/);
  });

  it('groups them as cards on a narrow screen, each store with its subtotal', async () => {
    narrowScreen();
    const dialog = await openInvoice(twoStores);
    expect(dialog.queryByRole('table')).toBeNull();
    const centroGroup = within(dialog.getByRole('group', { name: 'Centro' }));
    expect(centroGroup.getAllByRole('listitem')).toHaveLength(1);
    expect(centroGroup.getByText('Subtotal Centro').parentElement!.textContent).toMatch(
      /^Subtotal CentroR\$\s189,00$/,
    );
    const vilaGroup = within(dialog.getByRole('group', { name: 'Vila Mariana' }));
    expect(vilaGroup.getAllByRole('listitem').map((card) => card.textContent)).toEqual([
      expect.stringContaining('Ana Souza'),
      expect.stringContaining('Carla Dias'),
    ]);
    expect(vilaGroup.getByText('Subtotal Vila Mariana')).toBeTruthy();
  });

  it('reads as before when every line is of one store: no store row, no subtotal', async () => {
    const dialog = await openInvoice({
      ...detail,
      lines: detail.lines.map((line) => ({ ...line, ...centro })),
    });
    expect(dialog.getAllByRole('row').slice(1)).toHaveLength(2);
    expect(dialog.queryByText(/Subtotal/)).toBeNull();
  });

  it("names a per-store invoice's store in the list, under its number, and in its view", async () => {
    const perStore = { ...invoice, ...centro };
    const bff = routedBff({
      [`GET ${INVOICES_URL}`]: answer(200, { ...page, items: [perStore, page.items[1]] }),
      [`GET ${INVOICES_URL}/31`]: answer(200, { ...detail, invoice: perStore }),
    });
    render(<InvoicesScreen fetchImpl={bff.fetchImpl} />);
    await settle();
    const [storeRow, wholeRow] = bodyRows();
    expect(within(storeRow!).getByTestId('invoice-store').textContent).toBe('Loja: Centro');
    expect(storeRow!.textContent).toMatch(/^TUR-2026-W47-0001Loja: Centro16\/11\/2026/);
    expect(within(wholeRow!).queryByTestId('invoice-store')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ver fatura TUR-2026-W47-0001' }));
    await settle();
    const dialog = within(screen.getByRole('dialog', { name: 'Fatura TUR-2026-W47-0001' }));
    expect(dialog.getByTestId('invoice-store-fact').textContent).toBe('Centro');
  });
});
