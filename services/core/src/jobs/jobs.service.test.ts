import { MESSAGES } from '@turno/domain';
import { Assignment, Freelancer, Job } from '../model';
import {
  createTestDatabase,
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
  type TestDatabase,
} from '../testing';
import { createJobs, deleteJob, editJob, type CreateJobsInput } from './jobs.service';
import {
  HOUR,
  NOW,
  TODAY,
  at,
  TOMORROW,
  admin,
  asFreelancer,
  asRestaurant,
  expectRefusal,
  insertInvoiceOf,
  insertTodayJob,
} from '../shared/test-kit';

/** 07:00 in Sao Paulo on TODAY: before the 08:00 starts the creations below use. */
const MORNING = at(-2 * HOUR);

describe('jobs service', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  const vacancy = (fields: Partial<CreateJobsInput> = {}): CreateJobsInput => ({
    positionType: 'Estoquista',
    dates: [TODAY, TOMORROW],
    workload: 6,
    startTime: '08:00',
    quantity: 1,
    ...fields,
  });

  describe('createJobs', () => {
    it('creates quantity × dates rows priced by the server, titled by the position type', async () => {
      const restaurant = await insertRestaurant(em());
      const input = {
        ...vacancy({ quantity: 3, mealTime: '09:00 às 09:30' }),
        hourlyRate: 1,
        endTime: '23:00',
      };
      const result = await createJobs(em(), asRestaurant(restaurant), input, MORNING);

      expect(result.jobsCreated).toBe(6);
      expect(result.jobIds).toHaveLength(6);
      const jobs = await em().find(Job, { id: { $in: result.jobIds } }, { orderBy: { id: 'asc' } });
      expect(jobs.map((job) => job.dateNeeded)).toEqual([TODAY, TODAY, TODAY, TOMORROW, TOMORROW, TOMORROW]);
      expect(jobs[0]).toMatchObject({
        title: 'Estoquista',
        positionType: 'Estoquista',
        startTime: '08:00',
        endTime: '14:00',
        workloadMinutes: 360,
        chargeCents: 14_900,
        mealTime: '09:00 às 09:30',
        recommendedAttire: null,
        description: null,
        status: 'open',
        createdByAdmin: false,
      });
    });

    it('prices night and long shifts from @turno/domain', async () => {
      const restaurant = await insertRestaurant(em());
      const actor = asRestaurant(restaurant);
      const night = await createJobs(em(), actor, vacancy({ dates: [TODAY], startTime: '18:00' }), MORNING);
      const long = await createJobs(
        em(),
        actor,
        vacancy({ dates: [TODAY], workload: 10, startTime: '22:00' }),
        NOW,
      );
      const eightTwenty = await createJobs(em(), actor, vacancy({ dates: [TODAY], workload: 8.33 }), MORNING);

      const find = (id: number | undefined) => em().findOneOrFail(Job, { id: id ?? 0 });
      expect(await find(night.jobIds[0])).toMatchObject({ endTime: '00:00', chargeCents: 17_900 });
      expect(await find(long.jobIds[0])).toMatchObject({
        endTime: '08:00',
        chargeCents: 18_900,
        workloadMinutes: 600,
      });
      expect(await find(eightTwenty.jobIds[0])).toMatchObject({ endTime: '16:20', chargeCents: 14_900 });
    });

    it('refuses an unapproved or inactive restaurant', async () => {
      const pending = await insertRestaurant(em(), { isApproved: false });
      const rejected = await insertRestaurant(em(), { isApproved: false, isActive: false });
      await expectRefusal(
        createJobs(em(), asRestaurant(pending), vacancy(), MORNING),
        403,
        MESSAGES.jobs.notApproved,
      );
      await expectRefusal(
        createJobs(em(), asRestaurant(rejected), vacancy(), MORNING),
        403,
        MESSAGES.jobs.notApproved,
      );
    });

    it('checks the vacancy with the rules of @turno/domain', async () => {
      const actor = asRestaurant(await insertRestaurant(em()));
      const refused = (fields: Partial<CreateJobsInput>, message: string) =>
        expectRefusal(createJobs(em(), actor, vacancy(fields), MORNING), 400, message);

      await refused({ dates: [] }, MESSAGES.jobs.selectDate);
      await refused({ positionType: 'Garçom' }, MESSAGES.jobs.invalidPositionType);
      await refused({ workload: 8 }, MESSAGES.jobs.workloadNotAllowedForBusiness);
      await refused({ workload: 7 }, MESSAGES.jobs.invalidWorkload);
      await refused({ startTime: '8h' }, MESSAGES.jobs.invalidStartTime);
      await refused({ dates: ['2026-03-09'] }, MESSAGES.jobs.dateOutOfRange);
      await refused({ dates: ['2026-03-01'] }, MESSAGES.jobs.dateOutOfRange);
      await refused({ quantity: 6 }, MESSAGES.jobs.quantityOutOfRange(5));
      await refused({ mealTime: '09:00 às 10:00' }, MESSAGES.jobs.invalidMealTime);
      expect(await em().count(Job, { restaurant: (actor as { restaurantId: number }).restaurantId })).toBe(0);
    });

    it('refuses a start that has passed in Sao Paulo, for a business and for an admin', async () => {
      const restaurant = await insertRestaurant(em());
      // "Hoje 05:00" created at 10:10 (13:10 UTC).
      const tenPast10 = new Date('2026-03-02T13:10:00Z');
      const dawn = vacancy({ dates: [TODAY], startTime: '05:00' });
      await expectRefusal(
        createJobs(em(), asRestaurant(restaurant), dawn, tenPast10),
        400,
        MESSAGES.jobs.startInPast,
      );
      await expectRefusal(
        createJobs(
          em(),
          admin,
          { ...dawn, restaurantId: restaurant.id, dates: [TOMORROW, TODAY] },
          tenPast10,
        ),
        400,
        MESSAGES.jobs.startInPast,
      );
      await expectRefusal(
        createJobs(
          em(),
          asRestaurant(restaurant),
          vacancy({ dates: [TODAY], startTime: '10:10' }),
          tenPast10,
        ),
        400,
        MESSAGES.jobs.startInPast,
      );
      expect(await em().count(Job, { restaurant: restaurant.id })).toBe(0);
      const later = await createJobs(
        em(),
        asRestaurant(restaurant),
        vacancy({ dates: [TODAY], startTime: '10:11' }),
        tenPast10,
      );
      expect(later.jobsCreated).toBe(1);
    });

    it('lets an admin create for any restaurant with all workloads and up to 10 per date', async () => {
      const restaurant = await insertRestaurant(em(), { isApproved: false });
      const input = vacancy({ restaurantId: restaurant.id, dates: [TODAY], workload: 9, quantity: 10 });
      const result = await createJobs(em(), admin, input, MORNING);

      expect(result.jobsCreated).toBe(10);
      const job = await em().findOneOrFail(Job, { id: result.jobIds[0] ?? 0 });
      expect(job).toMatchObject({ endTime: '17:00', chargeCents: 14_900, createdByAdmin: true });
      await expectRefusal(
        createJobs(em(), admin, { ...input, quantity: 11 }, MORNING),
        400,
        MESSAGES.jobs.quantityOutOfRange(10),
      );
      await expectRefusal(createJobs(em(), admin, vacancy(), MORNING), 400, MESSAGES.restaurants.notSelected);
      await expectRefusal(
        createJobs(em(), admin, vacancy({ restaurantId: 999_999 }), MORNING),
        404,
        MESSAGES.restaurants.notFound,
      );
    });

    it('refuses a freelancer', async () => {
      const freelancer = await insertFreelancer(em());
      await expectRefusal(
        createJobs(em(), asFreelancer(freelancer), vacancy(), MORNING),
        403,
        MESSAGES.common.forbidden,
      );
    });
  });

  describe('editJob', () => {
    it('recomputes end and price when the workload changes, and drops a meal time no longer offered', async () => {
      const restaurant = await insertRestaurant(em());
      const job = await insertTodayJob(em(), restaurant, { mealTime: '09:00 às 09:30' });

      const result = await editJob(em(), admin, { jobId: job.id, workload: 10 }, NOW);

      expect(result).toEqual({ jobId: job.id, endTime: '18:00', chargeCents: 18_900, mealTime: null });
      expect(await em().findOneOrFail(Job, { id: job.id })).toMatchObject({
        workloadMinutes: 600,
        endTime: '18:00',
        chargeCents: 18_900,
        mealTime: null,
      });
    });

    it('keeps the price and a still valid meal time when only texts change, and edits every field', async () => {
      const restaurant = await insertRestaurant(em());
      const other = await insertRestaurant(em());
      const job = await insertTodayJob(em(), restaurant, { mealTime: '09:00 às 09:30', chargeCents: 14_000 });

      await editJob(
        em(),
        admin,
        {
          jobId: job.id,
          description: '  Reposição  ',
          recommendedAttire: 'Calça preta',
        },
        NOW,
      );
      expect(await em().findOneOrFail(Job, { id: job.id })).toMatchObject({
        chargeCents: 14_000,
        mealTime: '09:00 às 09:30',
        description: 'Reposição',
        recommendedAttire: 'Calça preta',
      });

      await editJob(
        em(),
        admin,
        {
          jobId: job.id,
          restaurantId: other.id,
          positionType: 'Aux de Padaria',
          dateNeeded: TOMORROW,
          startTime: '17:00',
          mealTime: '18:00 às 18:30',
        },
        NOW,
      );
      const edited = await em().findOneOrFail(Job, { id: job.id });
      expect(edited).toMatchObject({
        title: 'Aux de Padaria',
        positionType: 'Aux de Padaria',
        dateNeeded: TOMORROW,
        startTime: '17:00',
        endTime: '23:00',
        chargeCents: 14_900,
        mealTime: '18:00 às 18:30',
      });
      expect(edited.restaurant.id).toBe(other.id);
    });

    it('refuses completed jobs, invalid values and non-admins', async () => {
      const restaurant = await insertRestaurant(em());
      const completed = await insertTodayJob(em(), restaurant, { status: 'completed' });
      const open = await insertTodayJob(em(), restaurant);

      await expectRefusal(
        editJob(em(), admin, { jobId: completed.id, description: 'x' }, NOW),
        409,
        MESSAGES.jobs.completedCannotBeEdited,
      );
      await expectRefusal(
        editJob(em(), admin, { jobId: open.id, startTime: '' }, NOW),
        400,
        MESSAGES.jobs.requiredFields,
      );
      await expectRefusal(
        editJob(em(), admin, { jobId: open.id, workload: 7 }, NOW),
        400,
        MESSAGES.jobs.invalidWorkload,
      );
      await expectRefusal(
        editJob(em(), admin, { jobId: open.id, mealTime: '20:00 às 20:30' }, NOW),
        400,
        MESSAGES.jobs.invalidMealTime,
      );
      await expectRefusal(
        editJob(em(), admin, { jobId: open.id, dateNeeded: '2026-02-30' }, NOW),
        400,
        MESSAGES.validation.invalidDate,
      );
      await expectRefusal(editJob(em(), admin, { jobId: 999_999 }, NOW), 404, MESSAGES.jobs.notFound);
      await expectRefusal(
        editJob(em(), asRestaurant(restaurant), { jobId: open.id, description: 'x' }, NOW),
        403,
        MESSAGES.common.forbidden,
      );
    });

    it('refuses moving a start into the past, and lets a shift under way change its workload', async () => {
      const restaurant = await insertRestaurant(em());
      const job = await insertTodayJob(em(), restaurant, { startTime: '14:00', endTime: '20:00' });
      // NOW is 09:00 in Sao Paulo.
      await expectRefusal(
        editJob(em(), admin, { jobId: job.id, startTime: '08:59' }, NOW),
        400,
        MESSAGES.jobs.startInPast,
      );
      await expectRefusal(
        editJob(em(), admin, { jobId: job.id, dateNeeded: '2026-03-01' }, NOW),
        400,
        MESSAGES.jobs.startInPast,
      );
      expect(await em().findOneOrFail(Job, { id: job.id })).toMatchObject({
        dateNeeded: TODAY,
        startTime: '14:00',
      });
      await expect(editJob(em(), admin, { jobId: job.id, startTime: '09:01' }, NOW)).resolves.toMatchObject({
        endTime: '15:01',
      });

      const underWay = await insertTodayJob(em(), restaurant); // 08:00–14:00
      await expect(editJob(em(), admin, { jobId: underWay.id, workload: 10 }, NOW)).resolves.toMatchObject({
        endTime: '18:00',
      });
    });

    it("refuses moving an assigned job onto another of the freelancer's shifts", async () => {
      const restaurant = await insertRestaurant(em());
      const freelancer = await insertFreelancer(em());
      const morning = await insertTodayJob(em(), restaurant, { status: 'assigned' });
      const evening = await insertTodayJob(em(), restaurant, {
        status: 'assigned',
        startTime: '15:00',
        endTime: '21:00',
      });
      const setup = em();
      setup.create(Assignment, { job: morning.id, freelancer: freelancer.id, status: 'assigned' });
      setup.create(Assignment, { job: evening.id, freelancer: freelancer.id, status: 'assigned' });
      await setup.flush();

      await expectRefusal(
        editJob(em(), admin, { jobId: evening.id, startTime: '13:00' }, NOW),
        409,
        MESSAGES.applications.scheduleConflict,
      );
      expect(await em().findOneOrFail(Job, { id: evening.id })).toMatchObject({ startTime: '15:00' });
      await expect(
        editJob(em(), admin, { jobId: evening.id, startTime: '14:00' }, NOW),
      ).resolves.toMatchObject({
        endTime: '20:00',
      });
    });
  });

  describe('deleteJob', () => {
    it("lets a restaurant delete its own open job, and hides other restaurants' jobs (404)", async () => {
      const restaurant = await insertRestaurant(em());
      const other = await insertRestaurant(em());
      const job = await insertTodayJob(em(), restaurant);
      const othersJob = await insertTodayJob(em(), other);

      await expectRefusal(
        deleteJob(em(), asRestaurant(restaurant), othersJob.id),
        404,
        MESSAGES.jobs.notFound,
      );
      await expect(deleteJob(em(), asRestaurant(restaurant), job.id)).resolves.toEqual({
        jobId: job.id,
        deleted: true,
      });
      expect(await em().count(Job, { id: [job.id, othersJob.id] })).toBe(1);
      await expectRefusal(deleteJob(em(), asRestaurant(restaurant), job.id), 404, MESSAGES.jobs.notFound);
    });

    it('refuses a restaurant deleting an assigned or completed job', async () => {
      const restaurant = await insertRestaurant(em());
      const assigned = await insertTodayJob(em(), restaurant, { status: 'assigned' });
      const completed = await insertTodayJob(em(), restaurant, { status: 'completed' });
      const actor = asRestaurant(restaurant);

      await expectRefusal(deleteJob(em(), actor, assigned.id), 409, MESSAGES.jobs.notOpen);
      await expectRefusal(deleteJob(em(), actor, completed.id), 409, MESSAGES.jobs.completedCannotBeDeleted);
    });

    it('lets an admin delete any job except one whose work is invoiced', async () => {
      const restaurant = await insertRestaurant(em());
      const freelancer = await insertFreelancer(em());
      const setup = em();
      const billedJob = await insertJob(setup, restaurant, { status: 'completed' });
      const billed = await insertCompletedAssignment(setup, billedJob, freelancer);
      await insertInvoiceOf(setup, billed, billedJob);
      const unbilledJob = await insertJob(setup, restaurant, { status: 'completed' });
      const unbilled = await insertCompletedAssignment(setup, unbilledJob, freelancer);

      await expectRefusal(deleteJob(em(), admin, billedJob.id), 409, MESSAGES.jobs.billedCannotBeDeleted);
      await expect(deleteJob(em(), admin, unbilledJob.id)).resolves.toEqual({
        jobId: unbilledJob.id,
        deleted: true,
      });
      expect(await em().count(Assignment, { id: [billed.id, unbilled.id] })).toBe(1);
      expect(await em().findOneOrFail(Freelancer, { id: freelancer.id })).toMatchObject({ totalJobs: 1 });
    });
  });
});
