import { JobSchema, type Job } from '@turno/contracts';

/**
 * A job as the admin-ops BFF answers it, for the screens' tests: an open vacancy of
 * Supermercado Bom Preço unless `fields` say otherwise (parsed, so a contract change shows here).
 */
export function testJob(fields: Partial<Job> = {}): Job {
  return JobSchema.parse({
    id: 7,
    restaurant_id: 1,
    restaurant_name: 'Supermercado Bom Preço',
    restaurant_address: null,
    title: 'Caixa da manhã',
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
    created_by_admin: true,
    ...fields,
  });
}
