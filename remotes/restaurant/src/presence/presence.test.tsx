/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { BusinessStores } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { answer } from '@turno/ui/testing';
import { StoresContext } from '../stores/stores';
import { PresenceScreen } from './PresenceScreen';

afterEach(cleanup);

const codeAnswer = (code: string, storeId?: number) =>
  answer(200, {
    code,
    qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
    seconds_left: 12,
    server_time: '2026-11-26T12:00:00.000Z',
    ...(storeId ? { store_id: storeId } : {}),
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

  it("shows the chosen store's own code, with two stores or more (issue 28)", async () => {
    const chain: BusinessStores = {
      member_role: 'owner',
      billing_mode: 'centralized',
      items: [
        { id: 1, name: 'Loja Centro', is_active: true, open_vacancies: 0 },
        { id: 2, name: 'Loja Vila', is_active: true, open_vacancies: 0 },
      ],
    };
    const fetchImpl = jest.fn(async (url: string) =>
      url.endsWith('?storeId=2') ? codeAnswer('222222', 2) : codeAnswer('111111', 1),
    );
    render(
      <StoresContext.Provider
        value={{ data: chain, error: undefined, loading: false, refresh: () => undefined }}
      >
        <PresenceScreen fetchImpl={fetchImpl as unknown as typeof fetch} />
      </StoresContext.Provider>,
    );
    expect((await screen.findByTestId('presence-code')).textContent).toBe('111111');
    const select = screen.getByLabelText('Loja') as HTMLSelectElement;
    expect(select.value).toBe('1');
    fireEvent.change(select, { target: { value: '2' } });
    expect((await screen.findByText('222222')).textContent).toBe('222222');
    expect(fetchImpl).toHaveBeenLastCalledWith(
      '/bff/restaurant/api/restaurant/presence-code?storeId=2',
      expect.anything(),
    );
  });
});
