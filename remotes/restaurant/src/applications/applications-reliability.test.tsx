/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { JobSchema, type RestaurantApplication } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { routedBff } from '../testing/routed-bff';
import { ApplicationsDialog } from './ApplicationsDialog';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));

afterEach(cleanup);

const t = MESSAGES.reliability;
const APPLICATIONS = '/bff/restaurant/api/restaurant/jobs/10/applications';
const job = JobSchema.parse({
  id: 10,
  restaurant_id: 1,
  restaurant_name: 'Mercado Demo',
  restaurant_address: null,
  title: 'Estoquista',
  position_type: 'Estoquista',
  description: null,
  date_needed: '2026-11-23',
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
});
const applicant = (id: number, name: string, score: number | null, jobs: number): RestaurantApplication => ({
  id,
  job_id: 10,
  freelancer_id: id,
  freelancer_name: name,
  freelancer_phone: null,
  profile_photo_url: null,
  experience_years: 2,
  rating: null,
  total_jobs: jobs,
  specialties: [],
  application_message: null,
  applied_at: '2026-11-22T14:30:00.000Z',
  expires_at: '2026-11-22T16:30:00.000Z',
  reliability_score: score,
});
const nina = applicant(501, 'Nina Nova', null, 0);
const sara = applicant(502, 'Sara Firme', 92, 14);

describe('applicants with their reliability (issue 23)', () => {
  it('shows the score beside the completed shifts and asks the server to sort by it', async () => {
    const { fetchImpl, requests } = routedBff({
      [`GET ${APPLICATIONS}`]: answer(200, [nina, sara]),
      [`GET ${APPLICATIONS}?sort=reliability`]: answer(200, [sara, nina]),
    });
    render(
      <ApplicationsDialog
        job={job}
        onClose={() => undefined}
        onAccepted={() => undefined}
        fetchImpl={fetchImpl}
      />,
    );
    await settle();
    const list = within(screen.getByRole('list', { name: 'Candidatos' }));
    expect(list.getByRole('listitem', { name: 'Sara Firme' }).textContent).toContain(
      '92/100 · 14 turnos concluídos',
    );
    expect(list.getByRole('listitem', { name: 'Nina Nova' }).textContent).toContain(
      `${t.noHistory} · 0 turnos concluídos`,
    );
    expect(list.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Nina Nova',
      'Sara Firme',
    ]);

    fireEvent.change(screen.getByLabelText(t.sortLabel), { target: { value: 'reliability' } });
    await settle();
    expect(requests.at(-1)!.url).toBe(`${APPLICATIONS}?sort=reliability`);
    expect(
      within(screen.getByRole('list', { name: 'Candidatos' }))
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Sara Firme', 'Nina Nova']);
  });
});
