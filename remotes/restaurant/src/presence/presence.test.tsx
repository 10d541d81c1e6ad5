/** @jest-environment jsdom */
import { cleanup, render, screen } from '@testing-library/react';
import { MESSAGES } from '@turno/domain';
import { answer } from '@turno/ui/testing';
import { PresenceScreen } from './PresenceScreen';

afterEach(cleanup);

const codeAnswer = (code: string) =>
  answer(200, {
    code,
    qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
    seconds_left: 12,
    server_time: '2026-11-26T12:00:00.000Z',
  });

describe('Código de presença', () => {
  it('shows the code large, its QR code and the countdown', async () => {
    const fetchImpl = jest.fn(async () => codeAnswer('482913'));
    render(<PresenceScreen fetchImpl={fetchImpl as unknown as typeof fetch} />);
    expect((await screen.findByTestId('presence-code')).textContent).toBe('482913');
    expect(screen.getByRole('img', { name: MESSAGES.presence.qrAlt('482913') })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe(MESSAGES.presence.secondsLeft(12));
    expect(fetchImpl).toHaveBeenCalledWith('/bff/restaurant/api/restaurant/presence-code', expect.anything());
  });

  it('says so when the code cannot be loaded', async () => {
    const fetchImpl = jest.fn(async () => answer(500, {}));
    render(<PresenceScreen fetchImpl={fetchImpl as unknown as typeof fetch} />);
    expect(await screen.findByText(MESSAGES.presence.panelLoadFailed)).toBeTruthy();
  });
});
