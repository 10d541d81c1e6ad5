/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { PrivacyCasesPage } from '@turno/contracts';
import { PRIVACY_ADMIN_MESSAGES as TEXT } from '@turno/domain';
import { answer } from '@turno/ui/testing';
import { PrivacyScreen } from './PrivacyScreen';

afterEach(cleanup);

const page: PrivacyCasesPage = {
  items: [
    {
      kind: 'deletion',
      id: 3,
      user_id: 30,
      profile_type: 'freelancer',
      name: 'Rita Antiga',
      email: 'rita@example.com',
      requested_at: '2026-11-01T12:00:00.000Z',
      requested_by: 'self',
      admin_note: null,
      scheduled_for: '2026-11-08T12:00:00.000Z',
      due_at: '2026-11-16T12:00:00.000Z',
      late: true,
    },
    {
      kind: 'export',
      id: 9,
      user_id: 31,
      profile_type: 'restaurant',
      name: 'Mercado Novo',
      email: 'dono@example.com',
      requested_at: '2026-11-25T12:00:00.000Z',
      requested_by: 'admin',
      admin_note: null,
      scheduled_for: null,
      due_at: '2026-12-10T12:00:00.000Z',
      late: false,
    },
  ],
  total: 2,
  nextCursor: null,
};

describe('Privacidade (issue 27)', () => {
  it('lists the open requests with their deadlines, the late one marked; finds a person and asks for the deletion with a note', async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    const fetchImpl = jest.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (url.includes('/privacy/requests')) return answer(200, page);
      if (url.includes('/privacy/people?'))
        return answer(200, {
          items: [
            {
              user_id: 44,
              profile_type: 'freelancer',
              name: 'Pessoa',
              email: 'p@example.com',
              pending_deletion_id: null,
            },
          ],
        });
      return answer(200, { success: true, message: TEXT.deletionRequested });
    });
    render(<PrivacyScreen fetchImpl={fetchImpl as unknown as typeof fetch} />);
    const late = await screen.findByTestId('privacy-case-deletion-3');
    expect(late.textContent).toContain(TEXT.late);
    expect(late.textContent).toContain('Prazo: 16/11/2026');
    expect(screen.getByTestId('privacy-case-export-9').textContent).not.toContain(TEXT.late);

    fireEvent.change(screen.getByLabelText(TEXT.findLabel), { target: { value: 'p@example.com' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: TEXT.find })));
    await screen.findByTestId('privacy-person-44');
    const ask = screen.getByRole('button', { name: TEXT.requestDeletion }) as HTMLButtonElement;
    expect(ask.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(TEXT.noteLabel), { target: { value: 'E-mail de 25/11' } });
    await act(async () => fireEvent.click(ask));
    expect((await screen.findByTestId('privacy-feedback')).textContent).toContain(TEXT.deletionRequested);
    const post = calls.find((call) => call.url.endsWith('/privacy/people/44/deletion'));
    expect(post?.init?.body).toBe(JSON.stringify({ note: 'E-mail de 25/11' }));
  });
});
