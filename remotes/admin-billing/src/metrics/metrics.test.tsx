/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type DailyMetrics, type DetailedReportPage } from '@turno/contracts';
import { MESSAGES, saoPauloDateTimeToInstant } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { recordingBff } from '../shared/recording-bff';
import { MetricsScreen } from './MetricsScreen';
import { shortcutPeriod } from './metrics';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));
// recharts needs a laid-out page; the chart itself is not what these tests read.
jest.mock('./MetricsChart', () => ({ __esModule: true, default: () => <div data-testid="chart" /> }));

const now = saoPauloDateTimeToInstant('2026-11-25', '10:00'); // Wednesday
const metrics = (filter: 'today' | 'week'): DailyMetrics => ({
  filter,
  startDate: filter === 'today' ? '2026-11-25' : '2026-11-23',
  endDate: filter === 'today' ? '2026-11-25' : '2026-11-29',
  todayRevenue: 338,
  todayFreelancerPayments: 270,
  todayCommission: 68,
  todayCompletedJobs: 2,
  projectedRevenue: 149,
  projectedFreelancerPayments: 120,
  projectedCommission: 29,
  todayScheduledJobs: 1,
  totalProjectedRevenue: 487,
  totalProjectedFreelancerPayments: 390,
  totalProjectedCommission: 97,
  totalJobsToday: 3,
  days: [
    {
      date: '2026-11-25',
      revenue: 338,
      commission: 68,
      projectedRevenue: 149,
      completedJobs: 2,
      scheduledJobs: 1,
    },
  ],
});
const report = (patch: Partial<DetailedReportPage> = {}): DetailedReportPage => ({
  items: [
    {
      id: 41,
      restaurant_id: 1,
      restaurant_name: 'Supermercado Bom Preço',
      title: 'Operador de Caixa',
      position_type: 'Operador de Caixa',
      date_needed: '2026-11-25',
      start_time: '08:00',
      end_time: '14:00',
      hourly_rate: 149,
      status: 'completed',
      assignment_id: 9,
      assignment_status: 'completed',
      freelancer_name: 'Ana Souza',
      restaurant_payment_amount: 179,
      freelancer_payment_amount: 120,
      commission_amount: 59,
    },
  ],
  total: 1,
  nextCursor: null,
  startDate: '2026-11-25',
  endDate: '2026-11-25',
  totals: {
    jobs: 1,
    completed_jobs: 1,
    restaurant_payment_amount: 179,
    freelancer_payment_amount: 120,
    commission_amount: 59,
  },
  discrepancies: [
    {
      job_id: 41,
      message: 'ERRO: Vaga #41',
      charged: 179,
      paid: 120,
      expected_charged: 149,
      expected_paid: 120,
    },
  ],
  discrepancyCount: 1,
  allCorrect: false,
  message: null,
  ...patch,
});

afterEach(cleanup);

describe('Central de Métricas Admin and Relatório detalhado', () => {
  it('shows today’s figures, switches to the week, and lists each wrong calculation', async () => {
    const { fetchImpl, calls, answers } = recordingBff(answer(200, metrics('today')), answer(200, report()));
    render(<MetricsScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    expect(calls.map((c) => c.url).sort()).toEqual([
      '/bff/admin-billing/api/admin/daily-detailed-report?date=2026-11-25',
      '/bff/admin-billing/api/admin/daily-metrics?filter=today',
    ]);
    const done = screen.getByRole('group', { name: 'Trabalhos concluídos' }).textContent;
    expect(done).toMatch(/ReceitaR\$\s338,00/);
    expect(done).toContain('Vagas concluídas2');
    expect(screen.getByTestId('report-check').textContent).toMatch(
      /ERRO: Vaga #41 — cobrado R\$\s179,00, pago R\$\s120,00; esperado R\$\s149,00 e R\$\s120,00/,
    );
    expect(screen.getByRole('link', { name: 'Baixar Excel' }).getAttribute('href')).toBe(
      '/bff/admin-billing/api/admin/exports/daily-detailed-report.xlsx?date=2026-11-25',
    );

    answers.push(answer(200, metrics('week')));
    fireEvent.click(screen.getByRole('button', { name: 'Semana' }));
    await settle();
    expect(calls.at(-1)!.url).toBe('/bff/admin-billing/api/admin/daily-metrics?filter=week');
    expect(screen.getByRole('button', { name: 'Semana' }).getAttribute('aria-pressed')).toBe('true');

    answers.push(
      answer(
        200,
        report({
          discrepancies: [],
          discrepancyCount: 0,
          allCorrect: true,
          message: MESSAGES.analytics.allCalculationsCorrect,
        }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Semana passada' }));
    await settle();
    expect(calls.at(-1)!.url).toBe(
      '/bff/admin-billing/api/admin/daily-detailed-report?startDate=2026-11-16&endDate=2026-11-22',
    );
    expect(screen.getByTestId('report-check').textContent).toBe('Todos os cálculos estão corretos!');
  });

  it('keeps the shortcuts and pickers within today', () => {
    expect(shortcutPeriod('thisWeek', now)).toMatchObject({ startDate: '2026-11-23', endDate: '2026-11-25' });
    expect(shortcutPeriod('thisMonth', now)).toMatchObject({
      startDate: '2026-11-01',
      endDate: '2026-11-25',
    });
  });

  it('refuses an end before the start without asking the server', async () => {
    const { fetchImpl, calls } = recordingBff(
      answer(200, metrics('today')),
      ...Array.from({ length: 4 }, () => answer(200, report())),
    );
    render(<MetricsScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    fireEvent.click(screen.getByLabelText('Período'));
    fireEvent.change(screen.getByLabelText('Data inicial'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('Data final'), { target: { value: '2026-11-19' } });
    await settle();
    expect(screen.getByText(MESSAGES.analytics.reportEndBeforeStart)).toBeTruthy();
    expect(screen.getByLabelText('Data final').getAttribute('max')).toBe('2026-11-25');
    expect(calls.map((c) => c.url)).not.toContain(
      '/bff/admin-billing/api/admin/daily-detailed-report?startDate=2026-11-20&endDate=2026-11-19',
    );
  });
});
