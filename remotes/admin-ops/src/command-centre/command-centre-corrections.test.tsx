/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Job } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { CommandCentreScreen } from './CommandCentreScreen';
import { testJob } from '../testing/fixtures';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));

// Shifts dated far ahead: whenever the test runs, a manual check-in or check-out now is outside the
// window (the check-in opens 1 h before the start, the check-out at the start).
const assigned: Job = testJob({
  id: 4,
  title: 'Operador de Caixa',
  date_needed: '2099-12-02',
  status: 'assigned',
  is_assigned: true,
  assignment_id: 40,
  assignment_status: 'assigned',
  freelancer_name: 'Ana Souza',
});
const checkedIn: Job = {
  ...assigned,
  id: 5,
  assignment_id: 50,
  assignment_status: 'in_progress',
  freelancer_name: 'Bruno Oliveira',
  check_in_time: '2026-11-26T13:00:00.000Z',
};

function bff(writes: Response[]) {
  const posts: { url: string; body: unknown }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if ((init?.method ?? 'GET') !== 'GET') {
      posts.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return writes.shift() ?? answer(500, { error: 'inesperado' });
    }
    if (url.includes('/pending-actions')) return answer(200, { items: [], total: 0, nextCursor: null });
    if (url.includes('/application-counts')) return answer(200, { counts: {} });
    return answer(200, {
      items: [assigned, checkedIn],
      total: 2,
      nextCursor: null,
      counts: { all: 2, open: 0, assigned: 2, completed: 0 },
    });
  }) as typeof fetch;
  return { fetchImpl, posts };
}

const rowOf = (id: number) =>
  screen.getByRole('button', { name: `Excluir — vaga #${id}` }).closest('tr') as HTMLElement;

afterEach(cleanup);

describe('manual check-in and check-out outside the window', () => {
  it('asks for the reason (5–500 characters) and sends it with the check-in', async () => {
    const server = bff([
      answer(200, {
        assignmentId: 40,
        jobId: 4,
        status: 'in_progress',
        onTheWayAt: null,
        checkinRequestedAt: null,
        checkInAt: '2026-11-26T13:10:00.000Z',
        checkoutRequestedAt: null,
        checkOutAt: null,
      }),
    ]);
    render(<CommandCentreScreen fetchImpl={server.fetchImpl} />);
    await settle();
    fireEvent.click(within(rowOf(4)).getByRole('button', { name: 'Check-in manual — vaga #4' }));
    const dialog = screen.getByRole('dialog', { name: 'Check-in manual fora do horário' });
    expect(dialog.textContent).toContain(MESSAGES.shifts.manualCheckInOutsideWindow);
    const confirm = within(dialog).getByRole('button', { name: 'Fazer check-in' }) as HTMLButtonElement;
    const reason = within(dialog).getByLabelText(/Motivo da correção/);
    expect(confirm.disabled).toBe(true);
    fireEvent.change(reason, { target: { value: ' ok ' } });
    fireEvent.blur(reason);
    expect(confirm.disabled).toBe(true);
    expect(dialog.textContent).toContain(MESSAGES.shifts.correctionReasonLength(5, 500));
    fireEvent.change(reason, { target: { value: '  Freelancer sem celular  ' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await settle();
    expect(server.posts).toEqual([
      {
        url: '/bff/admin-ops/api/admin/assignments/40/checkin',
        body: { reason: 'Freelancer sem celular' },
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('action-feedback').textContent).toContain(MESSAGES.shifts.manualCheckInDone);
  });

  it('asks for the reason before a check-out ahead of the start; Cancelar sends nothing', async () => {
    const server = bff([]);
    render(<CommandCentreScreen fetchImpl={server.fetchImpl} />);
    await settle();
    fireEvent.click(within(rowOf(5)).getByRole('button', { name: 'Check-out manual — vaga #5' }));
    const dialog = screen.getByRole('dialog', { name: 'Check-out manual antes do início' });
    expect(dialog.textContent).toContain(MESSAGES.shifts.manualCheckOutOutsideWindow);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.posts).toEqual([]);
  });
});
