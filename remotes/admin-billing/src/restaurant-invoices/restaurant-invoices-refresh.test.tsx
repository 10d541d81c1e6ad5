/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type AdminInvoicesPage, type Invoice } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { recordingBff } from '../shared/recording-bff';
import { RestaurantInvoicesPanel } from './RestaurantInvoicesPanel';
import { testInvoice } from '../testing/fixtures';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));

const invoice: Invoice = testInvoice();
const page = (items: Invoice[]): AdminInvoicesPage => ({
  items,
  total: items.length,
  nextCursor: null,
  stats: { all: items.length, pending: items.length, paid: 0, overdue: 0, pendingAmount: 447 },
});

afterEach(cleanup);

describe("Controle Mercado → Faturas (spec 02: 'list with refresh and PDF download')", () => {
  it('"Atualizar" reads the list again and shows an invoice generated meanwhile', async () => {
    const { fetchImpl, calls } = recordingBff(answer(200, page([])), answer(200, page([invoice])));
    render(
      <RestaurantInvoicesPanel
        restaurantId="12"
        restaurantName="Supermercado Bom Preço"
        fetchImpl={fetchImpl}
      />,
    );
    await settle();
    expect(screen.queryByText(invoice.invoice_number)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await settle();
    expect(calls.map((c) => c.url)).toEqual([
      '/bff/admin-billing/api/admin/invoices?restaurantId=12',
      '/bff/admin-billing/api/admin/invoices?restaurantId=12',
    ]);
    expect(screen.getByText(invoice.invoice_number)).toBeTruthy();
  });

  it('says "Erro ao carregar faturas" when the list cannot be read', async () => {
    const { fetchImpl } = recordingBff(answer(503));
    render(<RestaurantInvoicesPanel restaurantId="12" fetchImpl={fetchImpl} />);
    await settle();
    expect(screen.getByTestId('load-error').textContent).toContain(MESSAGES.invoices.loadFailed);
  });
});
