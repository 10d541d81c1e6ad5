/** @jest-environment jsdom */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { type RestaurantSpendingAnalytics } from '@turno/contracts';
import { SpendingPanels } from './SpendingPanels';
import { monthChange, monthChangeText, spendingDayLabel, spentShare } from './spending';

// The chart draws SVG with measurements jsdom cannot make; its data is checked through the table.
jest.mock('./SpendingChart', () => ({ __esModule: true, default: () => <div data-testid="chart" /> }));

const figures: RestaurantSpendingAnalytics = {
  currentWeek: {
    period: '23/11/2026 a 29/11/2026',
    week_start: '2026-11-23',
    week_end: '2026-11-29',
    total_spent: 447,
    completed_jobs: 3,
    avg_per_job: 149,
    pending_jobs: 2,
    potential_charges: 338,
    projected_invoice: 785,
  },
  currentMonth: {
    period: '01/11/2026 a 30/11/2026',
    month_start: '2026-11-01',
    month_end: '2026-11-30',
    total_spent: 1490,
    completed_jobs: 10,
    avg_per_job: 149,
  },
  previousMonth: {
    period: '01/10/2026 a 31/10/2026',
    month_start: '2026-10-01',
    month_end: '2026-10-31',
    total_spent: 1192,
    completed_jobs: 8,
    avg_per_job: 149,
  },
  dailyBreakdown: Array.from({ length: 7 }, (_, i) => ({
    date_needed: `2026-11-${23 + i}`,
    day_total: i === 0 ? 298 : i === 1 ? 149 : 0,
    jobs_count: i === 0 ? 2 : i === 1 ? 1 : 0,
  })),
  nextInvoicePreview: {
    invoice_date: '2026-12-02',
    due_date: '2026-12-09',
    completed_amount: 447,
    pending_amount: 338,
    total_amount: 785,
    week_period: '23/11/2026 a 29/11/2026',
  },
  summary: { open: 4, filled: 2, completed: 10, total: 16 },
};

afterEach(cleanup);

describe('SpendingPanels', () => {
  it("shows a chain's month by store, only with two stores or more (issue 28)", async () => {
    const byStore = [
      { store_id: 1, store_name: 'Loja Centro', total_spent: 1_043, completed_jobs: 7 },
      { store_id: 2, store_name: 'Loja Vila', total_spent: 447, completed_jobs: 3 },
    ];
    render(<SpendingPanels data={{ ...figures, byStore }} />);
    await act(async () => undefined);
    const table = screen.getByRole('table', { name: 'Gastos por loja neste mês' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['Loja CentroR$ 1.043,007', 'Loja VilaR$ 447,003']);
    cleanup();
    render(<SpendingPanels data={{ ...figures, byStore: byStore.slice(0, 1) }} />);
    await act(async () => undefined);
    expect(screen.queryByRole('table', { name: 'Gastos por loja neste mês' })).toBeNull();
  });

  it('computes the progress bar, the month change and the day labels', () => {
    expect(spentShare(447, 785)).toBe(57);
    expect(spentShare(0, 0)).toBe(0);
    expect(spentShare(200, 100)).toBe(100);
    expect(monthChange(1490, 1192)).toBe(25);
    expect(monthChange(100, 0)).toBeNull();
    expect(monthChangeText(null)).toBe('Sem gastos no mês anterior para comparar');
    expect(monthChangeText(-10)).toBe('-10% em relação ao mês anterior');
    expect(spendingDayLabel('2026-11-23')).toBe('Seg 23/11');
  });

  it('shows the week, the next invoice, the month against the previous one, the days and the summary', async () => {
    render(<SpendingPanels data={figures} />);
    const week = screen.getByRole('group', { name: 'Gastos desta semana' });
    expect(week.textContent).toMatch(/GastoR\$\s447,00/);
    expect(week.textContent).toMatch(/Fatura projetadaR\$\s785,00/);
    expect(week.textContent).toContain('Trabalhos pendentes2');
    expect(
      screen
        .getByRole('progressbar', { name: '57% da fatura projetada já gasto' })
        .getAttribute('aria-valuenow'),
    ).toBe('57');
    expect(screen.getByTestId('next-invoice').textContent).toMatch(/TotalR\$\s785,00Emissão02\/12\/2026/);
    expect(screen.getByTestId('month').textContent).toMatch(/Média por trabalhoR\$\s149,00/);
    expect(screen.getByText('+25% em relação ao mês anterior')).toBeTruthy();
    const days = within(screen.getByRole('table', { name: 'Gastos por dia da semana' })).getAllByRole('row');
    expect(days).toHaveLength(8);
    expect(days[1]!.textContent).toMatch(/^Seg 23\/11R\$\s298,002$/);
    expect(await screen.findByTestId('chart')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Resumo geral das vagas' }).textContent).toBe(
      'Abertas4Preenchidas2Concluídas10Total16',
    );
    expect(document.getElementById('turno-ui-spending')).toBeTruthy();
  });

  it('shows loading, then the error with its retry, when there is no data', () => {
    const onRetry = jest.fn();
    const { rerender } = render(<SpendingPanels data={undefined} loading />);
    expect(screen.getByText('Carregando...')).toBeTruthy();
    rerender(
      <SpendingPanels data={undefined} error={{ detail: 'Serviço indisponível' }} onRetry={onRetry} />,
    );
    expect(screen.getByTestId('load-error').textContent).toContain('Serviço indisponível');
    screen.getByRole('button', { name: 'Tentar novamente' }).click();
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('spending')).toBeNull();
  });

  describe('the chart', () => {
    /** The IntersectionObserver of the page, driven by the test: `show()` brings the box near. */
    let observed: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    const show = () =>
      act(() => {
        for (const { callback, target } of observed)
          callback(
            [{ isIntersecting: true, target } as IntersectionObserverEntry],
            {} as IntersectionObserver,
          );
      });

    beforeEach(() => {
      observed = [];
      globalThis.IntersectionObserver = class {
        private readonly entry: { callback: IntersectionObserverCallback; target?: Element };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback };
          observed.push(this.entry);
        }
        observe(target: Element) {
          this.entry.target = target;
        }
        disconnect() {
          observed = observed.filter((e) => e !== this.entry);
        }
      } as unknown as typeof IntersectionObserver;
    });
    afterEach(() => {
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    });

    it('is drawn only when its card nears the viewport, its space kept until then', async () => {
      render(<SpendingPanels data={figures} />);
      const space = screen.getByTestId('chart-space');
      expect(space.className).toBe('t-spending-chart');
      expect(screen.queryByTestId('chart')).toBeNull();
      // The figures are there meanwhile, for screen readers too.
      expect(
        within(screen.getByRole('table', { name: 'Gastos por dia da semana' })).getAllByRole('row'),
      ).toHaveLength(8);
      show();
      expect(await screen.findByTestId('chart')).toBeTruthy();
      expect(screen.queryByTestId('chart-space')).toBeNull();
      expect(observed).toHaveLength(0);
    });
  });
});
