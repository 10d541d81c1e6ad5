/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type RestaurantProfile } from '@turno/contracts';
import { MESSAGES, SUCCESS_MESSAGE_MS } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { routedBff } from '../testing/routed-bff';
import { DashboardScreen } from './DashboardScreen';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));

const now = new Date('2026-11-22T13:00:00Z');
const profile: RestaurantProfile = {
  id: 1,
  name: 'Marcos Almeida',
  business_name: 'Supermercado Bom Preço',
  phone: null,
  address: null,
  address_number: null,
  cuisine_type: 'Supermercado',
  contact_person: null,
  is_approved: true,
  is_active: true,
  created_at: '2026-11-01T12:00:00.000Z',
  approved_at: '2026-11-02T12:00:00.000Z',
};

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

function dashboard(approved = true, active = true, legal: Partial<RestaurantProfile> = {}) {
  const bff = routedBff({
    'GET /bff/restaurant/api/restaurant/profile': answer(200, {
      ...profile,
      is_approved: approved,
      is_active: active,
      ...legal,
    }),
    'POST /bff/restaurant/api/jobs': answer(201, { jobsCreated: 3, jobIds: [1, 2, 3] }),
    'GET /bff/restaurant/api/restaurant/spending-analytics': answer(503),
  });
  render(<DashboardScreen now={now} fetchImpl={bff.fetchImpl} />);
  return bff;
}

describe('dashboard', () => {
  it('opens the vacancy form with "Criar vaga", and says for 5 s how many were created', async () => {
    jest.useFakeTimers();
    dashboard();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Criar vaga' }));
    await settle(); // the form is a chunk of its own
    const form = screen.getByRole('form', { name: 'Criar vaga' });
    fireEvent.change(screen.getByLabelText('Tipo de vaga'), { target: { value: 'Estoquista' } });
    fireEvent.click(screen.getByRole('button', { name: /^Amanhã/ }));
    fireEvent.change(screen.getByLabelText('Carga horária'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Início'), { target: { value: '07:00' } });
    fireEvent.change(screen.getByLabelText('Quantidade por data'), { target: { value: '3' } });
    fireEvent.submit(form);
    await settle();
    expect(screen.getByTestId('dashboard-message').textContent).toBe(MESSAGES.jobs.created(3));
    expect(screen.queryByRole('form', { name: 'Criar vaga' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Criar vaga' }));
    await act(async () => jest.advanceTimersByTime(SUCCESS_MESSAGE_MS));
    expect(screen.queryByTestId('dashboard-message')).toBeNull();
  });

  it('says an approved business may post for today and the next 6 days', async () => {
    dashboard();
    await settle();
    expect(screen.getByTestId('account-state').textContent).toBe(MESSAGES.restaurants.dashboardApproved);
  });

  it('asks a business without CNPJ or razão social to complete them in Perfil (issue 25)', async () => {
    dashboard();
    await settle();
    expect(screen.getByTestId('legal-identity-prompt').textContent).toBe(
      `${MESSAGES.restaurants.completeLegalIdentity}${MESSAGES.restaurants.completeLegalIdentityWhere}`,
    );
    cleanup();
    dashboard(true, true, { cnpj: '11222333000181', legal_name: 'Bom Preço Ltda' });
    await settle();
    expect(screen.getByTestId('account-state')).toBeTruthy();
    expect(screen.queryByTestId('legal-identity-prompt')).toBeNull();
  });

  it('warns a business awaiting approval before it opens the form', async () => {
    dashboard(false);
    await settle();
    const state = screen.getByTestId('account-state');
    expect(state.textContent).toBe(
      `${MESSAGES.restaurants.dashboardPendingTitle}${MESSAGES.jobs.notApproved}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Criar vaga' }));
    await settle();
    expect(screen.getByTestId('not-approved').textContent).toContain(MESSAGES.jobs.notApproved);
  });

  it('tells a rejected business why it cannot post (no "Criar vaga"), and keeps the spending figures', async () => {
    dashboard(false, false);
    await settle();
    const state = screen.getByTestId('account-state');
    expect(state.getAttribute('role')).toBe('alert');
    expect(state.textContent).toBe(
      `${MESSAGES.restaurants.dashboardRejectedTitle}${MESSAGES.restaurants.dashboardRejected}`,
    );
    expect(screen.queryByRole('button', { name: 'Criar vaga' })).toBeNull();
    expect(screen.queryByText(MESSAGES.common.unauthenticated)).toBeNull();
  });
});
