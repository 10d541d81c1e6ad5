/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type ConsentsResponse } from '@turno/contracts';
import { PRIVACY_MESSAGES } from '@turno/domain';
import { PrivacyCard } from './PrivacyCard';

afterEach(cleanup);

const READ: ConsentsResponse = {
  terms_version: '2026-11-27',
  privacy_notice_version: '2026-11-27',
  accepted_terms: { version: '2026-11-27', at: '2026-11-27T12:00:00.000Z' },
  accepted_privacy_notice: { version: '2026-11-27', at: '2026-11-27T12:00:00.000Z' },
  optional: [
    { kind: 'location_check_in', granted: false, at: null },
    { kind: 'marketing_notifications', granted: true, at: '2026-11-27T13:00:00.000Z' },
  ],
  history: [],
};

const json = (body: unknown, status = 200) =>
  ({ ok: status < 300, status, json: async () => body, headers: new Headers() }) as unknown as Response;

describe('Perfil → Privacidade (issue 27)', () => {
  it('asks nothing until opened; then shows the accepted versions and each optional use with when', async () => {
    const fetchImpl = jest.fn(async (url: string) =>
      json(url === '/api/data-exports/current' ? { export: null } : READ),
    );
    render(<PrivacyCard fetchImpl={fetchImpl as unknown as typeof fetch} />);
    expect(fetchImpl).not.toHaveBeenCalled();
    act(() => fireEvent.click(screen.getByRole('button', { name: PRIVACY_MESSAGES.openButton })));
    await screen.findByTestId('privacy-documents');
    expect(fetchImpl).toHaveBeenCalledWith('/api/consents', expect.anything());
    const text = screen.getByTestId('privacy-documents').textContent ?? '';
    expect(text).toContain('Termos de uso: versão de 27/11/2026, aceita em 27/11/2026 09:00');
    expect(screen.getByRole('link', { name: 'Ler Aviso de privacidade' }).getAttribute('href')).toBe(
      '/privacidade',
    );
    expect(screen.getByTestId('consent-location_check_in').textContent).toContain(
      PRIVACY_MESSAGES.neverAsked,
    );
    expect(screen.getByTestId('consent-marketing_notifications').textContent).toContain(
      PRIVACY_MESSAGES.granted('27/11/2026 10:00'),
    );
  });

  it('grants one use on its own and shows the answer; a refusal shows the server text', async () => {
    const granted = {
      ...READ,
      optional: [
        { kind: 'location_check_in', granted: true, at: '2026-11-27T14:00:00.000Z' },
        READ.optional[1],
      ],
    };
    const consents = jest
      .fn()
      .mockResolvedValueOnce(json(READ))
      .mockResolvedValueOnce(json(granted))
      .mockResolvedValueOnce(json({ error: 'Muitas ações' }, 429));
    // "Seus dados" (DataExportSection) reads its own state beside the consents.
    const fetchImpl = jest.fn((url: string, init?: RequestInit) =>
      url === '/api/data-exports/current' ? Promise.resolve(json({ export: null })) : consents(url, init),
    );
    render(<PrivacyCard fetchImpl={fetchImpl as unknown as typeof fetch} />);
    act(() => fireEvent.click(screen.getByRole('button', { name: PRIVACY_MESSAGES.openButton })));
    const grant = await screen.findByRole('button', {
      name: `${PRIVACY_MESSAGES.grantButton}: Localização no check-in`,
    });
    act(() => fireEvent.click(grant));
    await waitFor(() =>
      expect(screen.getByTestId('consent-location_check_in').textContent).toContain(
        PRIVACY_MESSAGES.granted('27/11/2026 11:00'),
      ),
    );
    expect(consents).toHaveBeenNthCalledWith(
      2,
      '/api/consents',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ kind: 'location_check_in', granted: true }),
      }),
    );
    expect(screen.getByTestId('privacy-flash').textContent).toContain(PRIVACY_MESSAGES.saved);

    act(() =>
      fireEvent.click(
        screen.getByRole('button', { name: `${PRIVACY_MESSAGES.withdrawButton}: Novidades e ofertas` }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('privacy-flash').textContent).toContain('Muitas ações'));
  });
});
