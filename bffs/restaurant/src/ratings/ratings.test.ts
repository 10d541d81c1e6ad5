import { RestaurantAgendaPageSchema } from '@turno/contracts';
import { MESSAGES, addDays, saoPauloDate } from '@turno/domain';
import { Restaurant } from '@turno/core';
import {
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
} from '@turno/core/testing';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/**
 * The restaurant panel's ratings (issue 8) through the real domain services on PostgreSQL:
 * POST /api/ratings and the agenda's `can_rate`.
 */

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
let own: Restaurant;
const today = saoPauloDate(new Date());

beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.restaurant);
  own = await bff.db.orm.em.fork().findOneOrFail(Restaurant, { id: roles.restaurant.restaurantId });
});
afterAll(() => bff.close());

const send = (method: 'POST' | 'PUT', path: string, json: unknown) =>
  bff.request(path, { method, cookie, json });
const agendaOf = async (date: string) =>
  RestaurantAgendaPageSchema.parse(
    (await bff.request(`/api/jobs?date=${date}&status=completed&limit=200`, { cookie })).body,
  );
const ratingCount = async (assignmentId: number) =>
  Number(
    (
      await bff.db.orm.em
        .fork()
        .getConnection()
        .execute<{ n: string }[]>('select count(*) as n from ratings where assignment_id = ?', [assignmentId])
    )[0]!.n,
  );

describe('POST /api/ratings and the agenda’s can_rate', () => {
  it('rates a completed shift once, with the exact messages for bad stars and long comments', async () => {
    const em = bff.db.orm.em.fork();
    const freelancer = await insertFreelancer(em);
    const job = await insertJob(em, own, { dateNeeded: today, status: 'completed' });
    const assignment = await insertCompletedAssignment(em, job, freelancer);
    const row = () => agendaOf(today).then((page) => page.items.find((item) => item.id === job.id));
    expect((await row())?.can_rate).toBe(true);

    for (const rating of [0, 6, 2.5]) {
      expect(await send('POST', '/api/ratings', { assignmentId: assignment.id, rating })).toMatchObject({
        status: 400,
        body: { error: MESSAGES.ratings.starsRequired },
      });
    }
    const long = await send('POST', '/api/ratings', {
      assignmentId: assignment.id,
      rating: 4,
      comment: 'x'.repeat(501),
    });
    expect(long).toMatchObject({
      status: 400,
      body: { error: MESSAGES.ratings.commentTooLong },
    });
    expect(await ratingCount(assignment.id)).toBe(0);

    const rated = await send('POST', '/api/ratings', {
      assignmentId: assignment.id,
      rating: 4,
      comment: 'Pontual e atenciosa',
    });
    expect(rated).toMatchObject({
      status: 201,
      body: { success: true, message: MESSAGES.ratings.submitted, assignmentId: assignment.id, rating: 4 },
    });
    expect(await send('POST', '/api/ratings', { assignmentId: assignment.id, rating: 5 })).toMatchObject({
      status: 409,
      body: { error: MESSAGES.ratings.alreadyRated },
    });
    expect(await ratingCount(assignment.id)).toBe(1);
    expect((await row())?.can_rate).toBe(false);
  });

  it('refuses a shift completed more than 30 days ago and another business’s shift', async () => {
    const em = bff.db.orm.em.fork();
    const freelancer = await insertFreelancer(em);
    const oldDay = addDays(today, -31);
    const oldJob = await insertJob(em, own, { dateNeeded: oldDay, status: 'completed' });
    const old = await insertCompletedAssignment(em, oldJob, freelancer, {
      completedAt: new Date(Date.now() - 31 * 86_400_000),
    });
    expect((await agendaOf(oldDay)).items.find((item) => item.id === oldJob.id)?.can_rate).toBe(false);
    expect(await send('POST', '/api/ratings', { assignmentId: old.id, rating: 5 })).toMatchObject({
      status: 409,
      body: { error: MESSAGES.ratings.windowClosed },
    });

    const other = await insertRestaurant(em);
    const foreign = await insertCompletedAssignment(em, await insertJob(em, other), freelancer);
    expect(await send('POST', '/api/ratings', { assignmentId: foreign.id, rating: 5 })).toMatchObject({
      status: 404,
    });
    expect(await ratingCount(foreign.id)).toBe(0);
  });
});
