import { MESSAGES } from '@turno/domain';
import { Application, Block } from '../model';
import { listOpenJobsPage } from '../jobs/jobs.queries';
import { createTestDatabase, insertFreelancer, insertRestaurant, type TestDatabase } from '../testing';
import { blockFreelancer, unblockFreelancer } from './blocks.service';
import {
  HOUR,
  NOW,
  admin,
  asFreelancer,
  asRestaurant,
  at,
  expectRefusal,
  insertEligibleFreelancer,
  insertPendingApplication,
  insertTodayJob,
} from '../shared/test-kit';
import { applyToJob } from '../workflows/staffing.service';

describe('blocks service', () => {
  /** The vacancies a freelancer sees (one page is all of them here), at 07:00: before today's starts. */
  const openJobs = async (freelancerId: number) =>
    (await listOpenJobsPage(em(), freelancerId, { limit: 200 }, { now: at(-2 * HOUR) })).items;
  let db: TestDatabase;
  const em = () => db.orm.em.fork();

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it("a block rejects the freelancer's pending applications there; they neither see nor apply to its jobs", async () => {
    const restaurant = await insertRestaurant(em());
    const elsewhere = await insertRestaurant(em());
    const freelancer = await insertEligibleFreelancer(em());
    const [jobA, jobB, otherJob] = [
      await insertTodayJob(em(), restaurant),
      await insertTodayJob(em(), restaurant, { startTime: '15:00', endTime: '21:00' }),
      await insertTodayJob(em(), elsewhere),
    ];
    const pendingHere = await insertPendingApplication(em(), jobA, freelancer);
    const pendingElsewhere = await insertPendingApplication(em(), otherJob, freelancer);
    const someoneElse = await insertPendingApplication(em(), jobA, await insertEligibleFreelancer(em()));
    const seenBefore = await openJobs(freelancer.id);
    expect(seenBefore.map((job) => job.id)).toEqual(expect.arrayContaining([jobA.id, jobB.id, otherJob.id]));

    const result = await blockFreelancer(
      em(),
      asRestaurant(restaurant),
      { freelancerId: freelancer.id, reason: '  Faltou sem avisar  ' },
      at(5 * 60_000),
    );

    expect(result).toEqual({
      blockId: expect.any(Number),
      freelancerId: freelancer.id,
      restaurantId: restaurant.id,
      rejectedApplications: 1,
    });
    const read = em();
    expect(await read.findOneOrFail(Block, { id: result.blockId })).toMatchObject({
      blockedBy: 'restaurant',
      blockReason: 'Faltou sem avisar',
    });
    expect(await read.findOneOrFail(Application, { id: pendingHere.id })).toMatchObject({
      status: 'rejected',
      reviewedAt: at(5 * 60_000),
    });
    expect(await read.findOneOrFail(Application, { id: pendingElsewhere.id })).toMatchObject({
      status: 'pending',
    });
    expect(await read.findOneOrFail(Application, { id: someoneElse.id })).toMatchObject({
      status: 'pending',
    });

    const seen = (await openJobs(freelancer.id)).map((job) => job.id);
    expect(seen).toContain(otherJob.id);
    expect(seen).not.toContain(jobA.id);
    expect(seen).not.toContain(jobB.id);
    await expectRefusal(
      applyToJob(em(), asFreelancer(freelancer), { jobId: jobB.id }, NOW),
      403,
      MESSAGES.applications.blocked,
    );
    expect(await em().count(Application, { job: jobB.id })).toBe(0);
  });

  it('refuses blocking twice, unapproved freelancers for a restaurant, and missing choices', async () => {
    const restaurant = await insertRestaurant(em());
    const freelancer = await insertFreelancer(em());
    const pending = await insertFreelancer(em(), { isApproved: false });
    const actor = asRestaurant(restaurant);
    await blockFreelancer(em(), actor, { freelancerId: freelancer.id }, NOW);

    await expectRefusal(
      blockFreelancer(em(), actor, { freelancerId: freelancer.id }, NOW),
      409,
      MESSAGES.blocks.alreadyBlocked,
    );
    await expectRefusal(
      blockFreelancer(em(), actor, { freelancerId: pending.id }, NOW),
      404,
      MESSAGES.freelancers.notFound,
    );
    await expectRefusal(blockFreelancer(em(), actor, {}, NOW), 400, MESSAGES.blocks.selectFreelancer);
    await expectRefusal(
      blockFreelancer(em(), admin, { freelancerId: freelancer.id }, NOW),
      400,
      MESSAGES.blocks.selectFreelancerAndRestaurant,
    );
    await expectRefusal(
      blockFreelancer(em(), asFreelancer(freelancer), { freelancerId: freelancer.id }, NOW),
      403,
      MESSAGES.common.forbidden,
    );
  });

  it('lets an admin block any freelancer at any restaurant', async () => {
    const restaurant = await insertRestaurant(em(), { isApproved: false });
    const rejected = await insertFreelancer(em(), { isApproved: false, isAvailable: false });

    const result = await blockFreelancer(
      em(),
      admin,
      { freelancerId: rejected.id, restaurantId: restaurant.id },
      NOW,
    );

    expect(await em().findOneOrFail(Block, { id: result.blockId })).toMatchObject({
      blockedBy: 'admin',
      blockReason: null,
    });
    await expectRefusal(
      blockFreelancer(em(), admin, { freelancerId: rejected.id, restaurantId: 999_999 }, NOW),
      404,
      MESSAGES.restaurants.notFound,
    );
  });

  it("unblocks: a restaurant its own blocks but not the admin's, an admin any; the jobs show again", async () => {
    const restaurant = await insertRestaurant(em());
    const byRestaurant = await insertEligibleFreelancer(em());
    const byAdmin = await insertEligibleFreelancer(em());
    const job = await insertTodayJob(em(), restaurant);
    const actor = asRestaurant(restaurant);
    await blockFreelancer(em(), actor, { freelancerId: byRestaurant.id }, NOW);
    await blockFreelancer(em(), admin, { freelancerId: byAdmin.id, restaurantId: restaurant.id }, NOW);

    await expect(unblockFreelancer(em(), actor, { freelancerId: byRestaurant.id })).resolves.toMatchObject({
      removed: true,
    });
    expect((await openJobs(byRestaurant.id)).map((open) => open.id)).toContain(job.id);
    await expectRefusal(
      unblockFreelancer(em(), actor, { freelancerId: byRestaurant.id }),
      404,
      MESSAGES.blocks.notFound,
    );
    await expectRefusal(
      unblockFreelancer(em(), actor, { freelancerId: byAdmin.id }),
      403,
      MESSAGES.blocks.adminBlockCannotBeRemoved,
    );
    await expect(
      unblockFreelancer(em(), admin, { freelancerId: byAdmin.id, restaurantId: restaurant.id }),
    ).resolves.toMatchObject({ removed: true });
    expect(await em().count(Block, { restaurant: restaurant.id })).toBe(0);
  });

  it('a block and an application sent at the same time never leave a pending application behind', async () => {
    for (let round = 0; round < 5; round++) {
      const restaurant = await insertRestaurant(em());
      const freelancer = await insertEligibleFreelancer(em());
      const job = await insertTodayJob(em(), restaurant);

      await Promise.allSettled([
        applyToJob(em(), asFreelancer(freelancer), { jobId: job.id }, NOW),
        blockFreelancer(em(), asRestaurant(restaurant), { freelancerId: freelancer.id }, NOW),
      ]);

      expect(await em().count(Block, { freelancer: freelancer.id })).toBe(1);
      expect(await em().count(Application, { job: job.id, status: 'pending' })).toBe(0);
    }
  });
});
