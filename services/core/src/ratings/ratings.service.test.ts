import { MESSAGES } from '@turno/domain';
import { Freelancer, Rating } from '../model';
import {
  createTestDatabase,
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
  type TestDatabase,
} from '../testing';
import { rateAssignment } from './ratings.service';
import {
  DAY,
  NOW,
  admin,
  asFreelancer,
  asRestaurant,
  at,
  expectRefusal,
  insertTodayJob,
} from '../shared/test-kit';
import { assignFreelancer } from '../workflows/staffing.service';

describe('ratings service', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  /** A shift completed at NOW by a new freelancer at a new restaurant. */
  async function completedShift() {
    const setup = em();
    const restaurant = await insertRestaurant(setup);
    const freelancer = await insertFreelancer(setup);
    const job = await insertJob(setup, restaurant, { status: 'completed' });
    const assignment = await insertCompletedAssignment(setup, job, freelancer, { completedAt: NOW });
    return { restaurant, freelancer, job, assignment };
  }

  it('lets each party rate the other once; restaurant ratings make the freelancer average', async () => {
    const { restaurant, freelancer, assignment } = await completedShift();
    const secondJob = await insertJob(em(), restaurant, { status: 'completed' });
    const second = await insertCompletedAssignment(
      em(),
      secondJob,
      await em().findOneOrFail(Freelancer, freelancer.id),
      {
        completedAt: NOW,
      },
    );
    const business = asRestaurant(restaurant);

    const result = await rateAssignment(
      em(),
      business,
      { assignmentId: assignment.id, rating: 5, comment: '  Ótima  ' },
      at(DAY),
    );
    expect(result).toEqual({
      ratingId: expect.any(Number),
      assignmentId: assignment.id,
      raterType: 'restaurant',
      rating: 5,
    });
    await rateAssignment(em(), business, { assignmentId: second.id, rating: 4 }, at(DAY));
    await rateAssignment(em(), asFreelancer(freelancer), { assignmentId: assignment.id, rating: 2 }, at(DAY));

    expect(await em().findOneOrFail(Freelancer, { id: freelancer.id })).toMatchObject({ rating: 4.5 });
    expect(await em().findOneOrFail(Rating, { id: result.ratingId })).toMatchObject({
      raterType: 'restaurant',
      rating: 5,
      comment: 'Ótima',
    });
    expect(await em().count(Rating, { assignment: assignment.id })).toBe(2);
    await expectRefusal(
      rateAssignment(em(), business, { assignmentId: assignment.id, rating: 1 }, at(DAY)),
      409,
      MESSAGES.ratings.alreadyRated,
    );
  });

  it('keeps one rating per side under concurrent submits', async () => {
    const { restaurant, assignment } = await completedShift();
    const outcomes = await Promise.allSettled(
      [5, 3].map((rating) =>
        rateAssignment(em(), asRestaurant(restaurant), { assignmentId: assignment.id, rating }, at(DAY)),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({
      reason: { status: 409, message: MESSAGES.ratings.alreadyRated },
    });
    expect(await em().count(Rating, { assignment: assignment.id })).toBe(1);
  });

  it('allows rating up to 30 days after completion, not later', async () => {
    const late = await completedShift();
    const onTime = await completedShift();
    await expectRefusal(
      rateAssignment(
        em(),
        asRestaurant(late.restaurant),
        { assignmentId: late.assignment.id, rating: 4 },
        at(30 * DAY + 1),
      ),
      409,
      MESSAGES.ratings.windowClosed,
    );
    await expect(
      rateAssignment(
        em(),
        asRestaurant(onTime.restaurant),
        { assignmentId: onTime.assignment.id, rating: 4 },
        at(30 * DAY),
      ),
    ).resolves.toMatchObject({ rating: 4 });
  });

  it('refuses invalid stars and long comments', async () => {
    const { restaurant, assignment } = await completedShift();
    const rate = (rating: number, comment?: string) =>
      rateAssignment(em(), asRestaurant(restaurant), { assignmentId: assignment.id, rating, comment }, NOW);
    for (const stars of [0, 6, 2.5, Number.NaN]) {
      await expectRefusal(rate(stars), 400, MESSAGES.ratings.starsRequired);
    }
    await expectRefusal(rate(3, 'x'.repeat(501)), 400, MESSAGES.ratings.commentTooLong);
    await expect(rate(3, 'x'.repeat(500))).resolves.toMatchObject({ rating: 3 });
  });

  it('refuses work not completed, parties who were not there (404) and admins', async () => {
    const { restaurant, freelancer, assignment } = await completedShift();
    const open = await insertTodayJob(em(), restaurant);
    const { assignmentId } = await assignFreelancer(
      em(),
      admin,
      { jobId: open.id, freelancerId: (await insertFreelancer(em())).id },
      NOW,
    );

    await expectRefusal(
      rateAssignment(em(), asRestaurant(restaurant), { assignmentId, rating: 5 }, NOW),
      409,
      MESSAGES.ratings.notCompleted,
    );
    await expectRefusal(
      rateAssignment(
        em(),
        asRestaurant(await insertRestaurant(em())),
        { assignmentId: assignment.id, rating: 5 },
        NOW,
      ),
      404,
      MESSAGES.assignments.notFound,
    );
    await expectRefusal(
      rateAssignment(
        em(),
        asFreelancer(await insertFreelancer(em())),
        { assignmentId: assignment.id, rating: 5 },
        NOW,
      ),
      404,
      MESSAGES.assignments.notFound,
    );
    await expectRefusal(
      rateAssignment(em(), admin, { assignmentId: assignment.id, rating: 5 }, NOW),
      403,
      MESSAGES.common.forbidden,
    );
    expect(await em().findOneOrFail(Freelancer, { id: freelancer.id })).toMatchObject({ rating: null });
  });
});
