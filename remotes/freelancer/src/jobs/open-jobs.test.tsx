import { OpenJobSchema, type OpenJob } from '@turno/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { OpenJobsView } from './OpenJobsView';
import { sortByShift } from './open-jobs';

const base: OpenJob = OpenJobSchema.parse({
  id: 1,
  restaurant_name: 'Hortifruti Vila Mariana',
  title: 'Operador de Caixa',
  position_type: 'Operador de Caixa',
  description: null,
  date_needed: '2026-11-23',
  start_time: '07:00',
  end_time: '13:00',
  hourly_rate: 149,
  freelancer_payment_amount: 120,
  meal_time: '09:00 às 09:30',
  recommended_attire: null,
});
const now = new Date('2026-11-22T12:00:00-03:00');

describe('open jobs', () => {
  it('sorts soonest first', () => {
    const later = { ...base, id: 2, date_needed: '2026-11-24' };
    const earlier = { ...base, id: 3, start_time: '06:00' };
    expect(sortByShift([later, base, earlier]).map((j) => j.id)).toEqual([3, 1, 2]);
  });

  it('shows restaurant, date, time and the payout', () => {
    const html = renderToStaticMarkup(<OpenJobsView jobs={[base]} now={now} />);
    expect(html).toContain('Hortifruti Vila Mariana');
    expect(html).toContain('23/11/2026');
    expect(html).toContain('Amanhã');
    expect(html).toContain('07:00 às 13:00');
    expect(html).toContain('09:00 às 09:30');
    expect(html).toMatch(/Você recebe R\$\s120,00/);
    expect(html).not.toContain('Vestimenta');
  });

  it('has an empty state', () => {
    expect(renderToStaticMarkup(<OpenJobsView jobs={[]} now={now} />)).toContain(
      'Nenhuma vaga disponível no momento.',
    );
  });
});
