/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type RestaurantProfile } from '@turno/contracts';
import { ESTABLISHMENT_TYPES, MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { routedBff } from '../testing/routed-bff';
import { PROFILE_URL } from './profile';
import { ProfileScreen } from './ProfileScreen';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));

const profile: RestaurantProfile = {
  id: 1,
  name: 'Marcos Almeida',
  business_name: 'Supermercado Bom Preço',
  phone: '11987654321',
  address: 'Rua Augusta, Consolação, São Paulo - SP',
  address_number: '1200',
  cuisine_type: 'Supermercado',
  contact_person: null,
  is_approved: true,
  is_active: true,
  created_at: '2026-11-01T12:00:00.000Z',
  approved_at: '2026-11-02T12:00:00.000Z',
};

afterEach(cleanup);

function open(put: Response | Response[] | ((request: never) => Response)) {
  const bff = routedBff({
    [`GET ${PROFILE_URL}`]: answer(200, profile),
    [`PUT ${PROFILE_URL}`]: put as Response,
  });
  render(<ProfileScreen fetchImpl={bff.fetchImpl} />);
  return bff;
}

describe('Perfil', () => {
  it('shows the profile and edits it: required names, the 30 types, the phone widget', async () => {
    const bff = open(answer(200, { ...profile, contact_person: 'Rita' }));
    await settle();
    expect(screen.getByTestId('profile-view').textContent).toContain('(11) 98765-4321');
    expect(screen.getByTestId('profile-view').textContent).toContain(
      'Rua Augusta, Consolação, São Paulo - SP, nº 1200',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Editar perfil' }));
    const form = screen.getByRole('form', { name: 'Editar perfil' });
    const type = within(form).getByRole('combobox', { name: /Tipo de estabelecimento/ });
    expect(
      within(type)
        .getAllByRole('option')
        .slice(1)
        .map((o) => o.textContent),
    ).toEqual([...ESTABLISHMENT_TYPES]);

    fireEvent.change(within(form).getByRole('textbox', { name: /Nome do responsável/ }), {
      target: { value: ' ' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /Nome do estabelecimento/ }), {
      target: { value: '' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(form.textContent).toContain(MESSAGES.restaurants.nameRequired);
    expect(form.textContent).toContain(MESSAGES.restaurants.businessNameRequired);
    expect(bff.requests.some((r) => r.method === 'PUT')).toBe(false);

    fireEvent.change(within(form).getByRole('textbox', { name: /Nome do responsável/ }), {
      target: { value: 'Marcos A.' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /Nome do estabelecimento/ }), {
      target: { value: 'Bom Preço Centro' },
    });
    fireEvent.change(type, { target: { value: 'Padaria' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Pessoa de contato/ }), {
      target: { value: 'Rita' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    await settle();
    expect(bff.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      name: 'Marcos A.',
      businessName: 'Bom Preço Centro',
      phone: '11987654321',
      address: 'Rua Augusta, Consolação, São Paulo - SP',
      addressNumber: '1200',
      cuisineType: 'Padaria',
      contactPerson: 'Rita',
    });
    expect(screen.getByTestId('profile-message').textContent).toBe(MESSAGES.restaurants.profileSaved);
  });

  it('asks a business without CNPJ to complete it, checks the check digits and sends CNPJ and razão social', async () => {
    const bff = open(answer(200, { ...profile, cnpj: '11222333000181', legal_name: 'Bom Preço Ltda' }));
    await settle();
    expect(screen.getByTestId('legal-identity-prompt').textContent).toBe(
      MESSAGES.restaurants.completeLegalIdentity,
    );
    expect(screen.getByTestId('profile-view').textContent).toContain('CNPJNão informado');
    fireEvent.click(screen.getByRole('button', { name: 'Editar perfil' }));
    const form = screen.getByRole('form', { name: 'Editar perfil' });
    const cnpj = within(form).getByRole('textbox', { name: /^CNPJ/ }) as HTMLInputElement;
    fireEvent.change(cnpj, { target: { value: '11.222.333/0001-82' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(form.textContent).toContain(MESSAGES.restaurants.invalidCnpj);
    expect(bff.requests.some((r) => r.method === 'PUT')).toBe(false);

    fireEvent.change(cnpj, { target: { value: '11222333000181' } });
    expect(cnpj.value).toBe('11.222.333/0001-81');
    fireEvent.change(within(form).getByRole('textbox', { name: /Razão social/ }), {
      target: { value: '  Bom Preço   Ltda ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    await settle();
    expect(bff.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      cnpj: '11222333000181',
      legalName: 'Bom Preço Ltda',
    });
  });

  it('shows the CNPJ masked and keeps it required once given', async () => {
    const given = { ...profile, cnpj: '11222333000181', legal_name: 'Bom Preço Ltda' };
    const bff = routedBff({ [`GET ${PROFILE_URL}`]: answer(200, given) });
    render(<ProfileScreen fetchImpl={bff.fetchImpl} />);
    await settle();
    expect(screen.queryByTestId('legal-identity-prompt')).toBeNull();
    expect(screen.getByTestId('profile-view').textContent).toContain('11.222.333/0001-81');
    expect(screen.getByTestId('profile-view').textContent).toContain('Bom Preço Ltda');
    fireEvent.click(screen.getByRole('button', { name: 'Editar perfil' }));
    const form = screen.getByRole('form', { name: 'Editar perfil' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^CNPJ/ }), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(form.textContent).toContain(MESSAGES.restaurants.cnpjRequired);
    expect(bff.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('says "Erro ao salvar", the server’s message, or the connection message on failure', async () => {
    let call = 0;
    const bff = routedBff({
      [`GET ${PROFILE_URL}`]: answer(200, profile),
      [`PUT ${PROFILE_URL}`]: () => {
        call += 1;
        if (call === 1) return answer(500, {});
        if (call === 2) return answer(400, { error: MESSAGES.validation.invalidPhone });
        throw new TypeError('Failed to fetch');
      },
    });
    render(<ProfileScreen fetchImpl={bff.fetchImpl} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Editar perfil' }));
    const save = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    save();
    await settle();
    expect(screen.getByTestId('profile-error').textContent).toBe(MESSAGES.common.saveFailed);
    save();
    await settle();
    expect(screen.getByTestId('profile-error').textContent).toBe(MESSAGES.validation.invalidPhone);
    save();
    await settle();
    expect(screen.getByTestId('profile-error').textContent).toBe(MESSAGES.common.saveConnection);
  });
});
