/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type AdminJobApplication, type Job } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { CommandCentreScreen } from './CommandCentreScreen';
import { testJob } from '../testing/fixtures';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));

const open: Job = testJob({
  id: 1,
  title: 'Operador de Caixa',
});
const waitingCheckIn: Job = {
  ...open,
  id: 2,
  status: 'assigned',
  is_assigned: true,
  assignment_id: 20,
  assignment_status: 'assigned',
  freelancer_name: 'Ana Souza',
  on_the_way_time: '2026-11-22T10:30:00.000Z',
  freelancer_checkin_request_time: '2026-11-22T10:55:00.000Z',
};
const working: Job = {
  ...waitingCheckIn,
  id: 3,
  assignment_id: 30,
  assignment_status: 'in_progress',
  freelancer_name: 'Bruno Oliveira',
  check_in_time: '2026-11-22T11:00:00.000Z',
};
const application: AdminJobApplication = {
  id: 7,
  job_id: 1,
  freelancer_id: 5,
  status: 'pending',
  freelancer_name: 'Carla Mendes',
  freelancer_phone: '11912345678',
  profile_photo_url: null,
  experience_years: 2,
  rating: 4.5,
  total_jobs: 3,
  specialties: ['Estoquista'],
  application_message: 'Tenho experiência',
  applied_at: '2026-11-22T09:00:00.000Z',
};
const now = new Date('2026-11-22T12:00:00-03:00');

interface Call {
  method: string;
  url: string;
  body: unknown;
}
/** The admin-ops BFF: the reads answered from fixtures, the writes from `writes` in order. */
function bff(writes: Response[]) {
  const calls: Call[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method !== 'GET') {
      const next = writes.shift();
      if (!next) throw new Error(`unexpected ${method} ${url}`);
      return next;
    }
    if (url.includes('/pending-actions')) {
      return answer(200, {
        items: [
          {
            id: 20,
            job_id: 2,
            assignment_id: 20,
            title: 'Operador de Caixa',
            restaurant_name: 'Supermercado Bom Preço',
            freelancer_name: 'Ana Souza',
            date_needed: '2026-11-22',
            start_time: '08:00',
            end_time: '14:00',
            action: 'check_in',
            requested_at: '2026-11-22T10:55:00.000Z',
          },
        ],
        total: 1,
        nextCursor: null,
      });
    }
    if (url.includes('/application-counts')) return answer(200, { counts: { '1': 1 } });
    if (url.includes('/freelancer-options')) {
      return answer(200, {
        items: [
          { id: 5, name: 'Carla Mendes', phone: null, is_approved: true, is_available: true },
          { id: 6, name: 'Diego Santos', phone: null, is_approved: true, is_available: true },
        ],
        total: 2,
        nextCursor: null,
      });
    }
    if (url.includes('/applications')) {
      return answer(200, {
        items: [application],
        total: 1,
        nextCursor: null,
        counts: { all: 1, pending: 1, accepted: 0, rejected: 0 },
      });
    }
    return answer(200, {
      items: [open, waitingCheckIn, working],
      total: 3,
      nextCursor: null,
      counts: { all: 3, open: 1, assigned: 2, completed: 0 },
    });
  }) as typeof fetch;
  return {
    fetchImpl,
    writes: () => calls.filter((c) => c.method !== 'GET'),
    reads: () => calls.filter((c) => c.method === 'GET').map((c) => c.url),
  };
}

const feedback = () => screen.getByTestId('action-feedback').textContent;
const rowOf = (id: number) =>
  screen.getByRole('button', { name: `Excluir — vaga #${id}` }).closest('tr') as HTMLElement;

afterEach(cleanup);

describe('command centre actions', () => {
  it('shows display states, application badges and the urgent area; approves a check-in from it', async () => {
    const server = bff([
      answer(200, {
        assignmentId: 20,
        jobId: 2,
        status: 'in_progress',
        onTheWayAt: '2026-11-22T10:30:00.000Z',
        checkinRequestedAt: '2026-11-22T10:55:00.000Z',
        checkInAt: '2026-11-22T15:00:00.000Z',
        checkoutRequestedAt: null,
        checkOutAt: null,
      }),
    ]);
    render(<CommandCentreScreen fetchImpl={server.fetchImpl} now={now} />);
    await settle();
    expect(rowOf(1).textContent).toContain('1 candidatura');
    expect(rowOf(2).textContent).toContain('Aguardando Aprovação Check-in');
    expect(rowOf(3).textContent).toContain('Em Andamento');
    expect(rowOf(3).textContent).toContain('Esteve a caminho (07:30)');
    const urgent = screen.getByTestId('pending-actions');
    expect(urgent.textContent).toContain('Ações pendentes (1)');
    fireEvent.click(within(urgent).getByRole('button', { name: 'Aprovar Check-in de Ana Souza' }));
    await settle();
    expect(server.writes()).toEqual([
      { method: 'POST', url: '/bff/admin-ops/api/admin/assignments/20/approve-checkin', body: undefined },
    ]);
    expect(feedback()).toContain(MESSAGES.shifts.checkInApproved);
  });

  it('checks out manually after confirming, and says the amounts', async () => {
    const server = bff([
      answer(200, {
        jobCompleted: true,
        assignmentId: 30,
        jobId: 3,
        jobTitle: 'Operador de Caixa',
        freelancerName: 'Bruno Oliveira',
        freelancerPaymentAmount: 120,
        restaurantPaymentAmount: 149,
        commissionAmount: 29,
        completedAt: '2026-11-22T17:00:00.000Z',
      }),
    ]);
    render(<CommandCentreScreen fetchImpl={server.fetchImpl} now={now} />);
    await settle();
    fireEvent.click(within(rowOf(3)).getByRole('button', { name: 'Check-out manual — vaga #3' }));
    const dialog = screen.getByRole('dialog', { name: 'Check-out manual' });
    expect(dialog.textContent).toContain(MESSAGES.confirmations.manualCheckOut);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fazer check-out' }));
    await settle();
    expect(server.writes().map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /bff/admin-ops/api/admin/assignments/30/checkout',
    ]);
    expect(feedback()).toContain(
      'Check-out aprovado! Freelancer receberá R$ 120,00, mercado pagará R$ 149,00',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('assigns: "Alocar" disabled until a job and a freelancer are chosen', async () => {
    const server = bff([answer(201, { assignmentId: 40, jobId: 1, freelancerId: 6 })]);
    render(<CommandCentreScreen fetchImpl={server.fetchImpl} now={now} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Alocar Freelancer' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Alocar Freelancer' });
    const allocate = within(dialog).getByRole('button', { name: 'Alocar' }) as HTMLButtonElement;
    expect(allocate.disabled).toBe(true);
    // Only open jobs are offered; whom to assign is asked of the server once the job is chosen.
    expect(within(within(dialog).getByLabelText('Vaga')).getAllByRole('option')).toHaveLength(2);
    expect(dialog.textContent).toContain(MESSAGES.assignments.chooseJobFirst);
    expect(within(dialog).queryByLabelText(/Freelancer/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Vaga'), { target: { value: '1' } });
    await settle();
    expect(
      server.reads().some((url) => url.includes('/freelancer-options?eligible=assignable&job_id=1&')),
    ).toBe(true);
    // Freelancers in the server's order (by name).
    expect(
      within(within(dialog).getByLabelText(/Freelancer/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Selecione um freelancer', 'Carla Mendes', 'Diego Santos']);
    expect(allocate.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Freelancer/), { target: { value: '6' } });
    expect(allocate.disabled).toBe(false);
    fireEvent.click(allocate);
    await settle();
    expect(server.writes()).toEqual([
      { method: 'POST', url: '/bff/admin-ops/api/admin/assignments', body: { jobId: 1, freelancerId: 6 } },
    ]);
    expect(feedback()).toContain(MESSAGES.assignments.assigned);
  });

  it('accepts an application from the modal after the confirmation that the others are rejected', async () => {
    const server = bff([
      answer(200, { applicationId: 7, jobId: 1, freelancerId: 5, assignmentId: 41, rejectedApplications: 0 }),
    ]);
    render(<CommandCentreScreen fetchImpl={server.fetchImpl} now={now} />);
    await settle();
    fireEvent.click(within(rowOf(1)).getByRole('button', { name: 'Candidaturas — vaga #1' }));
    await settle();
    const modal = screen.getByRole('dialog', { name: 'Candidaturas (1)' });
    expect(modal.textContent).toContain(MESSAGES.applications.acceptExplanation);
    expect(modal.textContent).toContain('SEM FOTO');
    fireEvent.click(within(modal).getByRole('button', { name: 'Aceitar Carla Mendes' }));
    const confirm = screen.getByRole('dialog', { name: 'Aceitar candidatura' });
    expect(confirm.textContent).toContain(MESSAGES.confirmations.acceptApplicationRejectsOthers);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Aceitar' }));
    await settle();
    expect(server.writes().map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /bff/admin-ops/api/admin/applications/7/accept',
    ]);
    expect(feedback()).toContain(MESSAGES.applications.accepted);
    // Back to the applications modal, read again.
    expect(screen.getByRole('dialog', { name: /^Candidaturas/ })).toBeTruthy();
  });

  it('shows a schedule clash as "ATENÇÃO!" and deletes a job only after "Esta ação não pode ser desfeita"', async () => {
    const server = bff([
      answer(409, { error: MESSAGES.applications.scheduleConflict }),
      answer(200, { jobId: 1, deleted: true }),
    ]);
    render(<CommandCentreScreen fetchImpl={server.fetchImpl} now={now} />);
    await settle();
    fireEvent.click(within(rowOf(1)).getByRole('button', { name: 'Alocar — vaga #1' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Alocar Freelancer' });
    fireEvent.change(within(dialog).getByLabelText(/Freelancer/), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Alocar' }));
    await settle();
    expect(feedback()).toContain(MESSAGES.applications.conflictAlertTitle);
    expect(feedback()).toContain(MESSAGES.applications.conflictAdvice);

    fireEvent.click(within(rowOf(1)).getByRole('button', { name: 'Excluir — vaga #1' }));
    const confirm = screen.getByRole('dialog', { name: 'Excluir vaga #1' });
    expect(confirm.textContent).toContain('Esta ação não pode ser desfeita');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await settle();
    expect(server.writes().map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /bff/admin-ops/api/admin/assignments',
      'DELETE /bff/admin-ops/api/admin/jobs/1',
    ]);
    expect(feedback()).toContain(MESSAGES.jobs.deleted);
  });
});
