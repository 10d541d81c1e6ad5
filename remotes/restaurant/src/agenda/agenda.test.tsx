import { JobListSchema, type Job } from '@turno/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { AgendaView } from './AgendaView';
import { sortByShift, summarize } from './jobs';

const base: Job = JobListSchema.parse([
  {
    id: 1,
    restaurant_id: 1,
    restaurant_name: 'Mercado Demo',
    restaurant_address: null,
    title: 'Operador de Caixa',
    position_type: 'Operador de Caixa',
    description: null,
    date_needed: '2026-11-22',
    start_time: '08:00',
    end_time: '14:00',
    hourly_rate: 149,
    meal_time: null,
    recommended_attire: null,
    status: 'open',
    is_assigned: false,
    assignment_id: null,
    assignment_status: null,
    freelancer_name: null,
    freelancer_user_id: null,
    freelancer_profile_photo_url: null,
    on_the_way_time: null,
    freelancer_checkin_request_time: null,
    check_in_time: null,
    freelancer_checkout_request_time: null,
    check_out_time: null,
    created_by_admin: false,
  },
])[0]!;
const jobs: Job[] = [
  {
    ...base,
    id: 2,
    date_needed: '2026-11-23',
    status: 'assigned',
    freelancer_name: 'Ana Souza',
    title: 'Estoquista',
  },
  base,
  { ...base, id: 3, date_needed: '2026-11-22', start_time: '06:00', status: 'completed' },
  { ...base, id: 4, status: 'cancelled' },
];
const now = new Date('2026-11-22T12:00:00-03:00');

describe('agenda', () => {
  it('sorts by date and start time', () => {
    expect(sortByShift(jobs).map((j) => j.id)).toEqual([3, 1, 4, 2]);
  });

  it('counts open, assigned, completed and total', () => {
    expect(summarize(jobs)).toEqual({ open: 1, assigned: 1, completed: 1, total: 4 });
  });

  it('shows dates, labels, prices and the freelancer in pt-BR', () => {
    const html = renderToStaticMarkup(<AgendaView jobs={jobs} now={now} />);
    expect(html).toContain('22/11/2026');
    expect(html).toContain('Hoje');
    expect(html).toContain('Amanhã');
    expect(html).toContain('08:00 às 14:00');
    expect(html).toMatch(/R\$\s149,00/);
    for (const label of ['Aberta', 'Alocada', 'Concluída', 'Cancelada']) expect(html).toContain(label);
    expect(html).toContain('Ana Souza');
  });

  it('has an empty state', () => {
    expect(renderToStaticMarkup(<AgendaView jobs={[]} now={now} />)).toContain(
      'Nenhuma vaga cadastrada ainda.',
    );
  });
});
