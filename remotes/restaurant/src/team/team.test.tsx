/** @jest-environment jsdom */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { type Team } from '@turno/contracts';
import { ALL_STORES_LABEL, BUSINESS_MEMBER_MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { type Routes } from '../testing/routed-bff';
import { STORES as stores, renderWithStores, rowsOf } from '../testing/stores-bff';
import { TEAM_INVITATIONS_URL, TEAM_MEMBERS_URL, TEAM_URL, storeNamesText, validUntilText } from './team';
import { TeamScreen } from './TeamScreen';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));

const team: Team = {
  members: [
    { id: 10, name: 'Ana Dona', email: 'ana@mercado.com', role: 'owner', store_ids: [], is_you: true },
    {
      id: 11,
      name: 'Bruno Gerente',
      email: 'bruno@mercado.com',
      role: 'manager',
      store_ids: [1, 3],
      is_you: false,
    },
    { id: 12, name: null, email: 'carla@mercado.com', role: 'supervisor', store_ids: [2], is_you: false },
  ],
  invitations: [
    {
      id: 20,
      email: 'davi@mercado.com',
      role: 'supervisor',
      store_ids: [1, 2],
      expires_at: '2026-12-05T15:00:00.000Z',
    },
  ],
};
const done = (message: string) => answer(200, { done: true, message });

const realClipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
function setClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}
afterEach(() => {
  cleanup();
  if (realClipboard) Object.defineProperty(navigator, 'clipboard', realClipboard);
  else delete (navigator as { clipboard?: unknown }).clipboard;
});

const teamScreen = (routes: Routes = {}, storesAnswer = stores) =>
  renderWithStores(
    (fetchImpl) => <TeamScreen fetchImpl={fetchImpl} />,
    { [`GET ${TEAM_URL}`]: () => answer(200, team), ...routes },
    storesAnswer,
  );
const memberRows = () => rowsOf('Equipe do Mercado');
const invitationRows = () => rowsOf('Convites em aberto');

describe('Equipe', () => {
  it('lists the members with role and stores, and the open invitations', async () => {
    await teamScreen();
    expect(screen.getByRole('heading', { name: 'Equipe do Mercado' })).toBeTruthy();
    const [owner, manager, supervisor] = memberRows();
    expect(owner!.textContent).toContain('Ana Dona (você)');
    expect(owner!.textContent).toContain('Proprietário');
    expect(owner!.textContent).toContain(ALL_STORES_LABEL);
    expect(within(owner!).queryByRole('button')).toBeNull();

    expect(manager!.textContent).toContain('Bruno Gerente');
    expect(manager!.textContent).toContain('bruno@mercado.com');
    expect(manager!.textContent).toContain('Gerente de loja');
    expect(manager!.textContent).toContain('Loja Centro, Loja Velha (desativada)');
    expect(manager!.textContent).not.toContain('(você)');
    expect(within(manager!).getByRole('button', { name: 'Alterar papel de Bruno Gerente' })).toBeTruthy();
    expect(within(manager!).getByRole('button', { name: 'Remover Bruno Gerente' })).toBeTruthy();

    // No name yet: the e-mail names them.
    expect(supervisor!.textContent).toContain('carla@mercado.com');
    expect(supervisor!.textContent).toContain('Supervisor');
    expect(supervisor!.textContent).toContain('Loja Norte');

    const [invitation] = invitationRows();
    expect(invitation!.textContent).toContain('davi@mercado.com');
    expect(invitation!.textContent).toContain('Supervisor');
    expect(invitation!.textContent).toContain('Loja Centro, Loja Norte');
    expect(invitation!.textContent).toContain('vale até 05/12/2026');
    expect(
      within(invitation!).getByRole('button', { name: 'Cancelar convite de davi@mercado.com' }),
    ).toBeTruthy();
  });

  it('says when no invitation is open', async () => {
    await teamScreen({ [`GET ${TEAM_URL}`]: () => answer(200, { ...team, invitations: [] }) });
    expect(screen.getByTestId('team-invitations-empty').textContent).toBe('Nenhum convite em aberto.');
  });

  it('invites: checks the fields, then shows the link once and copies it; closing refreshes', async () => {
    const writeText = jest.fn(async () => undefined);
    setClipboard(writeText);
    const bff = await teamScreen({
      [`POST ${TEAM_INVITATIONS_URL}`]: () =>
        answer(201, {
          id: 21,
          email: 'eva@mercado.com',
          role: 'manager',
          store_ids: [2],
          expires_at: '2026-12-06T12:00:00.000Z',
          path: '/convite-equipe/abcdefghijklmnopqrstuvwxyz',
          emailed: true,
        }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Convidar pessoa' }));
    const dialog = screen.getByRole('dialog', { name: 'Convidar pessoa' });
    // Only the active stores are choices.
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')!.textContent),
    ).toEqual(['Loja Centro', 'Loja Norte']);
    expect(within(dialog).getByText(/Cria e edita vagas/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar convite' }));
    await settle();
    expect(dialog.textContent).toContain('Informe um e-mail válido.');
    expect(dialog.textContent).toContain('Escolha o papel: gerente de loja ou supervisor.');
    expect(dialog.textContent).toContain(BUSINESS_MEMBER_MESSAGES.managerNeedsStores);
    expect(bff.of('POST', TEAM_INVITATIONS_URL)).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /E-mail/ }), {
      target: { value: ' eva@mercado.com ' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Gerente de loja' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Loja Norte' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar convite' }));
    await settle();
    expect(bff.of('POST', TEAM_INVITATIONS_URL)[0]!.body).toEqual({
      email: 'eva@mercado.com',
      role: 'manager',
      storeIds: [2],
    });

    const created = screen.getByRole('dialog', { name: 'Convite criado' });
    expect(created.textContent).toContain(BUSINESS_MEMBER_MESSAGES.invitationEmailed('eva@mercado.com'));
    const link = within(created).getByRole('textbox', { name: 'Link do convite' }) as HTMLTextAreaElement;
    expect(link.value).toBe(`${location.origin}/convite-equipe/abcdefghijklmnopqrstuvwxyz`);
    expect(link.readOnly).toBe(true);
    fireEvent.click(within(created).getByRole('button', { name: 'Copiar link' }));
    await settle();
    expect(writeText).toHaveBeenCalledWith(link.value);
    expect(within(created).getByTestId('team-link-copied').textContent).toBe('Link copiado.');

    expect(bff.of('GET', TEAM_URL)).toHaveLength(1);
    fireEvent.click(within(created).getByRole('button', { name: 'Fechar' }));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bff.of('GET', TEAM_URL)).toHaveLength(2);
  });

  it('preselects the only store; when the clipboard refuses, asks to select and copy', async () => {
    setClipboard(async () => {
      throw new Error('denied');
    });
    const bff = await teamScreen(
      {
        [`POST ${TEAM_INVITATIONS_URL}`]: () =>
          answer(201, {
            id: 21,
            email: 'eva@mercado.com',
            role: 'supervisor',
            store_ids: [1],
            expires_at: '2026-12-06T12:00:00.000Z',
            path: '/convite-equipe/abcdefghijklmnopqrstuvwxyz',
            emailed: false,
          }),
      },
      { member_role: 'owner', billing_mode: 'centralized', items: [stores.items[0]!, stores.items[2]!] },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Convidar pessoa' }));
    const dialog = screen.getByRole('dialog', { name: 'Convidar pessoa' });
    const only = within(dialog).getByRole('checkbox', { name: 'Loja Centro' }) as HTMLInputElement;
    expect(only.checked).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /E-mail/ }), {
      target: { value: 'eva@mercado.com' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Supervisor' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar convite' }));
    await settle();
    expect(bff.of('POST', TEAM_INVITATIONS_URL)[0]!.body).toEqual({
      email: 'eva@mercado.com',
      role: 'supervisor',
      storeIds: [1],
    });
    const created = screen.getByRole('dialog', { name: 'Convite criado' });
    // Not handed to the e-mail: the owner sends the link.
    expect(created.textContent).toContain(BUSINESS_MEMBER_MESSAGES.invitationSent);
    fireEvent.click(within(created).getByRole('button', { name: 'Copiar link' }));
    await settle();
    expect(created.textContent).toContain('Selecione o link acima e copie');
    expect(within(created).queryByText('Link copiado.')).toBeNull();
  });

  it.each([
    [409, BUSINESS_MEMBER_MESSAGES.alreadyInTeam],
    [400, 'Informe um e-mail válido.'],
  ])('shows the refusal %s in the invite dialog', async (status, message) => {
    await teamScreen({ [`POST ${TEAM_INVITATIONS_URL}`]: () => answer(status, { error: message }) });
    fireEvent.click(screen.getByRole('button', { name: 'Convidar pessoa' }));
    const dialog = screen.getByRole('dialog', { name: 'Convidar pessoa' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /E-mail/ }), {
      target: { value: 'bruno@mercado.com' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Supervisor' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Loja Centro' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar convite' }));
    await settle();
    expect(within(dialog).getByTestId('team-invite-error').textContent).toBe(message);
    expect(screen.getByRole('dialog', { name: 'Convidar pessoa' })).toBe(dialog);
  });

  it('changes a role and stores with a PUT, at least one store', async () => {
    const bff = await teamScreen({
      [`PUT ${TEAM_MEMBERS_URL}/11`]: () => done(BUSINESS_MEMBER_MESSAGES.memberChanged),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Alterar papel de Bruno Gerente' }));
    const dialog = screen.getByRole('dialog', { name: 'Alterar papel de Bruno Gerente' });
    expect((within(dialog).getByRole('radio', { name: 'Gerente de loja' }) as HTMLInputElement).checked).toBe(
      true,
    );
    const centro = within(dialog).getByRole('checkbox', { name: 'Loja Centro' }) as HTMLInputElement;
    expect(centro.checked).toBe(true);
    expect(within(dialog).queryByRole('checkbox', { name: /Loja Velha/ })).toBeNull();

    fireEvent.click(centro);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await settle();
    expect(dialog.textContent).toContain(BUSINESS_MEMBER_MESSAGES.managerNeedsStores);
    expect(bff.of('PUT', `${TEAM_MEMBERS_URL}/11`)).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Supervisor' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Loja Norte' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await settle();
    expect(bff.of('PUT', `${TEAM_MEMBERS_URL}/11`)[0]!.body).toEqual({ role: 'supervisor', storeIds: [2] });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('team-message').textContent).toBe(BUSINESS_MEMBER_MESSAGES.memberChanged);
    expect(bff.of('GET', TEAM_URL)).toHaveLength(2);
  });

  it('removes a member only after a confirmation that says they are disconnected', async () => {
    const bff = await teamScreen({
      [`DELETE ${TEAM_MEMBERS_URL}/12`]: () => done(BUSINESS_MEMBER_MESSAGES.memberRemovedByOwner),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remover carla@mercado.com' }));
    let confirm = screen.getByRole('dialog', { name: 'Remover da equipe' });
    expect(confirm.textContent).toContain('A pessoa perde o acesso na hora e é desconectada.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(bff.of('DELETE', `${TEAM_MEMBERS_URL}/12`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remover carla@mercado.com' }));
    confirm = screen.getByRole('dialog', { name: 'Remover da equipe' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remover' }));
    await settle();
    expect(bff.of('DELETE', `${TEAM_MEMBERS_URL}/12`)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('team-message').textContent).toBe(
      BUSINESS_MEMBER_MESSAGES.memberRemovedByOwner,
    );
    expect(bff.of('GET', TEAM_URL)).toHaveLength(2);
  });

  it('cancels an invitation after confirming; a refusal is said', async () => {
    const bff = await teamScreen({
      [`DELETE ${TEAM_INVITATIONS_URL}/20`]: [
        () => done(BUSINESS_MEMBER_MESSAGES.invitationRevoked),
        () => answer(404, { error: BUSINESS_MEMBER_MESSAGES.invitationNotFound }),
      ],
    });
    const cancel = () => screen.getByRole('button', { name: 'Cancelar convite de davi@mercado.com' });
    fireEvent.click(cancel());
    let confirm = screen.getByRole('dialog', { name: 'Cancelar convite' });
    expect(confirm.textContent).toContain('davi@mercado.com');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar convite' }));
    await settle();
    expect(bff.of('DELETE', `${TEAM_INVITATIONS_URL}/20`)).toHaveLength(1);
    expect(screen.getByTestId('team-message').textContent).toBe(BUSINESS_MEMBER_MESSAGES.invitationRevoked);

    fireEvent.click(cancel());
    confirm = screen.getByRole('dialog', { name: 'Cancelar convite' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar convite' }));
    await settle();
    expect(screen.getByTestId('team-message').textContent).toBe(BUSINESS_MEMBER_MESSAGES.invitationNotFound);
  });

  it('shows a load error with a retry', async () => {
    await teamScreen({ [`GET ${TEAM_URL}`]: () => answer(503) });
    expect(screen.getByRole('button', { name: /Tentar novamente/ })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Convites em aberto' })).toBeNull();
  });
});

describe('team texts', () => {
  it('names stores, the owner all of them', () => {
    expect(storeNamesText('owner', [], stores.items)).toBe(ALL_STORES_LABEL);
    expect(storeNamesText('manager', [2, 99, 3], stores.items)).toBe('Loja Norte, Loja Velha (desativada)');
  });

  it('gives the last valid day in Sao Paulo', () => {
    // 02:00 UTC is still the day before in Sao Paulo.
    expect(validUntilText('2026-12-06T02:00:00.000Z')).toBe('vale até 05/12/2026');
  });
});
