/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminJobSchema, type AdminJob } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { JobApplicationsPage } from './JobApplicationsPage';
import { AFTER_SAVE_DELAY_MS, AFTER_SAVE_PATH, JobEditPage } from './JobEditPage';

const job: AdminJob = AdminJobSchema.parse({
  id: 42,
  restaurant_id: 7,
  restaurant_name: 'Supermercado Bom Preço',
  restaurant_address: null,
  title: 'Estoquista',
  position_type: 'Estoquista',
  description: null,
  date_needed: '2026-11-30',
  start_time: '08:00',
  end_time: '16:20',
  hourly_rate: 149,
  meal_time: '10:00 às 11:00',
  recommended_attire: null,
  status: 'open',
  is_assigned: false,
  assignment_id: null,
  assignment_status: null,
  freelancer_name: null,
  freelancer_user_id: null,
  freelancer_profile_photo_url: null,
  on_the_way_time: null,
  freelancer_checkin_request_time: null,
  check_in_time: null,
  freelancer_checkout_request_time: null,
  check_out_time: null,
  created_by_admin: false,
});
const options = {
  items: [
    {
      id: 7,
      business_name: 'Supermercado Bom Preço',
      name: 'Carla',
      contact_person: null,
      phone: null,
      cuisine_type: null,
      address: null,
      address_number: null,
      is_approved: true,
      is_active: true,
    },
  ],
  total: 1,
  nextCursor: null,
};

function bff(jobAnswer: () => Response, put?: Response) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchImpl = (async (url: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (String(url).includes('restaurant-options')) return answer(200, options);
    if (String(url).includes('/applications'))
      return answer(200, {
        items: [],
        total: 0,
        nextCursor: null,
        counts: { all: 0, pending: 0, accepted: 0, rejected: 0 },
      });
    if (method === 'GET') return jobAnswer();
    if (!put) throw new Error('unexpected write');
    return put;
  }) as typeof fetch;
  return { fetchImpl, calls };
}

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

describe('edit page', () => {
  it('infers the workload, recalculates end and price on a new shift, clears the meal, saves and returns after 2 s', async () => {
    const { fetchImpl, calls } = bff(
      () => answer(200, job),
      answer(200, { jobId: 42, endTime: '18:00', hourlyRate: 189, mealTime: null }),
    );
    globalThis.fetch = fetchImpl;
    const navigate = jest.fn();
    render(<JobEditPage params={{ jobId: '42' }} navigate={navigate} fetchImpl={fetchImpl} />);
    await settle();
    await settle();
    expect((screen.getByLabelText('Turno (carga horária)') as HTMLSelectElement).value).toBe('8.33');
    expect(screen.getByTestId('cost-charge').textContent).toBe('R$ 149,00');
    fireEvent.change(screen.getByLabelText('Turno (carga horária)'), { target: { value: '10' } });
    expect(screen.getByTestId('cost-charge').textContent).toBe('R$ 189,00');
    expect(screen.getByTestId('cost-commission').textContent).toBe('R$ 39,00');
    expect((screen.getByLabelText(/^Refeição/) as HTMLSelectElement).value).toBe('');
    expect(screen.getByText(/Término: 18:00/)).toBeTruthy();
    expect(screen.getByText(MESSAGES.jobs.businessWorkloadsNote)).toBeTruthy();

    jest.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    await settle();
    await settle();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toMatchObject({
      url: '/bff/admin-ops/api/admin/jobs/42',
      body: { workload: 10, startTime: '08:00', restaurantId: 7 },
    });
    expect(put!.body).not.toHaveProperty('mealTime');
    expect(screen.getByTestId('job-edit-message').textContent).toBe('✅ Vaga atualizada com sucesso!');
    expect(navigate).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(AFTER_SAVE_DELAY_MS));
    expect(navigate).toHaveBeenCalledWith(AFTER_SAVE_PATH);
  });

  it('hides save and disables the fields of a completed job; a missing job says "Vaga não encontrada"', async () => {
    const done = bff(() => answer(200, { ...job, status: 'completed' }));
    globalThis.fetch = done.fetchImpl;
    render(<JobEditPage params={{ jobId: '42' }} fetchImpl={done.fetchImpl} />);
    await settle();
    expect(screen.queryByRole('button', { name: 'Salvar Alterações' })).toBeNull();
    expect((screen.getByLabelText('Início') as HTMLInputElement).disabled).toBe(true);
    cleanup();
    const missing = bff(() => answer(404, { error: MESSAGES.jobs.notFound }));
    render(<JobEditPage params={{ jobId: '42' }} fetchImpl={missing.fetchImpl} />);
    await settle();
    expect(screen.getByTestId('job-missing').textContent).toContain('Vaga não encontrada');
  });
});

describe('applications page', () => {
  it('shows the job and "Candidaturas (0)", or "Vaga não encontrada" with the way back to /admin/jobs', async () => {
    const found = bff(() => answer(200, job));
    render(<JobApplicationsPage params={{ jobId: '42' }} fetchImpl={found.fetchImpl} />);
    await settle();
    await settle();
    expect(screen.getByTestId('job-info').textContent).toContain('30/11/2026');
    expect(screen.getByRole('heading', { name: 'Candidaturas (0)' })).toBeTruthy();
    cleanup();
    const navigate = jest.fn();
    render(<JobApplicationsPage params={{ jobId: 'abc' }} navigate={navigate} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Voltar às vagas' }));
    expect(navigate).toHaveBeenCalledWith('/admin/jobs');
  });
});
