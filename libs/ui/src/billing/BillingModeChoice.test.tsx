/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MESSAGES } from '@turno/domain';
import { BffError } from '../data/fetch-bff';
import { BillingModeChoice } from './BillingModeChoice';

afterEach(cleanup);

describe('BillingModeChoice (issue 28)', () => {
  it('saves the mode chosen once it differs, and shows the answer', async () => {
    const onSave = jest.fn(async () => 'Salvo.');
    render(<BillingModeChoice current="centralized" onSave={onSave} />);
    const save = screen.getByRole('button', { name: 'Salvar faturamento' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /^Por loja/ }));
    expect(save.disabled).toBe(false);
    await act(async () => fireEvent.click(save));
    expect(onSave).toHaveBeenCalledWith('per_store');
    expect(screen.getByTestId('billing-mode-message').textContent).toBe('Salvo.');
  });

  it("shows the server's refusal in pt-BR and keeps the choice; a lost connection says so", async () => {
    const onSave = jest.fn(async () => {
      throw new BffError('Erro 403', 403, {
        serverMessage: 'Seu papel (Gerente de loja) não permite esta ação.',
      });
    });
    render(<BillingModeChoice current="per_store" onSave={onSave} />);
    fireEvent.click(screen.getByRole('radio', { name: /^Centralizado/ }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Salvar faturamento' })));
    expect(screen.getByTestId('billing-mode-message').textContent).toBe(
      'Seu papel (Gerente de loja) não permite esta ação.',
    );
    expect((screen.getByRole('radio', { name: /^Centralizado/ }) as HTMLInputElement).checked).toBe(true);
    onSave.mockImplementationOnce(async () => {
      throw new BffError('sem conexão');
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Salvar faturamento' })));
    expect(screen.getByTestId('billing-mode-message').textContent).toBe(MESSAGES.common.saveConnection);
  });
});
