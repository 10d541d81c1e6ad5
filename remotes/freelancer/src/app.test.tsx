/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FreelancerShiftSchema, type FreelancerShift } from '@turno/contracts';
import { COMPLETION_MESSAGE_MS, MESSAGES, RATING_PROMPT_DELAY_MS } from '@turno/domain';
import { useLiveRefresh } from '@turno/ui';
import { settle } from '@turno/ui/testing';
import App from './App';
import { ANA } from './testing/fixtures';
import { answer, routeFetch } from './testing/route-fetch';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));
const liveRefresh = jest.mocked(useLiveRefresh);

const ME = 'GET /bff/freelancer/api/freelancers/me';
const JOBS = 'GET /bff/freelancer/api/jobs';
const VETTING = 'GET /bff/freelancer/api/freelancers/vetting';
const incompleteVetting = answer(200, {
  status: 'incomplete',
  missing: ['profile_photo', 'document_type', 'identity_front', 'identity_back', 'selfie'],
  document_type: null,
  documents: [],
  submitted_at: null,
  reviewed_at: null,
  rejection_reason: null,
  rejection_note: null,
});
const emptyJobs = answer(200, { items: [], total: 0, nextCursor: null });

afterEach(() => {
  cleanup();
  jest.useRealTimers();
  liveRefresh.mockClear();
});

const banners = () => screen.queryAllByTestId(/^banner-/).map((banner) => banner.dataset.testid);

describe('freelancer area: every tab has its address', () => {
  it("opens the host's section, asks the host's router for a tab's address, and links each tab", async () => {
    const navigate = jest.fn();
    const { fetchImpl } = routeFetch({ [ME]: answer(200, ANA), [JOBS]: emptyJobs });
    const { rerender } = render(<App fetchImpl={fetchImpl} navigate={navigate} />);
    await settle();
    expect(screen.getByRole('tab', { name: 'Vagas' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Vagas' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('tab', { name: 'Trabalhos' }).getAttribute('href')).toBe('/dashboard/trabalhos');
    fireEvent.click(screen.getByRole('tab', { name: 'Candidaturas' }));
    expect(navigate).toHaveBeenCalledWith('/dashboard/candidaturas');
    // The tab follows the address (the host's section), not the click itself.
    expect(screen.getByRole('tab', { name: 'Vagas' }).getAttribute('aria-selected')).toBe('true');
    rerender(<App fetchImpl={fetchImpl} navigate={navigate} section="perfil" />);
    await settle();
    expect(screen.getByRole('tab', { name: 'Perfil' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Vagas' }));
    expect(navigate).toHaveBeenLastCalledWith('/dashboard');
  });
});

describe('freelancer area: profile and status banners', () => {
  it('shows no banner to an approved, available freelancer with a photo', async () => {
    render(<App fetchImpl={routeFetch({ [ME]: answer(200, ANA), [JOBS]: emptyJobs }).fetchImpl} />);
    await settle();
    expect(banners()).toEqual([]);
  });

  it('tells a freelancer awaiting approval and without a photo what to do, and opens Perfil', async () => {
    const pending = { ...ANA, is_approved: false, has_profile_photo: false, profile_photo_url: null };
    render(
      <App
        fetchImpl={
          routeFetch({ [ME]: answer(200, pending), [JOBS]: emptyJobs, [VETTING]: incompleteVetting })
            .fetchImpl
        }
      />,
    );
    await settle();
    // Issue 27: the vetting checklist says where the registration stands (no generic "em análise").
    expect(banners()).toEqual(['banner-missing-photo']);
    expect(screen.getByTestId('vetting-checklist')).toBeTruthy();
    expect(screen.getByText(MESSAGES.freelancers.bannerMissingPhoto)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.freelancers.bannerGoToProfile }));
    expect(screen.getByRole('tab', { name: 'Perfil' }).getAttribute('aria-selected')).toBe('true');
  });

  it('says the profile is not active (and nothing about approval) when the account is inactive', async () => {
    const inactive = { ...ANA, is_available: false, is_approved: false };
    render(<App fetchImpl={routeFetch({ [ME]: answer(200, inactive), [JOBS]: emptyJobs }).fetchImpl} />);
    await settle();
    expect(banners()).toEqual(['banner-not-active']);
    expect(screen.getByText(MESSAGES.freelancers.bannerNotActive)).toBeTruthy();
  });

  it('offers a retry that reloads the page when the profile is not found', async () => {
    const onReload = jest.fn();
    const { fetchImpl } = routeFetch({
      [ME]: answer(404, { error: MESSAGES.freelancers.profileNotFound }),
      [JOBS]: emptyJobs,
    });
    render(<App fetchImpl={fetchImpl} onReload={onReload} />);
    await settle();
    expect(screen.getByTestId('profile-error').textContent).toContain(MESSAGES.freelancers.profileNotFound);
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.freelancers.retryProfile }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('follows an approval live: the profile is read again (conditionally) on freelancer_updated', async () => {
    const pending = { ...ANA, is_approved: false };
    const { fetchImpl, sent } = routeFetch({
      [ME]: [answer(200, pending, '"1-a"'), answer(200, ANA, '"2-b"')],
      [JOBS]: emptyJobs,
      [VETTING]: incompleteVetting,
    });
    render(<App fetchImpl={fetchImpl} />);
    await settle();
    expect(screen.getByTestId('vetting-checklist')).toBeTruthy();
    const meSubscription = liveRefresh.mock.calls.find((call) =>
      call[2].types?.includes('freelancer_updated'),
    );
    expect(meSubscription).toBeDefined();
    await (async () => meSubscription![1]())();
    await settle();
    expect(banners()).toEqual([]);
    expect(screen.queryByTestId('vetting-checklist')).toBeNull();
    expect(sent.filter((request) => request.url.endsWith('/freelancers/me'))).toHaveLength(2);
  });
});

describe('freelancer area: a shift completed while another tab is open', () => {
  const SHIFTS = 'GET /bff/freelancer/api/freelancers/jobs';
  const done: FreelancerShift = FreelancerShiftSchema.parse({
    id: 5,
    job_id: 50,
    title: 'Operador de Caixa',
    position_type: 'Operador de Caixa',
    description: null,
    date_needed: '2026-11-23',
    start_time: '12:00',
    end_time: '18:00',
    meal_time: null,
    recommended_attire: null,
    freelancer_payment_amount: 120,
    restaurant_name: 'Supermercado Bom Preço',
    restaurant_address: 'Rua Vergueiro, 1500',
    assignment_status: 'completed',
    on_the_way_time: null,
    freelancer_checkin_request_time: null,
    check_in_time: '2026-11-23T15:00:00.000Z',
    freelancer_checkout_request_time: '2026-11-23T21:00:00.000Z',
    check_out_time: '2026-11-23T21:05:00.000Z',
  });
  const completedPage = (items: FreelancerShift[]) => ({
    items,
    total: items.length,
    nextCursor: null,
    counts: { active: 0, completed: items.length },
  });

  it('says the payout arrives via PIX on Vagas, then prompts the rating, which opens in Finanças', async () => {
    jest.useFakeTimers();
    const { fetchImpl, sent } = routeFetch({
      [ME]: answer(200, ANA),
      [JOBS]: emptyJobs,
      // Already completed before: no message. Then the business approves the check-out of shift 5.
      [SHIFTS]: [answer(200, completedPage([])), answer(200, completedPage([done]))],
      'GET /bff/freelancer/api/freelancers/payment-history': answer(200, []),
    });
    render(<App fetchImpl={fetchImpl} />);
    await settle();
    expect(screen.getByRole('tab', { name: 'Vagas' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('completion-flash')).toBeNull();
    const completion = liveRefresh.mock.calls.find((call) => call[2].types?.includes('job_completed'));
    expect(completion).toBeDefined();
    await act(async () => completion![1]());
    await settle();
    expect(sent.filter((r) => r.url.includes('/freelancers/jobs?scope=completed'))).toHaveLength(2);
    expect(screen.getByTestId('completion-flash').textContent).toBe(
      `${MESSAGES.shifts.completedPayoutSoon} ${MESSAGES.checkOutNotice.paidAmount(120)}`,
    );
    expect(screen.queryByTestId('rating-prompt')).toBeNull();
    await act(async () => jest.advanceTimersByTime(RATING_PROMPT_DELAY_MS));
    expect(screen.getByTestId('rating-prompt').textContent).toContain('Supermercado Bom Preço');
    await act(async () => jest.advanceTimersByTime(COMPLETION_MESSAGE_MS));
    expect(screen.queryByTestId('completion-flash')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Avaliar Mercado' }));
    await settle();
    expect(screen.getByRole('tab', { name: 'Finanças' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('rating-prompt')).toBeNull();
  });
});
