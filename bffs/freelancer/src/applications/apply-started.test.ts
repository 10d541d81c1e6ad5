import { insertJob, insertRestaurant } from '@turno/core/testing';
import { MESSAGES, addDays, saoPauloDate } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { createFreelancerBff } from '../app';

/**
 * POST /api/jobs/:id/apply on a shift that has started (issue 22: "Hoje 05:00" applied to at 10:10):
 * a pt-BR 409 and no application. Today at 00:00 has always started in Sao Paulo, whatever the hour
 * the test runs; five days ahead never has.
 */
let bff: TestBff;
let cookie: string;
beforeAll(async () => {
  bff = await startBffForTest(createFreelancerBff);
  cookie = await bff.sessionCookie((await walkRoles(bff.db.orm.em)).freelancer);
});
afterAll(() => bff.close());

const applications = async (jobId: number) =>
  Number(
    (
      await bff.db.orm.em
        .fork()
        .getConnection()
        .execute<{ n: string }[]>('select count(*) as n from applications where job_id = ?', [jobId])
    )[0]?.n,
  );

describe('POST /api/jobs/:id/apply', () => {
  it('refuses a shift that has started with a pt-BR 409, and takes one that has not', async () => {
    const em = bff.db.orm.em.fork();
    const restaurant = await insertRestaurant(em);
    const today = saoPauloDate(new Date());
    const started = await insertJob(em, restaurant, {
      dateNeeded: today,
      startTime: '00:00',
      endTime: '06:00',
    });
    const refused = await bff.request(`/api/jobs/${started.id}/apply`, { method: 'POST', cookie, json: {} });
    expect(refused).toMatchObject({ status: 409, body: { error: MESSAGES.applications.shiftStarted } });
    expect(await applications(started.id)).toBe(0);

    // The same hours five days ahead: far from the demo freelancer's shifts (all around today).
    const ahead = await insertJob(em, restaurant, {
      dateNeeded: addDays(today, 5),
      startTime: '00:00',
      endTime: '06:00',
    });
    const taken = await bff.request(`/api/jobs/${ahead.id}/apply`, { method: 'POST', cookie, json: {} });
    expect(taken.status).toBe(201);
    expect(await applications(ahead.id)).toBe(1);
  });
});
