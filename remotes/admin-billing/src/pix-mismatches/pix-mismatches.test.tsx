/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type AdminInvoiceDetail, type PixMismatch } from '@turno/contracts';
import { INVOICE_PIX_MESSAGES, MESSAGES } from '@turno/domain';
import { useLiveRefresh } from '@turno/ui';
import { answer, invoicePixChargeFixture, LONG_BR_CODE, settle } from '@turno/ui/testing';
import { InvoiceDetailDialog } from '../invoice-detail/InvoiceDetailDialog';
import { recordingBff } from '../shared/recording-bff';
import { testInvoice } from '../testing/fixtures';
import { PIX_MISMATCHES_URL, PixMismatchesPanel } from './PixMismatchesPanel';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));
const liveRefresh = jest.mocked(useLiveRefresh);
/** The last refresh given to useLiveRefresh for the charges' event. */
const chargeRefresh = () =>
  liveRefresh.mock.calls
    .filter(([, , options]) => options.types?.includes('invoice_charge_updated'))
    .at(-1)![1];

const mismatch: PixMismatch = {
  invoice_id: 7,
  invoice_number: 'TUR-2026-W46-0007',
  restaurant_id: 12,
  restaurant_name: 'Supermercado Bom Preço',
  invoice_status: 'pending',
  amount: 447,
  txid: 'TURNOFAT7R0000000000000000000000001',
  received_amount: 400,
  received_at: '2026-11-27T17:32:00Z',
  end_to_end_id: 'E12345678202611271732abcdefghijk',
};

afterEach(() => {
  cleanup();
  liveRefresh.mockClear();
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('"Divergências de pagamento"', () => {
  it("lists the Pix received with another amount, opens the invoice, and re-reads on the charges' events", async () => {
    const { fetchImpl, calls } = recordingBff(
      answer(200, {
        items: [
          mismatch,
          {
            ...mismatch,
            invoice_id: null,
            invoice_number: null,
            amount: null,
            invoice_status: null,
            end_to_end_id: 'E2',
          },
        ],
      }),
      answer(200, { items: [] }),
    );
    const onView = jest.fn();
    render(<PixMismatchesPanel onView={onView} fetchImpl={fetchImpl} />);
    await settle();
    expect(calls[0]!.url).toBe(PIX_MISMATCHES_URL);
    expect(PIX_MISMATCHES_URL).toBe('/bff/admin-billing/api/admin/invoices/pix-mismatches');
    const panel = within(
      screen.getByRole('region', { name: `${INVOICE_PIX_MESSAGES.mismatchListTitle} (2)` }),
    );
    const rows = panel.getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toMatch(
      /TUR-2026-W46-0007Supermercado Bom PreçoR\$\s447,00R\$\s400,0027\/11\/2026 14:32PendenteVer fatura/,
    );
    expect(rows[1]!.textContent).toMatch(/^Fatura excluída.*—R\$\s400,00.*—$/);
    fireEvent.click(panel.getByRole('button', { name: 'Ver fatura TUR-2026-W46-0007 (divergência)' }));
    expect(onView).toHaveBeenCalledWith(7);
    // Settled meanwhile: the panel goes away.
    await act(async () => chargeRefresh()());
    await settle();
    expect(calls).toHaveLength(2);
    expect(screen.queryByTestId('pix-mismatches')).toBeNull();
  });

  it('says when the list cannot be read, with a retry', async () => {
    const { fetchImpl } = recordingBff(answer(500, { error: 'Falhou.' }), answer(200, { items: [mismatch] }));
    render(<PixMismatchesPanel onView={() => undefined} fetchImpl={fetchImpl} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await settle();
    expect(screen.getByTestId('pix-mismatches')).toBeTruthy();
  });
});

describe("the admin's invoice view with its Pix charge", () => {
  const invoice = testInvoice();
  const detail = (charge: AdminInvoiceDetail['pix_charge']): AdminInvoiceDetail => ({
    invoice,
    document: {
      title: `Fatura ${invoice.invoice_number}`,
      provider: { name: 'Turno', legalName: 'Turno Ltda', cnpj: 'CNPJ 1', address: 'Rua A', contact: 'x' },
      client: {
        businessName: invoice.restaurant_name,
        responsible: 'Carla',
        address: 'Rua B',
        legalName: null,
        cnpj: null,
      },
      number: invoice.invoice_number,
      facts: [['Status', 'Pendente']],
      lines: [],
      description: null,
      total: 'R$ 447,00',
      paymentTerms: MESSAGES.invoices.paymentTerms,
      pix: charge?.br_code ? { brCode: charge.br_code, instructions: 'Pague com Pix.' } : null,
    },
    pix_charge: charge,
  });

  it("shows the charge's state and block, and turns to the divergence live without blinking", async () => {
    const answers = [
      answer(200, detail(invoicePixChargeFixture({ amount: 447 }))),
      answer(
        200,
        detail(
          invoicePixChargeFixture({
            amount: 447,
            status: 'mismatch',
            received_amount: 400,
            received_at: '2026-11-27T17:32:00Z',
          }),
        ),
      ),
    ];
    globalThis.fetch = jest.fn(async () => answers.shift()!) as unknown as typeof fetch;
    render(<InvoiceDetailDialog invoiceId={7} onClose={() => undefined} />);
    await settle();
    const dialog = within(screen.getByRole('dialog', { name: 'Detalhes da fatura', hidden: true }));
    expect(dialog.getByTestId('admin-invoice-pix').textContent).toContain('Pix: Aguardando pagamento');
    expect((dialog.getByLabelText(INVOICE_PIX_MESSAGES.codeLabel) as HTMLTextAreaElement).value).toBe(
      LONG_BR_CODE,
    );
    await act(async () => chargeRefresh()());
    // The refresh keeps the document on screen while it reads.
    expect(dialog.getByTestId('invoice-total')).toBeTruthy();
    await settle();
    expect(dialog.getByTestId('admin-invoice-pix').textContent).toContain('Pix: Divergência de pagamento');
    expect(dialog.getByTestId('invoice-pix-state').textContent).toBe(
      'Recebemos R$ 400,00; o valor da fatura é R$ 447,00. Nossa equipe vai entrar em contato.',
    );
  });

  it('shows no Pix section for an invoice without a charge', async () => {
    globalThis.fetch = jest.fn(async () => answer(200, detail(null))) as unknown as typeof fetch;
    render(<InvoiceDetailDialog invoiceId={7} onClose={() => undefined} />);
    await settle();
    expect(screen.getByTestId('invoice-total')).toBeTruthy();
    expect(screen.queryByTestId('admin-invoice-pix')).toBeNull();
  });
});
