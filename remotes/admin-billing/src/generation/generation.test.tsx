/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type AdminInvoicesPage, type InvoiceGenerationRun } from '@turno/contracts';
import { MESSAGES, saoPauloDateTimeToInstant } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { InvoicesScreen } from '../invoices/InvoicesScreen';
import { recordingBff } from '../shared/recording-bff';
import { GENERATION_POLL_MS } from './generation';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));

const now = saoPauloDateTimeToInstant('2026-11-25', '10:00'); // a Wednesday
const emptyList: AdminInvoicesPage = {
  items: [],
  total: 0,
  nextCursor: null,
  stats: { all: 0, pending: 0, paid: 0, overdue: 0, pendingAmount: 0 },
};
const weeklyRun = (
  patch: Partial<Extract<InvoiceGenerationRun, { kind: 'weekly' }>>,
): InvoiceGenerationRun => ({
  runId: 'weekly-2026-11-16',
  kind: 'weekly',
  state: 'waiting',
  progress: null,
  result: null,
  error: null,
  requestedAt: '2026-11-25T13:00:00.000Z',
  finishedAt: null,
  ...patch,
});
const result = {
  success: true as const,
  weekProcessed: '16/11/2026 a 22/11/2026',
  weekStart: '2026-11-16',
  weekEnd: '2026-11-22',
  issueDate: '2026-11-25',
  dueDate: '2026-12-02',
  invoicesGenerated: 2,
  invoicesUpdated: 0,
  completedAssignments: 5,
  alreadyBilledAssignments: 0,
  amountBilled: 745,
  message: MESSAGES.invoices.generated(2, 5),
};

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

const advance = async (ms: number) => {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
  await settle();
};

describe('invoice generation (Faturas)', () => {
  it('offers the four weeks, runs last week in the worker showing its progress, then the result box', async () => {
    jest.useFakeTimers();
    const { fetchImpl, calls } = recordingBff(
      answer(200, emptyList),
      answer(202, weeklyRun({})),
      answer(200, weeklyRun({ state: 'active', progress: { processed: 1, total: 3 } })),
      answer(200, weeklyRun({ state: 'completed', progress: { processed: 3, total: 3 }, result })),
      answer(200, emptyList),
    );
    render(<InvoicesScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    const weeks = screen.getByRole('group', { name: 'Geração semanal' });
    expect(
      [...weeks.querySelectorAll('button')].map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual([
      'Gerar faturas: Semana atual (23/11 a 29/11)',
      'Gerar faturas: Semana passada (16/11 a 22/11)',
      'Gerar faturas: 2 semanas atrás (09/11 a 15/11)',
      'Gerar faturas: 3 semanas atrás (02/11 a 08/11)',
      'Fatura personalizada',
    ]);

    // No week is shown pressed before one is chosen; then only the chosen one is.
    const pressed = () =>
      [...weeks.querySelectorAll('button[aria-pressed="true"]')].map((b) => b.textContent);
    expect(pressed()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /Semana passada/ }));
    await settle();
    expect(pressed()).toEqual(['Gerar faturas: Semana passada (16/11 a 22/11)']);
    expect(calls[1]).toEqual({
      method: 'POST',
      url: '/bff/admin-billing/api/admin/invoices/generate-weekly',
      body: { weekOffset: -1, timezone: 'America/Sao_Paulo' },
    });
    expect(screen.getByTestId('generation-progress').textContent).toContain(
      MESSAGES.invoices.generationWaiting,
    );
    // No second run while one is going.
    expect((screen.getByRole('button', { name: /Semana passada/ }) as HTMLButtonElement).disabled).toBe(true);

    await advance(GENERATION_POLL_MS);
    expect(calls[2]!.url).toBe('/bff/admin-billing/api/admin/invoice-generation-runs/weekly-2026-11-16');
    const bar = screen.getByRole('progressbar', { name: 'Progresso da geração de faturas' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['1', '3']);
    expect(screen.getByTestId('generation-progress').textContent).toContain('Processando mercados: 1 de 3');

    await advance(GENERATION_POLL_MS);
    expect(screen.queryByTestId('generation-progress')).toBeNull();
    const box = screen.getByTestId('generation-result').textContent;
    expect(screen.getByTestId('generation-result-week').textContent).toBe(
      MESSAGES.invoices.resultWeek('16/11–22/11'),
    );
    expect(screen.queryByTestId('generation-week-running')).toBeNull();
    for (const text of [
      MESSAGES.invoices.generated(2, 5),
      'Semana processada16/11/2026 a 22/11/2026',
      'Faturas geradas2',
      'Serviços5',
    ]) {
      expect(box).toContain(text);
    }
    // The list is read again once the run is done; the buttons are back.
    expect(calls.map((c) => c.url)).toHaveLength(5);
    expect(calls[4]!.url).toBe('/bff/admin-billing/api/admin/invoices');
    expect((screen.getByRole('button', { name: /Semana passada/ }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('shows "Erro ao gerar faturas semanais: " with the reason when the run fails', async () => {
    jest.useFakeTimers();
    const { fetchImpl } = recordingBff(
      answer(200, emptyList),
      answer(202, weeklyRun({})),
      answer(200, weeklyRun({ state: 'failed', error: 'Banco indisponível' })),
      answer(200, emptyList),
    );
    render(<InvoicesScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /Semana passada/ }));
    await settle();
    await advance(GENERATION_POLL_MS);
    expect(screen.getByRole('alert').textContent).toBe('Erro ao gerar faturas semanais: Banco indisponível');
  });

  it('"Semana atual" asks first, saying the week is not over; the result box names that week', async () => {
    const { fetchImpl, calls } = recordingBff(
      answer(200, emptyList),
      answer(
        200,
        weeklyRun({
          runId: 'weekly-2026-11-23',
          state: 'completed',
          progress: { processed: 1, total: 1 },
          result: {
            ...result,
            weekStart: '2026-11-23',
            weekEnd: '2026-11-29',
            weekProcessed: '23/11/2026 a 29/11/2026',
          },
        }),
      ),
      answer(200, emptyList),
    );
    render(<InvoicesScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    const current = screen.getByRole('button', { name: /Semana atual/ });
    fireEvent.click(current);
    let dialog = screen.getByRole('dialog', { name: MESSAGES.invoices.currentWeekConfirmTitle });
    expect(dialog.textContent).toContain(MESSAGES.invoices.currentWeekNotOver('23/11–29/11'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await settle();
    expect(calls).toHaveLength(1);
    expect(current.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(current);
    dialog = screen.getByRole('dialog', { name: MESSAGES.invoices.currentWeekConfirmTitle });
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.invoices.currentWeekConfirm }));
    await settle();
    expect(calls[1]).toMatchObject({
      method: 'POST',
      body: { weekOffset: 0, timezone: 'America/Sao_Paulo' },
    });
    expect(current.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: /Semana passada/ }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('generation-result-week').textContent).toBe(
      MESSAGES.invoices.resultWeek('23/11–29/11'),
    );
    expect(screen.getByTestId('generation-week-running').textContent).toBe(
      MESSAGES.invoices.weekStillRunning,
    );
  });

  it('checks the custom invoice dates before sending; sends null for "all businesses"', async () => {
    const { fetchImpl, calls } = recordingBff(
      answer(200, emptyList),
      answer(200, {
        items: [],
        total: 0,
        nextCursor: null,
        counts: { all: 0, pending: 0, approved: 0, rejected: 0 },
      }),
      answer(202, { ...weeklyRun({}), runId: 'custom-2026-11-01-2026-11-15-all', kind: 'custom' }),
    );
    render(<InvoicesScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Fatura personalizada' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Fatura personalizada' });
    expect(calls[1]!.url).toBe('/bff/admin-billing/api/admin/invoice-restaurants?limit=30');
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Gerar faturas' }));

    submit();
    await settle();
    expect(dialog.textContent).toContain(MESSAGES.invoices.datesRequired);
    fireEvent.change(screen.getByLabelText('Data de início'), { target: { value: '2026-11-15' } });
    fireEvent.change(screen.getByLabelText('Data de fim'), { target: { value: '2026-11-01' } });
    submit();
    await settle();
    expect(dialog.textContent).toContain(MESSAGES.invoices.startAfterEnd);
    expect(calls).toHaveLength(2);

    fireEvent.change(screen.getByLabelText('Data de início'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Data de fim'), { target: { value: '2026-11-15' } });
    submit();
    await settle();
    expect(calls[2]).toEqual({
      method: 'POST',
      url: '/bff/admin-billing/api/admin/invoices/generate-custom',
      body: { startDate: '2026-11-01', endDate: '2026-11-15', restaurantIds: null },
    });
  });
});
