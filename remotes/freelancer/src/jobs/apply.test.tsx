/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MESSAGES } from '@turno/domain';
import { settle } from '@turno/ui/testing';
import { ANA, VACANCY } from '../testing/fixtures';
import { answer, routeFetch } from '../testing/route-fetch';
import { OpenJobCard } from './OpenJobCard';

const APPLY = 'POST /bff/freelancer/api/jobs/41/apply';
const NOW = new Date('2026-11-23T09:00:00-03:00');
const applied = {
  success: true,
  message: MESSAGES.applications.applied,
  application: {
    id: 9,
    job_id: 41,
    status: 'pending',
    applied_at: '2026-11-23T12:00:00.000Z',
    expires_at: '2026-11-23T14:00:00.000Z',
  },
};

afterEach(cleanup);

function renderCard(fetchImpl: typeof fetch, me = ANA, job = VACANCY) {
  const onApplied = jest.fn();
  render(<OpenJobCard job={job} now={NOW} me={me} onApplied={onApplied} fetchImpl={fetchImpl} />);
  return { onApplied };
}

const openForm = () => fireEvent.click(screen.getByRole('button', { name: 'Candidatar-se' }));

describe('applying to a vacancy', () => {
  it('shows where (neighbourhood and city), never the business, and the payout', () => {
    renderCard(routeFetch({}).fetchImpl);
    const text = document.body.textContent ?? '';
    expect(text).toContain('Vila Mariana, São Paulo - SP');
    expect(text).toContain('Hoje');
    expect(text).toContain('Reposição e embalagem no caixa.');
    expect(text).toMatch(/Você recebe R\$\s120,00/);
  });

  it('sends the message once, says it was sent and lets the list re-read', async () => {
    let release: (response: Response) => void = () => undefined;
    const { fetchImpl, sent } = routeFetch({
      [APPLY]: () => new Promise<Response>((resolve) => (release = resolve)),
    });
    const { onApplied } = renderCard(fetchImpl);
    openForm();
    fireEvent.change(screen.getByLabelText(/Mensagem para o mercado/), {
      target: { value: '  Trabalhei 2 anos em atacado.  ' },
    });
    const send = screen.getByRole('button', { name: 'Enviar candidatura' });
    fireEvent.click(send);
    fireEvent.click(send);
    fireEvent.submit(send.closest('form')!);
    await settle();
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/bff/freelancer/api/jobs/41/apply',
        body: { message: 'Trabalhei 2 anos em atacado.' },
      },
    ]);
    expect((screen.getByRole('button', { name: /Enviando/ }) as HTMLButtonElement).disabled).toBe(true);

    release(answer(201, applied));
    await settle();
    expect(screen.getByText(MESSAGES.applications.applied)).toBeTruthy();
    expect(screen.getByText('Candidatura enviada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Candidatar-se' })).toBeNull();
    expect(onApplied).toHaveBeenCalledTimes(1);
  });

  it('shows the server\'s "CONFLITO DE HORÁRIO" refusal as a warning and keeps the form', async () => {
    const { fetchImpl } = routeFetch({
      [APPLY]: answer(409, { error: MESSAGES.applications.scheduleConflictOwn }),
    });
    const { onApplied } = renderCard(fetchImpl);
    openForm();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar candidatura' }));
    await settle();
    const alert = screen.getByTestId('apply-error');
    expect(alert.textContent).toContain(MESSAGES.applications.conflictAlertTitle);
    expect(alert.textContent).toContain('CONFLITO DE HORÁRIO: você já tem um trabalho');
    expect(alert.className).toContain('t-alert--warning');
    expect(screen.getByRole('button', { name: 'Enviar candidatura' })).toBeTruthy();
    expect(onApplied).not.toHaveBeenCalled();
  });

  it('falls back to "Erro ao se candidatar" when the server says nothing, and on a network failure', async () => {
    const { fetchImpl } = routeFetch({ [APPLY]: answer(500, undefined) });
    renderCard(fetchImpl);
    openForm();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar candidatura' }));
    await settle();
    expect(screen.getByTestId('apply-error').textContent).toBe(MESSAGES.applications.applyFailed);
    cleanup();

    renderCard((async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch);
    openForm();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar candidatura' }));
    await settle();
    expect(screen.getByTestId('apply-error').textContent).toContain('Verifique sua internet');
  });

  it.each([
    [{ has_profile_photo: false }, MESSAGES.freelancers.applyNeedsPhoto],
    [{ is_approved: false, has_profile_photo: false }, MESSAGES.freelancers.applyNeedsApproval],
    [{ is_available: false }, MESSAGES.freelancers.applyNeedsAvailability],
  ])('says what is missing instead of applying (%o)', (change, label) => {
    const { fetchImpl, sent } = routeFetch({});
    renderCard(fetchImpl, { ...ANA, ...change });
    const button = screen.getByRole('button', { name: label }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(sent).toEqual([]);
  });

  it('says "Candidatura enviada" on a vacancy already applied to', () => {
    renderCard(routeFetch({}).fetchImpl, ANA, { ...VACANCY, has_applied: true });
    expect(screen.getByText('Candidatura enviada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Candidatar-se' })).toBeNull();
  });
});
