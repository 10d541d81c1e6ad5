/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MESSAGES } from '@turno/domain';
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
const emptyJobs = answer(200, { items: [], total: 0, nextCursor: null });

afterEach(() => {
  cleanup();
  liveRefresh.mockClear();
});

const banners = () => screen.queryAllByTestId(/^banner-/).map((banner) => banner.dataset.testid);

describe('freelancer area: profile and status banners', () => {
  it('shows no banner to an approved, available freelancer with a photo', async () => {
    render(<App fetchImpl={routeFetch({ [ME]: answer(200, ANA), [JOBS]: emptyJobs }).fetchImpl} />);
    await settle();
    expect(banners()).toEqual([]);
  });

  it('tells a freelancer awaiting approval and without a photo what to do, and opens Perfil', async () => {
    const pending = { ...ANA, is_approved: false, has_profile_photo: false, profile_photo_url: null };
    render(<App fetchImpl={routeFetch({ [ME]: answer(200, pending), [JOBS]: emptyJobs }).fetchImpl} />);
    await settle();
    expect(banners()).toEqual(['banner-awaiting-approval', 'banner-missing-photo']);
    expect(screen.getByText(MESSAGES.freelancers.bannerAwaitingApproval)).toBeTruthy();
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
    });
    render(<App fetchImpl={fetchImpl} />);
    await settle();
    expect(banners()).toEqual(['banner-awaiting-approval']);
    const meSubscription = liveRefresh.mock.calls.find((call) =>
      call[2].types?.includes('freelancer_updated'),
    );
    expect(meSubscription).toBeDefined();
    await (async () => meSubscription![1]())();
    await settle();
    expect(banners()).toEqual([]);
    expect(sent.filter((request) => request.url.endsWith('/freelancers/me'))).toHaveLength(2);
  });
});
