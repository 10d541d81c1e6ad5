/** @jest-environment jsdom */
import { cleanup, render, screen } from '@testing-library/react';
import { MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { PENDING_REQUESTS_URL } from './agenda/pending-requests';
import { STORES_URL } from './stores/stores';
import { routedBff } from './testing/routed-bff';
import App from './App';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

describe('the panel opening on the Dashboard', () => {
  it('asks for the waiting requests once: the Agenda badge and the Dashboard notice share the count', async () => {
    const bff = routedBff({
      'GET /bff/restaurant/api/restaurant/profile': answer(503),
      'GET /bff/restaurant/api/restaurant/spending-analytics': answer(503),
      [`GET ${PENDING_REQUESTS_URL}`]: answer(200, { count: 3, checkIns: 2, checkOuts: 1 }),
      [`GET ${STORES_URL}`]: answer(200, { member_role: 'owner', billing_mode: 'centralized', items: [] }),
    });
    globalThis.fetch = bff.fetchImpl as typeof fetch;
    render(<App section="dashboard" />);
    await settle();
    expect(screen.getByTestId('pending-requests').textContent).toContain(
      MESSAGES.requestAlerts.pendingDashboard(3),
    );
    expect(bff.requests.filter((r) => r.url === PENDING_REQUESTS_URL)).toHaveLength(1);
  });
});
