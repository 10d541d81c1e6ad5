/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { CreateJobsScreen } from './CreateJobsScreen';

/** The business of the screen has one store: nothing to choose. */
const oneStore = {
  restaurant_id: 7,
  billing_mode: 'centralized',
  items: [{ id: 7, name: 'Loja', is_active: true }],
};
// 2026-11-26 10:10 in Sao Paulo: "Hoje 05:00" has passed.
const now = new Date('2026-11-26T13:10:00Z');

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

describe('Criar Vagas: a start that has passed', () => {
  it('with "Hoje" chosen offers only starts still ahead, and says so when the chosen one passed', async () => {
    const fetchImpl = (async (url: RequestInfo | URL) =>
      String(url).endsWith('/stores')
        ? answer(200, oneStore)
        : answer(200, { items: [], total: 0, nextCursor: null })) as typeof fetch;
    globalThis.fetch = fetchImpl;
    render(<CreateJobsScreen fetchImpl={fetchImpl} now={now} restaurantId={7} />);
    await settle();
    const start = screen.getByLabelText('Início');
    fireEvent.change(start, { target: { value: '05:00' } });
    expect(start.getAttribute('min')).toBeNull();
    expect(screen.queryByText(MESSAGES.jobs.startInPast, { exact: false })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^Hoje/ }));
    expect(start.getAttribute('min')).toBe('10:11');
    expect(
      screen.getByText(`${MESSAGES.jobs.startInPast} ${MESSAGES.jobs.todayStartsFrom('10:11')}`),
    ).toBeTruthy();

    fireEvent.change(start, { target: { value: '10:30' } });
    expect(screen.queryByText(MESSAGES.jobs.startInPast, { exact: false })).toBeNull();
    expect(screen.getByText(MESSAGES.jobs.todayStartsFrom('10:11'), { exact: false })).toBeTruthy();
  });

  it('says so when the chosen start of today passes while the screen is open (the clock is read again)', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-26T13:10:50Z') }); // 10:10:50 in Sao Paulo
    const fetchImpl = (async (url: RequestInfo | URL) =>
      String(url).endsWith('/stores')
        ? answer(200, oneStore)
        : answer(200, { items: [], total: 0, nextCursor: null })) as typeof fetch;
    globalThis.fetch = fetchImpl;
    render(<CreateJobsScreen fetchImpl={fetchImpl} restaurantId={7} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /^Hoje/ }));
    fireEvent.change(screen.getByLabelText('Início'), { target: { value: '10:11' } });
    expect(screen.queryByText(MESSAGES.jobs.startInPast, { exact: false })).toBeNull();

    await act(async () => {
      jest.advanceTimersByTime(30_000); // 10:11:20: the 10:11 start has come
    });
    expect(
      screen.getByText(`${MESSAGES.jobs.startInPast} ${MESSAGES.jobs.todayStartsFrom('10:12')}`),
    ).toBeTruthy();
  });
});
