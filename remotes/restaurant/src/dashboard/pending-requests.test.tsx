/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { routedBff } from '../testing/routed-bff';
import { PENDING_REQUESTS_URL } from '../agenda/pending-requests';
import { DashboardScreen } from './DashboardScreen';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));

afterEach(cleanup);

/** Check-in/check-out requests waiting are visible where the manager opens the panel (issue 23). */
function dashboard(count: number, onOpenAgenda = jest.fn()) {
  const bff = routedBff({
    'GET /bff/restaurant/api/restaurant/profile': answer(503),
    'GET /bff/restaurant/api/restaurant/spending-analytics': answer(503),
    [`GET ${PENDING_REQUESTS_URL}`]: answer(200, { count, checkIns: count, checkOuts: 0 }),
  });
  render(<DashboardScreen fetchImpl={bff.fetchImpl} onOpenAgenda={onOpenAgenda} />);
  return { onOpenAgenda };
}

describe('pending requests on the Dashboard', () => {
  it('says how many requests wait, opens the agenda, and offers "Ativar avisos"', async () => {
    const { onOpenAgenda } = dashboard(2);
    await settle();
    const notice = within(screen.getByTestId('pending-requests'));
    expect(notice.getByText(MESSAGES.requestAlerts.pendingDashboard(2))).toBeTruthy();
    expect(notice.getByRole('button', { name: MESSAGES.requestAlerts.enableAlerts })).toBeTruthy();
    fireEvent.click(notice.getByRole('button', { name: MESSAGES.requestAlerts.openAgenda }));
    expect(onOpenAgenda).toHaveBeenCalled();
  });

  it('shows nothing when no request waits', async () => {
    dashboard(0);
    await settle();
    expect(screen.queryByTestId('pending-requests')).toBeNull();
  });
});
