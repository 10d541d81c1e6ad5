import {
  AdminJobsPageSchema,
  AdminJobsQuerySchema,
  ApplicationCountsSchema,
  PendingActionsPageSchema,
  type Job,
} from '@turno/contracts';
import { ADMIN_JOBS_QUERY_DEFAULTS } from './admin-jobs';
import { ADMIN_JOBS_PAGE, adminJobsPageOf, applicationCountsOf, pendingActionsPageOf } from './answers';

// The command centre reads its three first answers without zod (answers.ts): these keep the
// readers in agreement with the contracts' schemas, on good answers and on broken ones.

const job: Job = {
  id: 1,
  restaurant_id: 2,
  restaurant_name: 'Supermercado Bom Preço',
  restaurant_address: null,
  title: 'Caixa da manhã',
  position_type: 'Operador de Caixa',
  description: 'Trazer crachá',
  date_needed: '2026-11-22',
  start_time: '08:00',
  end_time: '14:00',
  hourly_rate: 149.5,
  meal_time: '11:00',
  recommended_attire: null,
  status: 'assigned',
  is_assigned: true,
  assignment_id: 9,
  assignment_status: 'in_progress',
  freelancer_name: 'Ana Souza',
  freelancer_user_id: 5,
  freelancer_profile_photo_url: null,
  on_the_way_time: '2026-11-22T10:40:00.000Z',
  freelancer_checkin_request_time: null,
  check_in_time: '2026-11-22T11:00:00.000Z',
  freelancer_checkout_request_time: null,
  check_out_time: null,
  created_by_admin: false,
};
const jobsPage = {
  items: [job, { ...job, id: 2, status: 'open', assignment_status: null, assignment_id: null }],
  total: 2,
  nextCursor: 'abc',
  counts: { all: 2, open: 1, assigned: 1, completed: 0 },
};
const pendingPage = {
  items: [
    {
      id: 9,
      job_id: 1,
      assignment_id: 9,
      title: 'Caixa da manhã',
      restaurant_name: 'Supermercado Bom Preço',
      freelancer_name: 'Ana Souza',
      date_needed: '2026-11-22',
      start_time: '08:00',
      end_time: '14:00',
      action: 'check_in',
      requested_at: '2026-11-22T11:00:00.000Z',
    },
  ],
  total: 1,
  nextCursor: null,
};

/** Each reader must answer as its schema does: the same value, or a refusal. */
function agree(
  read: (value: unknown) => unknown,
  schema: { safeParse: (value: unknown) => { success: boolean; data?: unknown } },
  value: unknown,
) {
  const parsed = schema.safeParse(value);
  expect(read(value)).toEqual(parsed.success ? parsed.data : undefined);
  return parsed.success;
}

describe('the command centre answers read without zod', () => {
  it('read what the schemas accept, with only the contract fields', () => {
    expect(agree(adminJobsPageOf, AdminJobsPageSchema, jobsPage)).toBe(true);
    expect(agree(pendingActionsPageOf, PendingActionsPageSchema, pendingPage)).toBe(true);
    expect(agree(applicationCountsOf, ApplicationCountsSchema, { counts: { '1': 2, '7': 0 } })).toBe(true);
    const extra = { ...jobsPage, extra: 1, items: [{ ...job, secret: 'x' }] };
    expect(agree(adminJobsPageOf, AdminJobsPageSchema, extra)).toBe(true);
    expect(adminJobsPageOf(extra)?.items[0]).not.toHaveProperty('secret');
    expect(ADMIN_JOBS_PAGE.safeParse(jobsPage)).toEqual({ success: true, data: jobsPage });
  });

  it.each([
    ['a job without its title', { ...jobsPage, items: [{ ...job, title: undefined }] }],
    ['an unknown status', { ...jobsPage, items: [{ ...job, status: 'lost' }] }],
    ['an unknown assignment status', { ...jobsPage, items: [{ ...job, assignment_status: 'gone' }] }],
    ['a date in another format', { ...jobsPage, items: [{ ...job, date_needed: '22/11/2026' }] }],
    ['an hour out of range', { ...jobsPage, items: [{ ...job, start_time: '24:00' }] }],
    ['a price as text', { ...jobsPage, items: [{ ...job, hourly_rate: '149' }] }],
    ['a fractional id', { ...jobsPage, items: [{ ...job, id: 1.5 }] }],
    ['a null that must be a boolean', { ...jobsPage, items: [{ ...job, is_assigned: null }] }],
    ['no counts', { ...jobsPage, counts: undefined }],
    ['a negative total', { ...jobsPage, total: -1 }],
    ['a numeric cursor', { ...jobsPage, nextCursor: 3 }],
    ['items that are not a list', { ...jobsPage, items: {} }],
    ['an array', [jobsPage]],
    ['null', null],
  ])('refuse what the schemas refuse: %s', (_, value) => {
    expect(agree(adminJobsPageOf, AdminJobsPageSchema, value)).toBe(false);
    expect(ADMIN_JOBS_PAGE.safeParse(value).success).toBe(false);
  });

  it('refuse broken pending actions and counts as the schemas do', () => {
    const broken = { ...pendingPage, items: [{ ...pendingPage.items[0], action: 'approve' }] };
    expect(agree(pendingActionsPageOf, PendingActionsPageSchema, broken)).toBe(false);
    expect(agree(applicationCountsOf, ApplicationCountsSchema, { counts: { '1': '2' } })).toBe(false);
    expect(agree(applicationCountsOf, ApplicationCountsSchema, { counts: [] })).toBe(false);
  });

  it('keep the job list defaults of the query contract', () => {
    expect(ADMIN_JOBS_QUERY_DEFAULTS).toEqual(AdminJobsQuerySchema.parse({}));
  });
});
