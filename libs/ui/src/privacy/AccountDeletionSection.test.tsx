/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ACCOUNT_DELETION_MESSAGES } from '@turno/domain';
import { AccountDeletionSection } from './AccountDeletionSection';

afterEach(cleanup);

const json = (body: unknown, status = 200) =>
  ({ ok: status < 300, status, json: async () => body, headers: new Headers() }) as unknown as Response;

const openAndType = (word: string) => {
  act(() => fireEvent.click(screen.getByRole('button', { name: ACCOUNT_DELETION_MESSAGES.open })));
  fireEvent.change(screen.getByLabelText(ACCOUNT_DELETION_MESSAGES.confirmLabel('EXCLUIR')), {
    target: { value: word },
  });
  act(() => fireEvent.click(screen.getByRole('button', { name: ACCOUNT_DELETION_MESSAGES.submit })));
};

describe('Excluir minha conta (issue 27)', () => {
  it('says what is deleted and kept; without the word nothing is sent', () => {
    const fetchImpl = jest.fn();
    render(<AccountDeletionSection fetchImpl={fetchImpl as unknown as typeof fetch} />);
    const text = screen.getByTestId('account-deletion').textContent ?? '';
    expect(text).toContain(ACCOUNT_DELETION_MESSAGES.deletedItems[0]);
    expect(text).toContain(ACCOUNT_DELETION_MESSAGES.keptItems[0]);
    expect(text).toContain('A exclusão acontece em 7 dias');
    openAndType('sim');
    expect(screen.getByRole('alert').textContent).toBe(ACCOUNT_DELETION_MESSAGES.confirmMismatch('EXCLUIR'));
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("shows the server's list when refused, and the schedule once accepted", async () => {
    const refusal = `${ACCOUNT_DELETION_MESSAGES.blockedFreelancer} 03/12/2026, 08:00–14:00, Mercado Bom Preço (Repositor).`;
    const fetchImpl = jest
      .fn()
      .mockResolvedValueOnce(json({ error: refusal }, 409))
      .mockResolvedValueOnce(
        json({
          success: true,
          scheduled_for: '2026-12-04T12:00:00.000Z',
          message: 'Pedido de exclusão recebido.',
        }),
      );
    render(<AccountDeletionSection fetchImpl={fetchImpl as unknown as typeof fetch} />);
    openAndType('excluir');
    expect((await screen.findByTestId('account-deletion-blocked')).textContent).toContain(
      'Mercado Bom Preço',
    );
    expect(fetchImpl).toHaveBeenCalledWith(
      '/api/account-deletion',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ confirmation: 'excluir' }) }),
    );
    openAndType('EXCLUIR');
    expect((await screen.findByTestId('account-deletion-scheduled')).textContent).toContain(
      'Pedido de exclusão recebido.',
    );
  });
});
