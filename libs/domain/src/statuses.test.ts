import { JOB_STATUS_LABELS, freelancerAccountState, restaurantAccountState } from './statuses';

describe('statuses', () => {
  it('labels job statuses', () => {
    expect(JOB_STATUS_LABELS).toEqual({
      open: 'Aberta',
      assigned: 'Alocada',
      completed: 'Concluída',
      cancelled: 'Cancelada',
    });
  });

  it('derives the restaurant account state from is_approved and is_active', () => {
    expect(restaurantAccountState({ is_approved: true, is_active: true })).toBe('approved');
    expect(restaurantAccountState({ is_approved: true, is_active: false })).toBe('approved');
    expect(restaurantAccountState({ is_approved: false, is_active: true })).toBe('pending');
    expect(restaurantAccountState({ is_approved: false, is_active: false })).toBe('rejected');
  });

  it('derives the freelancer account state from is_approved and is_available', () => {
    expect(freelancerAccountState({ is_approved: true, is_available: false })).toBe('approved');
    expect(freelancerAccountState({ is_approved: false, is_available: true })).toBe('pending');
    expect(freelancerAccountState({ is_approved: false, is_available: false })).toBe('rejected');
  });
});
