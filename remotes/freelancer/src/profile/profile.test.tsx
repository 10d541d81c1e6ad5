/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MESSAGES, VETTING_MESSAGES } from '@turno/domain';
import { settle } from '@turno/ui/testing';
import { ANA } from '../testing/fixtures';
import { answer, routeFetch } from '../testing/route-fetch';
import { ProfileScreen } from './ProfileScreen';

const PUT = 'PUT /bff/freelancer/api/freelancers/profile';
afterEach(cleanup);
/** What the screen sent, less its reads (Perfil's "Vagas perto de você" reads its setting, issue 26). */
const writes = <R extends { method: string }>(sent: R[]) =>
  sent.filter((request) => request.method !== 'GET');

describe('Perfil', () => {
  it('shows the profile read-only, "Não informado" for empty fields and the specialty chips', () => {
    render(<ProfileScreen me={{ ...ANA, phone: null, address: null }} onSaved={jest.fn()} />);
    const text = document.body.textContent ?? '';
    expect(text).toContain('TelefoneNão informado');
    expect(text).toContain('EndereçoNão informado');
    expect(text).toContain('CPF529.982.247-25');
    expect(text).toContain('Chave PIXana.souza@example.com');
    expect(text).toContain('Experiência4 anos');
    expect(text).toContain('Operador de Caixa');
    cleanup();
    render(<ProfileScreen me={{ ...ANA, specialties: [] }} onSaved={jest.fn()} />);
    expect(screen.getByText(MESSAGES.freelancers.noSpecialties)).toBeTruthy();
  });

  it('edits: name, CPF and PIX key required, CPF masked, then saved once and shown', async () => {
    const saved = { ...ANA, name: 'Ana Souza Lima', specialties: ['Operador de Caixa', 'Estoquista'] };
    const { fetchImpl, sent } = routeFetch({
      [PUT]: answer(200, { success: true, message: MESSAGES.freelancers.profileUpdated, profile: saved }),
    });
    const onSaved = jest.fn();
    // Not yet sent for review: the CPF is still theirs to type.
    const draft = { ...ANA, is_approved: false, vetting_status: 'incomplete' as const };
    render(<ProfileScreen me={draft} onSaved={onSaved} fetchImpl={fetchImpl} />);
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    expect((screen.getByLabelText(/^CPF/) as HTMLInputElement).readOnly).toBe(false);
    fireEvent.change(screen.getByLabelText(/Chave PIX/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar perfil' }));
    expect(screen.getByTestId('profile-form-error').textContent).toBe(MESSAGES.freelancers.requiredFields);
    expect(writes(sent)).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Chave PIX/), { target: { value: '(11) 99123-4567' } });
    fireEvent.change(screen.getByLabelText(/^CPF/), { target: { value: '11111111111' } });
    expect((screen.getByLabelText(/^CPF/) as HTMLInputElement).value).toBe('111.111.111-11');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar perfil' }));
    expect(screen.getByText(MESSAGES.validation.invalidCpf)).toBeTruthy();
    expect(writes(sent)).toEqual([]);

    fireEvent.change(screen.getByLabelText(/^CPF/), { target: { value: '52998224725' } });
    fireEvent.change(screen.getByLabelText(/Nome completo/), { target: { value: 'Ana Souza Lima' } });
    fireEvent.click(screen.getByLabelText('Estoquista'));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar perfil' }));
    await settle();
    expect(writes(sent)).toEqual([
      {
        method: 'PUT',
        url: '/bff/freelancer/api/freelancers/profile',
        body: {
          name: 'Ana Souza Lima',
          phone: '11991234567',
          address: ANA.address,
          cpf: '529.982.247-25',
          pix_key: '(11) 99123-4567',
          experience_years: 4,
          specialties: ['Operador de Caixa', 'Estoquista'],
        },
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(saved);
    expect(screen.getByTestId('profile-flash').textContent).toBe(MESSAGES.freelancers.profileUpdated);
    expect(screen.queryByRole('form', { name: 'Editar perfil' })).toBeNull();
  });

  it('keeps the CPF of a profile in review or approved read-only, saying whom to ask', () => {
    for (const me of [ANA, { ...ANA, is_approved: false, vetting_status: 'submitted' as const }]) {
      render(<ProfileScreen me={me} onSaved={jest.fn()} />);
      fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
      const cpf = screen.getByLabelText(/^CPF/) as HTMLInputElement;
      expect(cpf.readOnly).toBe(true);
      expect(document.body.textContent).toContain(VETTING_MESSAGES.cpfLockedHint);
      cleanup();
    }
  });

  it('shows the server\'s refusal, or "Erro ao atualizar perfil"', async () => {
    const { fetchImpl } = routeFetch({
      [PUT]: [answer(400, { error: MESSAGES.validation.invalidPixKey }), answer(500)],
    });
    render(<ProfileScreen me={ANA} onSaved={jest.fn()} fetchImpl={fetchImpl} />);
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar perfil' }));
    await settle();
    expect(screen.getByTestId('profile-form-error').textContent).toBe(MESSAGES.validation.invalidPixKey);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar perfil' }));
    await settle();
    expect(screen.getByTestId('profile-form-error').textContent).toBe(
      MESSAGES.freelancers.profileUpdateFailed,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('button', { name: 'Editar' })).toBeTruthy();
  });

  it('asks whether a bare 11-digit PIX key is a CPF or a cell phone, and sends it as chosen', async () => {
    const { fetchImpl, sent } = routeFetch({
      [PUT]: answer(200, { success: true, message: MESSAGES.freelancers.profileUpdated, profile: ANA }),
    });
    render(<ProfileScreen me={ANA} onSaved={jest.fn()} fetchImpl={fetchImpl} />);
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    expect(screen.queryByRole('group', { name: MESSAGES.validation.pixKeyKindQuestion })).toBeNull();
    fireEvent.change(screen.getByLabelText(/Chave PIX/), { target: { value: '11987654321' } });
    const question = screen.getByRole('group', { name: MESSAGES.validation.pixKeyKindQuestion });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar perfil' }));
    expect(screen.getByText(MESSAGES.validation.pixKeyKindRequired)).toBeTruthy();
    expect(writes(sent)).toEqual([]);
    fireEvent.click(within(question).getByLabelText(MESSAGES.validation.pixKeyKindPhone));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar perfil' }));
    await settle();
    expect(writes(sent).map((request) => (request.body as { pix_key: string }).pix_key)).toEqual([
      '+5511987654321',
    ]);
  });

  it('reads a stored bare 11-digit key as the CPF it was stored as', async () => {
    const { fetchImpl, sent } = routeFetch({
      [PUT]: answer(200, { success: true, message: MESSAGES.freelancers.profileUpdated, profile: ANA }),
    });
    render(
      <ProfileScreen me={{ ...ANA, pix_key: '52998224725' }} onSaved={jest.fn()} fetchImpl={fetchImpl} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    const question = screen.getByRole('group', { name: MESSAGES.validation.pixKeyKindQuestion });
    expect(
      (within(question).getByLabelText(MESSAGES.validation.pixKeyKindCpf) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar perfil' }));
    await settle();
    expect(writes(sent).map((request) => (request.body as { pix_key: string }).pix_key)).toEqual([
      '52998224725',
    ]);
  });
});
