/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FreelancerStrikeSchema, type FreelancerStrikes } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { settle } from '@turno/ui/testing';
import { ANA } from '../testing/fixtures';
import { answer, routeFetch } from '../testing/route-fetch';
import { ReliabilityCard } from './ReliabilityCard';
import { StrikesScreen } from './StrikesScreen';
import { SuspensionBanner } from '../jobs/SuspensionBanner';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));

const LIST = 'GET /bff/freelancer/api/freelancers/strikes';
const APPEAL = 'POST /bff/freelancer/api/freelancers/strikes/7/appeal';
const t = MESSAGES.reliability;

const strike = FreelancerStrikeSchema.parse({
  id: 7,
  reason: 'no_show',
  created_at: '2026-11-24T12:00:00.000Z',
  expires_at: '2027-02-22T12:00:00.000Z',
  active: true,
  removed_at: null,
  appeal_status: null,
  appeal_text: null,
  appealed_at: null,
  appeal_decision_note: null,
  appeal_decided_at: null,
  appeal_deadline: '2026-12-01T12:00:00.000Z',
  can_appeal: true,
  shift: {
    job_id: 3,
    title: 'Estoquista',
    restaurant_name: 'Supermercado Bom Preço',
    date_needed: '2026-11-24',
    start_time: '08:00',
    end_time: '14:00',
  },
});
const reliability = {
  score: 74,
  completed: 3,
  no_shows: 1,
  check_ins: 3,
  late_check_ins: 1,
  late_cancellations: 1,
};
const listOf = (items = [strike], suspended: string | null = null): FreelancerStrikes => ({
  items,
  active_count: items.filter((s) => s.active).length,
  suspended_until: suspended,
  reliability,
});

afterEach(cleanup);

describe('Ocorrências', () => {
  it('shows each strike with reason, shift, date, expiry and appeal state, and the suspension', async () => {
    const { fetchImpl } = routeFetch({ [LIST]: answer(200, listOf([strike], '2026-12-24T12:00:00.000Z')) });
    render(<StrikesScreen fetchImpl={fetchImpl} onBack={() => undefined} />);
    await settle();
    const text = document.body.textContent ?? '';
    expect(text).toContain(t.reasonLabels.no_show);
    expect(text).toContain('Estoquista · Supermercado Bom Preço');
    expect(text).toContain('24/11/2026');
    expect(text).toContain('22/02/2027');
    expect(text).toContain(t.appealLabels.none);
    expect(screen.getByTestId('strikes-active-count').textContent).toContain('1 ocorrência ativa');
    expect(screen.getByTestId('strikes-suspended').textContent).toContain('24/12/2026');
  });

  it('appeals once: the text is checked, sent trimmed, and the list re-read', async () => {
    const appealed = {
      ...strike,
      appeal_status: 'pending' as const,
      appeal_text: 'O ônibus quebrou',
      can_appeal: false,
    };
    const { fetchImpl, sent } = routeFetch({
      [LIST]: [answer(200, listOf()), answer(200, listOf([appealed]))],
      [APPEAL]: answer(200, { success: true, message: t.appealSent, strike: appealed }),
    });
    render(<StrikesScreen fetchImpl={fetchImpl} onBack={() => undefined} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: t.appealButton }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: t.appealTitle });
    expect(dialog.textContent).toContain('Estoquista, Supermercado Bom Preço, 24/11/2026');
    fireEvent.change(screen.getByLabelText(t.appealTextLabel), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: t.appealSubmit }));
    expect(screen.getByTestId('appeal-error').textContent).toBe(t.appealTextLength);
    fireEvent.change(screen.getByLabelText(t.appealTextLabel), { target: { value: '  O ônibus quebrou  ' } });
    fireEvent.click(screen.getByRole('button', { name: t.appealSubmit }));
    await settle();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/bff/freelancer/api/freelancers/strikes/7/appeal',
        body: { text: 'O ônibus quebrou' },
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('strikes-flash').textContent).toBe(t.appealSent);
    expect(document.body.textContent).toContain(t.appealLabels.pending);
    expect(screen.queryByRole('button', { name: t.appealButton })).toBeNull();
  });

  it("shows the server's refusal in the dialog", async () => {
    const { fetchImpl } = routeFetch({
      [LIST]: answer(200, listOf()),
      [APPEAL]: answer(409, { error: t.appealWindowClosed }),
    });
    render(<StrikesScreen fetchImpl={fetchImpl} onBack={() => undefined} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: t.appealButton }));
    await settle();
    fireEvent.change(screen.getByLabelText(t.appealTextLabel), { target: { value: 'Meu recurso' } });
    fireEvent.click(screen.getByRole('button', { name: t.appealSubmit }));
    await settle();
    expect(screen.getByTestId('appeal-error').textContent).toBe(t.appealWindowClosed);
  });
});

describe("Perfil's Confiabilidade and the suspension banner", () => {
  it('shows the score with its explanation, "Sem histórico" without one, and opens Ocorrências', async () => {
    const { fetchImpl } = routeFetch({ [LIST]: answer(200, listOf([])) });
    render(<ReliabilityCard me={{ ...ANA, reliability_score: 87 }} fetchImpl={fetchImpl} />);
    expect(screen.getByTestId('reliability-score').textContent).toBe('87/100');
    expect(screen.getByTestId('reliability-explanation').textContent).toBe(t.scoreExplanation);
    fireEvent.click(screen.getByRole('button', { name: t.openScreen }));
    await settle();
    expect(screen.getByRole('heading', { name: t.screenTitle })).toBeTruthy();
    expect(document.body.textContent).toContain(t.empty);
    cleanup();
    render(<ReliabilityCard me={{ ...ANA, reliability_score: null }} />);
    expect(screen.getByTestId('reliability-score').textContent).toBe(t.noHistory);
  });

  it('the Vagas banner says until when applying is suspended', () => {
    render(<SuspensionBanner until="2026-12-24T12:00:00.000Z" />);
    expect(screen.getByTestId('banner-suspended').textContent).toContain('24/12/2026 09:00');
  });
});
