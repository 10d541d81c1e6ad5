/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type AdminInvoicesPage, type Invoice } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { recordingBff } from '../shared/recording-bff';
import { InvoicesScreen } from './InvoicesScreen';
import { testInvoice } from '../testing/fixtures';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));

const pending: Invoice = testInvoice({
  restaurant_id: 1,
});
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

afterEach(cleanup);

/**
 * The page's own confirmation dialog (never the browser's confirm()): its question, then the
 * person's answer — the named button.
 */
async function answerDialog(button: string): Promise<string> {
  const dialog = screen.getByRole('dialog');
  const question = dialog.querySelector('p')!.textContent!;
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
  await act(async () => undefined);
  return question;
}

beforeEach(() => {
  window.confirm = jest.fn(() => {
    throw new Error('window.confirm() must not be used');
  });
});

describe('invoice actions', () => {
  it('marks an invoice paid after "Marcar esta fatura como paga?", then re-reads the list', async () => {
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
    const questions: string[] = [];
    render(<InvoicesScreen fetchImpl={fetchImpl} />);
    await settle();
    // A paid invoice offers only its view.
    const paidRow = screen.getByText(paid.invoice_number).closest('tr')!;
    expect(
      within(paidRow)
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Ver']);

    fireEvent.click(
      screen.getByRole('button', { name: `Marcar como paga a fatura ${pending.invoice_number}` }),
    );
    questions.push(await answerDialog('Marcar como paga'));
    await settle();
    await settle();
    expect(questions).toEqual([MESSAGES.confirmations.markInvoicePaid]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /bff/admin-billing/api/admin/invoices',
      'POST /bff/admin-billing/api/admin/invoices/7/mark-paid',
      'GET /bff/admin-billing/api/admin/invoices',
    ]);
    expect(screen.getByTestId('invoice-action-notice').textContent).toBe(MESSAGES.invoices.markedPaid);
    expect(screen.queryByRole('button', { name: /Marcar como paga/ })).toBeNull();
  });

  it('does nothing when the person cancels the deletion; shows the server’s refusal otherwise', async () => {
    const { fetchImpl, calls } = recordingBff(
      answer(200, page([pending])),
      answer(409, { error: MESSAGES.invoices.paidCannotBeChanged }),
    );
    const questions: string[] = [];
    render(<InvoicesScreen fetchImpl={fetchImpl} />);
    await settle();
    const remove = screen.getByRole('button', { name: `Excluir a fatura ${pending.invoice_number}` });
    fireEvent.click(remove);
    questions.push(await answerDialog('Cancelar'));
    await settle();
    expect(calls).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(remove);
    questions.push(await answerDialog('Excluir'));
    await settle();
    expect(questions).toEqual([MESSAGES.confirmations.deleteInvoice, MESSAGES.confirmations.deleteInvoice]);
    expect(calls[1]).toMatchObject({ method: 'DELETE', url: '/bff/admin-billing/api/admin/invoices/7' });
    expect(screen.getByTestId('invoice-action-notice').textContent).toBe(
      MESSAGES.invoices.paidCannotBeChanged,
    );
  });

  it('falls back to the spec’s error text when the server gives none', async () => {
    const { fetchImpl } = recordingBff(answer(200, page([pending])), answer(500, undefined));
    render(<InvoicesScreen fetchImpl={fetchImpl} />);
    await settle();
    fireEvent.click(
      screen.getByRole('button', { name: `Marcar como paga a fatura ${pending.invoice_number}` }),
    );
    await answerDialog('Marcar como paga');
    await settle();
    await settle();
    expect(screen.getByTestId('invoice-action-notice').textContent).toBe(MESSAGES.invoices.markPaidFailed);
  });
});
