/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DisputedTimesheetSchema } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { TimesheetDisputes } from './TimesheetDisputes';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));

const t = MESSAGES.timesheets;
const disputed = DisputedTimesheetSchema.parse({
  proposalId: 9,
  assignmentId: 4,
  status: 'disputed',
  proposedBy: 'restaurant',
  checkInAt: '2026-11-24T11:00:00.000Z',
  checkOutAt: '2026-11-24T14:00:00.000Z',
  answerDeadline: '2026-11-25T18:00:00.000Z',
  decision: null,
  reason: 'Saiu às 11h',
  createdAt: '2026-11-24T18:00:00.000Z',
  disputeReason: 'Fiquei até as 14h',
  decisionNote: null,
  jobId: 12,
  jobTitle: 'Estoquista',
  dateNeeded: '2026-11-24',
  startTime: '08:00',
  endTime: '14:00',
  restaurantName: 'Supermercado Bom Preço',
  freelancerName: 'Ana Souza',
  recordedCheckInAt: '2026-11-24T11:00:00.000Z',
  recordedCheckOutAt: '2026-11-24T17:00:00.000Z',
  restaurantPaymentAmount: 149,
  freelancerPaymentAmount: 120,
});

afterEach(cleanup);

it('lists a disputed timesheet with both sides and records the decision with a note', async () => {
  const sent: { url: string; method: string; body: unknown }[] = [];
  const lists = [[disputed], []];
  const fetchImpl = (async (url: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    sent.push({ url: String(url), method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'GET') return answer(200, lists.shift() ?? []);
    return answer(200, { ...disputed, status: 'decided', decision: 'full' });
  }) as typeof fetch;
  globalThis.fetch = fetchImpl;
  render(<TimesheetDisputes fetchImpl={fetchImpl} />);
  await settle();
  expect(screen.getByText('Ana Souza · Supermercado Bom Preço')).toBeTruthy();
  expect(screen.getByText(t.disputeNote('Fiquei até as 14h'))).toBeTruthy();
  expect(screen.getByText(t.adminRecorded('24/11/2026 08:00', '24/11/2026 14:00'))).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: /^Decidir: Ana Souza/ }));
  await settle();
  const dialog = screen.getByRole('dialog');
  fireEvent.click(screen.getByRole('button', { name: t.adminConfirm }));
  expect(screen.getByText(t.decisionNoteLength(5, 500))).toBeTruthy();
  fireEvent.change(screen.getByLabelText(t.adminDecisionLabel), { target: { value: 'full' } });
  fireEvent.change(screen.getByLabelText(t.adminNoteLabel), { target: { value: 'Gerente confirmou' } });
  fireEvent.click(screen.getByRole('button', { name: t.adminConfirm }));
  await settle();
  expect(sent.filter((call) => call.method === 'POST')).toEqual([
    {
      url: '/bff/admin-ops/api/admin/timesheets/9/decide',
      method: 'POST',
      body: { decision: 'full', note: 'Gerente confirmou' },
    },
  ]);
  expect(dialog.isConnected).toBe(false);
  expect(screen.getByText(t.adminEmpty)).toBeTruthy();
});
