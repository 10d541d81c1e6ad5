import { AdminRestaurantSchema, type AdminRestaurant } from '@turno/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { RestaurantsView } from './RestaurantsView';
import { countByState, sortForReview } from './restaurants';

const base: AdminRestaurant = AdminRestaurantSchema.parse({
  id: 1,
  user_id: 10,
  name: 'Carla Mendes',
  business_name: 'Supermercado Bom Preço',
  phone: '(11) 98765-4321',
  address: null,
  address_number: null,
  cuisine_type: 'Supermercado',
  contact_person: null,
  is_approved: true,
  is_active: true,
  approved_at: null,
  created_at: '2026-02-27T10:15:00-03:00',
});
const list: AdminRestaurant[] = [
  base,
  { ...base, id: 2, business_name: 'Atacadão', is_approved: false },
  { ...base, id: 3, business_name: 'Empório', is_approved: false, is_active: false },
  { ...base, id: 4, business_name: 'Açougue Central' },
];

describe('restaurants', () => {
  it('counts account states (spec 02 §4)', () => {
    expect(countByState(list)).toEqual({ total: 4, approved: 2, pending: 1, rejected: 1 });
  });

  it('lists pending first, then by name', () => {
    expect(sortForReview(list).map((r) => r.id)).toEqual([2, 4, 1, 3]);
  });

  it('renders stat cards, labels and the registration date', () => {
    const html = renderToStaticMarkup(<RestaurantsView restaurants={list} />);
    for (const text of [
      'Total',
      'Pendentes',
      'Aprovados',
      'Rejeitados',
      'Aprovado',
      'Pendente',
      'Rejeitado',
      '27/02/2026',
      'Usuário #10',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('has an empty state', () => {
    expect(renderToStaticMarkup(<RestaurantsView restaurants={[]} />)).toContain(
      'Nenhum mercado cadastrado ainda.',
    );
  });
});
