/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminDisputeSchema, type AdminDispute, type AdminDisputesPage } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import App from '../App';
import { DisputesScreen } from './DisputesScreen';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));

const t = MESSAGES.reliability;
const pending: AdminDispute = AdminDisputeSchema.parse({
  kind: 'strike_appeal',
  id: 7,
  freelancer_id: 3,
  freelancer_name: 'Ana Souza',
  reason: 'no_show',
  shift: {
    job_id: 12,
    title: 'Estoquista',
    restaurant_name: 'Supermercado Bom Preço',
    date_needed: '2026-11-24',
    start_time: '08:00',
    end_time: '14:00',
  },
  text: 'O ônibus quebrou no caminho',
  submitted_at: '2026-11-25T13:00:00.000Z',
  strike_created_at: '2026-11-24T12:00:00.000Z',
  status: 'pending',
  decided_at: null,
  decision_note: null,
});
const page = (items: AdminDispute[]): AdminDisputesPage => ({ items, total: items.length, nextCursor: null });

function bff(decision: Response) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const pages = [page([pending]), page([])];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    sent.push({ method, url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'POST') return decision;
    return answer(200, pages.length > 1 ? pages.shift() : pages[0]);
  }) as typeof fetch;
  return { fetchImpl, sent };
}

afterEach(cleanup);

describe('Disputas', () => {
  it('lists pending appeals with freelancer, reason, shift, text and date; removes one with a note', async () => {
    const removed = { ...pending, status: 'removed', decision_note: 'Fechamento confirmado' };
    const { fetchImpl, sent } = bff(
      answer(200, { success: true, message: t.decidedRemoved, dispute: removed, suspended_until: null }),
    );
    render(<DisputesScreen fetchImpl={fetchImpl} />);
    await settle();
    expect(sent[0]!.url).toContain('/bff/admin-ops/api/admin/disputes');
    const row = screen.getByTestId('dispute-7');
    for (const text of [
      'Ana Souza',
      t.reasonLabels.no_show,
      'Estoquista · Supermercado Bom Preço · 24/11/2026',
      'O ônibus quebrou',
      '25/11/2026 10:00',
      t.disputeKindLabels.strike_appeal,
    ]) {
      expect(row.textContent).toContain(text);
    }
    fireEvent.click(screen.getByRole('button', { name: `${t.decide}: Ana Souza` }));
    await settle();
    expect(screen.getByRole('dialog', { name: t.decideTitle })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t.remove }));
    expect(screen.getByText(t.noteLength)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(t.noteLabel), { target: { value: ' Fechamento confirmado ' } });
    fireEvent.click(screen.getByRole('button', { name: t.remove }));
    await settle();
    expect(sent.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      url: '/bff/admin-ops/api/admin/strikes/7/appeal-decision',
      body: { decision: 'remove', note: 'Fechamento confirmado' },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('action-feedback').textContent).toBe(t.decidedRemoved);
    expect(document.body.textContent).toContain(t.disputesEmpty);
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const { fetchImpl } = bff(answer(409, { error: t.alreadyDecided }));
    render(<DisputesScreen fetchImpl={fetchImpl} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: `${t.decide}: Ana Souza` }));
    await settle();
    fireEvent.change(screen.getByLabelText(t.noteLabel), { target: { value: 'Sem comprovação' } });
    fireEvent.click(screen.getByRole('button', { name: t.keep }));
    await settle();
    expect(screen.getByTestId('decision-error').textContent).toBe(t.alreadyDecided);
  });

  it('is the "disputas" section of the remote', async () => {
    render(<App section="disputas" />);
    await settle();
    expect(await screen.findByRole('heading', { name: t.disputesTitle })).toBeTruthy();
  });
});
