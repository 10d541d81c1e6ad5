/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type NotificationPreferencesResponse } from '@turno/contracts';
import { NOTIFICATION_PREFERENCE_TEXTS } from '@turno/domain';
import { NotificationPreferencesCard } from './NotificationPreferencesCard';

afterEach(cleanup);

const READ: NotificationPreferencesResponse = {
  channels: ['in_app', 'web_push', 'email'],
  kinds: [
    {
      kind: 'application_accepted',
      label: 'Candidatura aceita',
      channels: [
        { channel: 'in_app', enabled: true, locked: true },
        { channel: 'web_push', enabled: true, locked: false },
        { channel: 'email', enabled: true, locked: false },
      ],
    },
    {
      kind: 'payment_sent',
      label: 'Pagamento enviado',
      channels: [
        { channel: 'in_app', enabled: true, locked: false },
        { channel: 'web_push', enabled: true, locked: false },
        { channel: 'email', enabled: true, locked: false },
      ],
    },
  ],
};

const json = (body: unknown, status = 200) =>
  ({ ok: status < 300, status, json: async () => body, headers: new Headers() }) as unknown as Response;

const boxOf = (kind: string, name: string) => {
  const group = screen.getByTestId(`notification-kind-${kind}`);
  return [...group.querySelectorAll('label')].find((label) => label.textContent === name)!
    .firstElementChild as HTMLInputElement;
};

describe('Perfil → Notificações (issue 26)', () => {
  it('asks nothing until opened; then each kind by channel, the in-app of a shift-critical kind locked', async () => {
    const fetchImpl = jest.fn(async () => json(READ));
    render(<NotificationPreferencesCard fetchImpl={fetchImpl as unknown as typeof fetch} />);
    expect(fetchImpl).not.toHaveBeenCalled();
    act(() =>
      fireEvent.click(screen.getByRole('button', { name: NOTIFICATION_PREFERENCE_TEXTS.openButton })),
    );
    await screen.findByTestId('notification-kind-payment_sent');
    expect(screen.getByRole('group', { name: 'Candidatura aceita' })).toBeTruthy();
    expect(boxOf('application_accepted', 'No app')).toMatchObject({ checked: true, disabled: true });
    expect(boxOf('application_accepted', 'E-mail')).toMatchObject({ checked: true, disabled: false });
    expect(screen.getByTestId('notification-kind-application_accepted').textContent).toContain(
      NOTIFICATION_PREFERENCE_TEXTS.locked,
    );
    expect(screen.getByTestId('notification-kind-payment_sent').textContent).not.toContain(
      NOTIFICATION_PREFERENCE_TEXTS.locked,
    );
  });

  it('saves one change (PUT) and shows the answer; a refusal shows the server text', async () => {
    const off = JSON.parse(JSON.stringify(READ)) as NotificationPreferencesResponse;
    off.kinds[1]!.channels[2]!.enabled = false;
    const fetchImpl = jest
      .fn()
      .mockResolvedValueOnce(json(READ))
      .mockResolvedValueOnce(json(off))
      .mockResolvedValueOnce(json({ error: 'Muitas ações' }, 429));
    render(<NotificationPreferencesCard fetchImpl={fetchImpl as unknown as typeof fetch} />);
    act(() =>
      fireEvent.click(screen.getByRole('button', { name: NOTIFICATION_PREFERENCE_TEXTS.openButton })),
    );
    await screen.findByTestId('notification-kind-payment_sent');
    act(() => fireEvent.click(boxOf('payment_sent', 'E-mail')));
    await waitFor(() => expect(boxOf('payment_sent', 'E-mail').checked).toBe(false));
    expect(fetchImpl).toHaveBeenNthCalledWith(
      2,
      '/api/notifications/preferences',
      expect.objectContaining({
        method: 'PUT',
        body: JSON.stringify({ notification_kind: 'payment_sent', channel: 'email', enabled: false }),
      }),
    );
    expect(screen.getByTestId('notification-preferences-flash').textContent).toContain(
      NOTIFICATION_PREFERENCE_TEXTS.saved,
    );
    act(() => fireEvent.click(boxOf('payment_sent', 'Push')));
    await waitFor(() =>
      expect(screen.getByTestId('notification-preferences-flash').textContent).toContain('Muitas ações'),
    );
    // Refused: the box is back as it was.
    expect(boxOf('payment_sent', 'Push').checked).toBe(true);
  });
});
