import { FreelancerJobsQuerySchema } from '@turno/contracts';
import { INVITATION_MESSAGES, renderNotification } from '@turno/domain';
import type { Freelancer, Job, Restaurant } from '../model';
import { listOpenJobsPage, readRepeatableVacancy } from '../jobs';
import { listPastWorkers } from '../assignments';
import { wholeBusiness } from '../shared/business-scope';
import { notificationsOfEvents, notifyingEventsAfter } from '../notifications';
import {
  createTestDatabase,
  insertCompletedAssignment,
  insertJob,
  insertRestaurant,
  type TestDatabase,
} from '../testing';
import { asFreelancer, asRestaurant, expectRefusal, insertEligibleFreelancer } from '../shared/test-kit';
import { applyToJob, acceptApplication } from './staffing.service';
import { createJobsWithInvitations } from './invitations.service';

/**
 * Issue 26 "Ask again the people who came": the monthly cap per business (12 by default) on the
 * apply and accept commands and on "Vagas"; invitations' exclusivity before and after the window;
 * another business's freelancers and vacancies refused; the vacancy form repeated.
 */

// Wednesday 2026-11-18, 07:00 in Sao Paulo.
const NOW = new Date('2026-11-18T10:00:00Z');
const HOUR = 3_600_000;
const later = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

describe('invitations and the monthly cap', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  /** `count` shifts of `freelancer` at `restaurant` on the days from `firstDay` of November 2026. */
  async function shiftsInNovember(
    restaurant: Restaurant,
    freelancer: Freelancer,
    count: number,
    firstDay = 1,
  ) {
    const setup = em();
    for (let day = firstDay; day < firstDay + count; day++) {
      const job = await insertJob(setup, restaurant, {
        dateNeeded: `2026-11-${String(day).padStart(2, '0')}`,
        status: 'completed',
      });
      await insertCompletedAssignment(setup, job, freelancer);
    }
  }
  const vacancies = async (freelancer: Freelancer, now: Date) =>
    (await listOpenJobsPage(em(), freelancer.id, FreelancerJobsQuerySchema.parse({ limit: 50 }), { now }))
      .items;
  const vacancyForm = (fields: Record<string, unknown> = {}) => ({
    positionType: 'Estoquista',
    dates: ['2026-11-20'],
    workload: 6,
    startTime: '08:00',
    quantity: 1,
    ...fields,
  });

  describe('at most 12 shifts a calendar month for one business', () => {
    it('refuses the 13th application in the month, not one in the next month nor at another business', async () => {
      const store = await insertRestaurant(em());
      const other = await insertRestaurant(em());
      const freelancer = await insertEligibleFreelancer(em());
      await shiftsInNovember(store, freelancer, 12);
      const lastDayOfMonth = await insertJob(em(), store, { dateNeeded: '2026-11-30' });
      const firstDayOfNext = await insertJob(em(), store, { dateNeeded: '2026-12-01' });
      const otherStore = await insertJob(em(), other, { dateNeeded: '2026-11-30' });

      await expectRefusal(
        applyToJob(em(), asFreelancer(freelancer), { jobId: lastDayOfMonth.id }, NOW),
        409,
        INVITATION_MESSAGES.monthlyCapReachedOwn(12),
      );
      // "Vagas" does not offer what the command refuses (the same SQL condition).
      const listed = (await vacancies(freelancer, NOW)).map((job) => job.id);
      expect(listed).not.toContain(lastDayOfMonth.id);
      expect(listed).toEqual(expect.arrayContaining([firstDayOfNext.id, otherStore.id]));

      await expect(
        applyToJob(em(), asFreelancer(freelancer), { jobId: firstDayOfNext.id }, NOW),
      ).resolves.toMatchObject({
        status: 'pending',
      });
      await expect(
        applyToJob(em(), asFreelancer(freelancer), { jobId: otherStore.id }, NOW),
      ).resolves.toMatchObject({
        status: 'pending',
      });
    });

    it('accepts the 12th shift of the month and refuses to accept a 13th; a cancelled shift does not count', async () => {
      const store = await insertRestaurant(em());
      const freelancer = await insertEligibleFreelancer(em());
      await shiftsInNovember(store, freelancer, 11);
      const cancelled = await insertJob(em(), store, { dateNeeded: '2026-11-15', status: 'open' });
      await insertCompletedAssignment(em(), cancelled, freelancer, {
        status: 'cancelled',
        completedAt: null,
      });
      const twelfth = await insertJob(em(), store, { dateNeeded: '2026-11-27' });
      const thirteenth = await insertJob(em(), store, { dateNeeded: '2026-11-28' });
      // Both applied while the freelancer held 11: applying was allowed.
      const first = await applyToJob(em(), asFreelancer(freelancer), { jobId: twelfth.id }, NOW);
      const second = await applyToJob(em(), asFreelancer(freelancer), { jobId: thirteenth.id }, NOW);

      await acceptApplication(em(), asRestaurant(store), first.applicationId, NOW);
      await expectRefusal(
        acceptApplication(em(), asRestaurant(store), second.applicationId, NOW),
        409,
        INVITATION_MESSAGES.monthlyCapReached(12),
      );
    });

    it('reads MONTHLY_SHIFTS_PER_BUSINESS', async () => {
      const store = await insertRestaurant(em());
      const freelancer = await insertEligibleFreelancer(em());
      await shiftsInNovember(store, freelancer, 2);
      const job = await insertJob(em(), store, { dateNeeded: '2026-11-30' });
      process.env.MONTHLY_SHIFTS_PER_BUSINESS = '2';
      try {
        await expectRefusal(
          applyToJob(em(), asFreelancer(freelancer), { jobId: job.id }, NOW),
          409,
          INVITATION_MESSAGES.monthlyCapReachedOwn(2),
        );
      } finally {
        delete process.env.MONTHLY_SHIFTS_PER_BUSINESS;
      }
      await expect(applyToJob(em(), asFreelancer(freelancer), { jobId: job.id }, NOW)).resolves.toBeDefined();
    });
  });

  describe('"Chamar de novo"', () => {
    let store: Restaurant;
    let invitee: Freelancer;
    let outsider: Freelancer;
    let pastWorkerElsewhere: Freelancer;
    let jobId: number;

    beforeAll(async () => {
      store = await insertRestaurant(em(), { businessName: 'Mercado Convite' });
      const elsewhere = await insertRestaurant(em());
      invitee = await insertEligibleFreelancer(em(), { name: 'Ana Convidada', specialties: [] });
      outsider = await insertEligibleFreelancer(em(), { name: 'Bruno Outro', specialties: ['Estoquista'] });
      pastWorkerElsewhere = await insertEligibleFreelancer(em(), { name: 'Carla de Outro Mercado' });
      await shiftsInNovember(store, invitee, 1, 2);
      await shiftsInNovember(elsewhere, pastWorkerElsewhere, 1, 2);
      const created = await createJobsWithInvitations(
        em(),
        asRestaurant(store),
        { ...vacancyForm(), inviteFreelancerIds: [invitee.id], exclusiveHours: 6 },
        NOW,
      );
      expect(created).toMatchObject({ jobsCreated: 1, invitedFreelancers: 1 });
      jobId = created.jobIds[0]!;
    });

    it('tells the invitee (vacancy_invitation) and shows them the vacancy first, with its window', async () => {
      const { events } = await notifyingEventsAfter(em(), 0, 1000);
      const made = await notificationsOfEvents(
        em(),
        events.filter((event) => event.type === 'job_invitation'),
      );
      expect(made).toEqual([
        expect.objectContaining({
          userId: invitee.user.id,
          kind: 'vacancy_invitation',
          subjectType: 'job',
          subjectId: jobId,
          ...renderNotification('vacancy_invitation', {
            position: 'Estoquista',
            businessName: 'Mercado Convite',
            date: '2026-11-20',
            start: '08:00',
          }),
        }),
      ]);

      // Another open vacancy of a specialty of hers would not outrank the invitation.
      await insertJob(em(), store, { dateNeeded: '2026-11-19', positionType: 'Aux de Padaria' });
      const [first] = await vacancies(invitee, later(1));
      expect(first).toMatchObject({ id: jobId, invitation: { exclusive_until: later(6).toISOString() } });
    });

    it('lets only invitees apply until the window ends, then anyone', async () => {
      expect((await vacancies(outsider, later(1))).map((job) => job.id)).not.toContain(jobId);
      await expectRefusal(
        applyToJob(em(), asFreelancer(outsider), { jobId }, later(5.99)),
        409,
        INVITATION_MESSAGES.onlyInvitees(later(6)),
      );
      expect(INVITATION_MESSAGES.onlyInvitees(later(6))).toContain('até 18/11/2026 às 13:00');
      await expect(applyToJob(em(), asFreelancer(invitee), { jobId }, later(1))).resolves.toMatchObject({
        status: 'pending',
      });

      expect((await vacancies(outsider, later(6))).map((job) => job.id)).toContain(jobId);
      await expect(applyToJob(em(), asFreelancer(outsider), { jobId }, later(6))).resolves.toMatchObject({
        status: 'pending',
      });
    });

    it('never keeps the window past the shift start', async () => {
      // Today at 09:00 (two hours from now), 24 hours asked: the window ends at the start.
      const { jobIds } = await createJobsWithInvitations(
        em(),
        asRestaurant(store),
        {
          ...vacancyForm({ dates: ['2026-11-18'], startTime: '09:00' }),
          inviteFreelancerIds: [invitee.id],
          exclusiveHours: 24,
        },
        NOW,
      );
      const [row] = await em()
        .getConnection()
        .execute<{ exclusive_until: Date }[]>(
          'select exclusive_until from job_invitations where job_id = ?',
          [jobIds[0]],
        );
      expect(new Date(row!.exclusive_until).toISOString()).toBe('2026-11-18T12:00:00.000Z');
    });

    it("refuses another business's freelancer, an unknown id, and creates nothing then", async () => {
      const count = async () =>
        Number(
          (
            await em()
              .getConnection()
              .execute<{ n: string }[]>('select count(*) as n from jobs where restaurant_id = ?', [store.id])
          )[0]!.n,
        );
      const before = await count();
      for (const ids of [[pastWorkerElsewhere.id], [invitee.id, 987_654]]) {
        await expectRefusal(
          createJobsWithInvitations(
            em(),
            asRestaurant(store),
            { ...vacancyForm(), inviteFreelancerIds: ids, exclusiveHours: 2 },
            NOW,
          ),
          403,
          INVITATION_MESSAGES.inviteeNotPastWorker,
        );
      }
      await expectRefusal(
        createJobsWithInvitations(
          em(),
          asRestaurant(store),
          { ...vacancyForm(), inviteFreelancerIds: [invitee.id], exclusiveHours: 3 },
          NOW,
        ),
        400,
        INVITATION_MESSAGES.invalidWindow,
      );
      expect(await count()).toBe(before);
    });

    it('refuses an invitee who holds the cap in the vacancy month, and leaves them out of the picker', async () => {
      const busy = await insertEligibleFreelancer(em(), { name: 'Dani Ocupada' });
      await shiftsInNovember(store, busy, 12, 3);
      await expectRefusal(
        createJobsWithInvitations(
          em(),
          asRestaurant(store),
          { ...vacancyForm(), inviteFreelancerIds: [busy.id], exclusiveHours: 2 },
          NOW,
        ),
        409,
        INVITATION_MESSAGES.inviteeAtCap('Dani Ocupada', 12),
      );
      const november = (await listPastWorkers(em(), store.id, { date: '2026-11-20' }, NOW)).map(
        (w) => w.name,
      );
      expect(november).toContain('Ana Convidada');
      expect(november).not.toContain('Dani Ocupada');
      expect(november).not.toContain('Carla de Outro Mercado');
      const december = await listPastWorkers(em(), store.id, { date: '2026-12-01' }, NOW);
      expect(december.map((w) => w.name)).toContain('Dani Ocupada');
      expect(december.find((w) => w.name === 'Dani Ocupada')).toMatchObject({
        completed_shifts: 12,
        last_shift_date: '2026-11-14',
      });
      expect(
        (await listPastWorkers(em(), store.id, { date: '2026-12-01', q: 'dani' }, NOW)).map((w) => w.name),
      ).toEqual(['Dani Ocupada']);
    });
  });

  describe('"Repetir vaga"', () => {
    it('fills the form from a past vacancy of the business, proposing today, never a past day', async () => {
      const store = await insertRestaurant(em());
      const { jobIds } = await createJobsWithInvitations(
        em(),
        asRestaurant(store),
        vacancyForm({
          dates: ['2026-11-18'],
          startTime: '16:00',
          workload: 8.33,
          quantity: 3,
          description: 'Reposição de hortifrúti',
        }),
        later(-24 * 5 + 1),
      );
      // Five days later the vacancy is past.
      const repeated = await readRepeatableVacancy(em(), wholeBusiness(store.id), jobIds[0]!, later(24 * 5));
      expect(repeated).toEqual({
        job_id: jobIds[0],
        position_type: 'Estoquista',
        workload: 8.33,
        start_time: '16:00',
        quantity: 3,
        meal_time: null,
        recommended_attire: null,
        description: 'Reposição de hortifrúti',
        date: '2026-11-23',
        original_date: '2026-11-18',
        past_worker: null,
      });
    });

    it("answers 404 for another business's vacancy", async () => {
      const store = await insertRestaurant(em());
      const other = await insertRestaurant(em());
      const job: Job = await insertJob(em(), other, { dateNeeded: '2026-11-20' });
      await expectRefusal(
        readRepeatableVacancy(em(), wholeBusiness(store.id), job.id, NOW),
        404,
        INVITATION_MESSAGES.repeatNotFound,
      );
    });
  });
});
