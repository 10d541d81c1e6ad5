/** @jest-environment jsdom */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { BUSINESS_MEMBER_MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { type Routes } from '../testing/routed-bff';
import { renderWithStores, rowsOf } from '../testing/stores-bff';
import { STORES_URL } from './stores';
import { StoresScreen } from './StoresScreen';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));

const saved = (id: number, name: string, isActive = true) =>
  answer(id === 9 ? 201 : 200, { id, name, is_active: isActive, open_vacancies: 0 });

afterEach(cleanup);

const storesScreen = (routes: Routes = {}) =>
  renderWithStores((fetchImpl) => <StoresScreen fetchImpl={fetchImpl} />, routes);
const items = () => rowsOf('Lojas do Mercado');

describe('Lojas', () => {
  it('lists every store with its state and open vacancies', async () => {
    await storesScreen();
    expect(screen.getByRole('heading', { name: 'Lojas do Mercado' })).toBeTruthy();
    const [centro, norte, velha] = items();
    expect(centro!.textContent).toContain('Loja Centro');
    expect(centro!.textContent).toContain('Ativa');
    expect(centro!.textContent).toContain('3 vagas abertas');
    expect(norte!.textContent).toContain('1 vaga aberta');
    expect(velha!.textContent).toContain('Desativada');
    expect(velha!.textContent).toContain('0 vagas abertas');
    expect(within(centro!).getByRole('button', { name: 'Desativar Loja Centro' })).toBeTruthy();
    expect(within(velha!).getByRole('button', { name: 'Reativar Loja Velha' })).toBeTruthy();
    expect(within(velha!).queryByRole('button', { name: /Desativar/ })).toBeNull();
  });

  it("adds a store: the name's length checked, the server's refusal shown, then the list refreshed", async () => {
    const bff = await storesScreen({
      [`POST ${STORES_URL}`]: [
        () => answer(409, { error: BUSINESS_MEMBER_MESSAGES.storeNameTaken }),
        () => saved(9, 'Loja Sul'),
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar loja' }));
    const dialog = screen.getByRole('dialog', { name: 'Adicionar loja' });
    const name = within(dialog).getByRole('textbox', { name: /Nome da loja/ });
    fireEvent.change(name, { target: { value: ' L ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    await settle();
    expect(dialog.textContent).toContain(BUSINESS_MEMBER_MESSAGES.storeNameLength);
    expect(bff.of('POST', STORES_URL)).toHaveLength(0);

    fireEvent.change(name, { target: { value: ' Loja Sul ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    await settle();
    expect(within(dialog).getByTestId('store-error').textContent).toBe(
      BUSINESS_MEMBER_MESSAGES.storeNameTaken,
    );
    expect(screen.getByRole('dialog', { name: 'Adicionar loja' })).toBe(dialog);

    fireEvent.submit(name.closest('form')!); // Enter in the field
    await settle();
    expect(bff.of('POST', STORES_URL).map((r) => r.body)).toEqual([
      { name: 'Loja Sul' },
      { name: 'Loja Sul' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('stores-message').textContent).toBe(BUSINESS_MEMBER_MESSAGES.storeCreated);
    expect(bff.of('GET', STORES_URL)).toHaveLength(2);
  });

  it('renames a store from its current name', async () => {
    const bff = await storesScreen({ [`PUT ${STORES_URL}/1`]: () => saved(1, 'Loja Centro Histórico') });
    fireEvent.click(screen.getByRole('button', { name: 'Editar Loja Centro' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar loja' });
    const name = within(dialog).getByRole('textbox', { name: /Nome da loja/ }) as HTMLInputElement;
    expect(name.value).toBe('Loja Centro');
    fireEvent.change(name, { target: { value: 'Loja Centro Histórico' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await settle();
    expect(bff.of('PUT', `${STORES_URL}/1`)[0]!.body).toEqual({ name: 'Loja Centro Histórico' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('stores-message').textContent).toBe(BUSINESS_MEMBER_MESSAGES.storeSaved);
  });

  it('adds a store with its branch CNPJ and type, refusing a CNPJ whose digits do not match', async () => {
    const bff = await storesScreen({ [`POST ${STORES_URL}`]: () => saved(9, 'Atacado Norte') });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar loja' }));
    const dialog = screen.getByRole('dialog', { name: 'Adicionar loja' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Nome da loja/ }), {
      target: { value: 'Atacado Norte' },
    });
    const cnpj = within(dialog).getByRole('textbox', { name: /CNPJ da filial/ });
    fireEvent.change(cnpj, { target: { value: '12345678000200' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    await settle();
    expect(bff.of('POST', STORES_URL)).toHaveLength(0);
    fireEvent.change(cnpj, { target: { value: '12345678000276' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Tipo de estabelecimento/ }), {
      target: { value: 'Atacadista' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    await settle();
    expect(bff.of('POST', STORES_URL)[0]!.body).toEqual({
      name: 'Atacado Norte',
      cnpj: '12345678000276',
      establishmentType: 'Atacadista',
    });
  });

  it('deactivates only after a confirmation that says what it does, and reactivates', async () => {
    const bff = await storesScreen({
      [`PUT ${STORES_URL}/1`]: () => saved(1, 'Loja Centro', false),
      [`PUT ${STORES_URL}/3`]: () => saved(3, 'Loja Velha', true),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Desativar Loja Centro' }));
    let confirm = screen.getByRole('dialog', { name: 'Desativar loja' });
    expect(confirm.textContent).toContain('deixa de receber novas vagas');
    expect(confirm.textContent).toContain('continuam');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(bff.of('PUT', `${STORES_URL}/1`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Desativar Loja Centro' }));
    confirm = screen.getByRole('dialog', { name: 'Desativar loja' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Desativar' }));
    await settle();
    expect(bff.of('PUT', `${STORES_URL}/1`)[0]!.body).toEqual({ isActive: false });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('stores-message').textContent).toBe(BUSINESS_MEMBER_MESSAGES.storeDeactivated);

    fireEvent.click(screen.getByRole('button', { name: 'Reativar Loja Velha' }));
    await settle();
    expect(bff.of('PUT', `${STORES_URL}/3`)[0]!.body).toEqual({ isActive: true });
    expect(screen.getByTestId('stores-message').textContent).toBe(BUSINESS_MEMBER_MESSAGES.storeReactivated);
  });

  it("says why a change failed (the server's words)", async () => {
    await storesScreen({
      [`PUT ${STORES_URL}/1`]: () => answer(409, { error: BUSINESS_MEMBER_MESSAGES.lastActiveStore }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Desativar Loja Centro' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Desativar' }));
    await settle();
    expect(screen.getByTestId('stores-message').textContent).toBe(BUSINESS_MEMBER_MESSAGES.lastActiveStore);
  });
});
