/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DATA_EXPORT_MESSAGES } from '@turno/domain';
import { DATA_EXPORT_POLL_MS, DataExportSection } from './DataExportSection';

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

const json = (body: unknown, status = 200) =>
  ({ ok: status < 300, status, json: async () => body, headers: new Headers() }) as unknown as Response;

const exportOf = (fields: Record<string, unknown>) => ({
  id: 7,
  status: 'queued',
  progress: 0,
  size_bytes: null,
  requested_at: '2026-11-27T12:00:00.000Z',
  ready_at: null,
  expires_at: null,
  downloaded_at: null,
  due_at: '2026-12-12T12:00:00.000Z',
  download_url: null,
  ...fields,
});

describe('Baixar meus dados (issue 27)', () => {
  it('asks, shows the progress read every 2 s, then offers the file once', async () => {
    jest.useFakeTimers();
    const fetchImpl = jest
      .fn()
      .mockResolvedValueOnce(json({ export: null }))
      .mockResolvedValueOnce(json(exportOf({}), 202))
      .mockResolvedValueOnce(json(exportOf({ status: 'running', progress: 45 })))
      .mockResolvedValueOnce(
        json(
          exportOf({
            status: 'ready',
            progress: 100,
            size_bytes: 2048,
            download_url: '/api/data-exports/7/file',
          }),
        ),
      );
    render(<DataExportSection fetchImpl={fetchImpl as unknown as typeof fetch} />);
    const ask = await screen.findByRole('button', { name: DATA_EXPORT_MESSAGES.request });
    await act(async () => fireEvent.click(ask));
    expect(fetchImpl).toHaveBeenCalledWith(
      '/api/data-exports',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({}) }),
    );
    expect((await screen.findByTestId('data-export-status')).textContent).toBe(DATA_EXPORT_MESSAGES.queued);
    expect(screen.queryByRole('button', { name: DATA_EXPORT_MESSAGES.request })).toBeNull();

    await act(async () => jest.advanceTimersByTime(DATA_EXPORT_POLL_MS));
    expect(screen.getByTestId('data-export-status').textContent).toBe(DATA_EXPORT_MESSAGES.running(45));
    expect(screen.getByRole('progressbar', { name: DATA_EXPORT_MESSAGES.progressLabel })).toHaveProperty(
      'value',
      45,
    );
    expect(fetchImpl).toHaveBeenLastCalledWith('/api/data-exports/7', expect.anything());

    await act(async () => jest.advanceTimersByTime(DATA_EXPORT_POLL_MS));
    const link = screen.getByRole('link', { name: DATA_EXPORT_MESSAGES.download });
    expect(link.getAttribute('href')).toBe('/api/data-exports/7/file');
    expect(screen.queryByRole('progressbar')).toBeNull();

    // Polling stopped once ready: no call in the next periods.
    const calls = fetchImpl.mock.calls.length;
    await act(async () => jest.advanceTimersByTime(3 * DATA_EXPORT_POLL_MS));
    expect(fetchImpl.mock.calls.length).toBe(calls);

    // jsdom does not navigate; the click is what the card reacts to.
    link.addEventListener('click', (event) => event.preventDefault());
    await act(async () => {
      fireEvent.click(link);
      jest.runOnlyPendingTimers();
    });
    expect(screen.getByTestId('data-export-status').textContent).toBe(DATA_EXPORT_MESSAGES.downloaded);
    expect(screen.queryByRole('link', { name: DATA_EXPORT_MESSAGES.download })).toBeNull();
    expect(screen.getByRole('button', { name: DATA_EXPORT_MESSAGES.request })).toBeTruthy();
  });

  it("says the server's refusal in pt-BR", async () => {
    const fetchImpl = jest
      .fn()
      .mockResolvedValueOnce(json({ export: exportOf({ status: 'expired' }) }))
      .mockResolvedValueOnce(json({ error: 'Muitas solicitações. Tente de novo em alguns minutos.' }, 429));
    render(<DataExportSection fetchImpl={fetchImpl as unknown as typeof fetch} />);
    expect((await screen.findByTestId('data-export-status')).textContent).toBe(DATA_EXPORT_MESSAGES.expired);
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: DATA_EXPORT_MESSAGES.request })),
    );
    expect((await screen.findByTestId('data-export-error')).textContent).toContain('Muitas solicitações');
  });
});
