import { FreelancerStrikesSchema, StrikeAppealResponseSchema } from '@turno/contracts';
import { Assignment, Restaurant } from '@turno/core';
import { insertFreelancer, insertJob } from '@turno/core/testing';
import { MESSAGES, saoPauloDate } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createFreelancerBff } from '../app';

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
let market: Restaurant;

beforeAll(async () => {
  bff = await startBffForTest(createFreelancerBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.freelancer);
  market = await bff.db.orm.em.fork().findOneOrFail(Restaurant, { id: roles.restaurant.restaurantId });
});
afterAll(() => bff.close());

const DAY = 24 * 3600_000;

/** A no-show strike of `freelancerId` given `daysAgo` days ago; its id. */
async function strikeOf(freelancerId: number, daysAgo: number): Promise<number> {
  const em = bff.db.orm.em.fork();
  const given = new Date(Date.now() - daysAgo * DAY);
  const job = await insertJob(em, market, { dateNeeded: saoPauloDate(given), status: 'cancelled' });
  const assignment = em.create(Assignment, { job, freelancer: freelancerId, status: 'cancelled' });
  await em.flush();
  const [row] = await em.getConnection().execute<{ id: number }[]>(
    `insert into freelancer_strikes (freelancer_id, assignment_id, reason, created_at, expires_at)
     values (?, ?, 'no_show', ?, ?) returning id`,
    [freelancerId, assignment.id, given, new Date(given.getTime() + 90 * DAY)],
  );
  return row!.id;
}

const appeal = (id: number | string, json: unknown, as = cookie) =>
  bff.request(`/api/freelancers/strikes/${id}/appeal`, { method: 'POST', cookie: as, json });

describe('GET /api/freelancers/strikes and POST /api/freelancers/strikes/:id/appeal', () => {
  it('lists the strikes with their appeal state and takes one appeal', async () => {
    const id = await strikeOf(roles.freelancer.freelancerId, 1);
    const listed = FreelancerStrikesSchema.parse(
      (await bff.request('/api/freelancers/strikes', { cookie })).body,
    );
    expect(listed.items.find((strike) => strike.id === id)).toMatchObject({
      reason: 'no_show',
      active: true,
      can_appeal: true,
      appeal_status: null,
    });
    expect(listed.reliability).toEqual(expect.objectContaining({ score: expect.anything() }));

    const sent = await appeal(id, { text: 'O ônibus quebrou no caminho' });
    expect(sent.status).toBe(200);
    expect(StrikeAppealResponseSchema.parse(sent.body)).toMatchObject({
      message: MESSAGES.reliability.appealSent,
      strike: { id, appeal_status: 'pending', can_appeal: false },
    });
    // A retry of the same appeal answers the same; another one is a 409.
    expect((await appeal(id, { text: 'O ônibus quebrou no caminho' })).status).toBe(200);
    expect(await appeal(id, { text: 'Outro recurso qualquer' })).toMatchObject({
      status: 409,
      body: { error: MESSAGES.reliability.alreadyAppealed },
    });
  });

  it('answers bad input with a pt-BR 400', async () => {
    const id = await strikeOf(roles.freelancer.freelancerId, 1);
    for (const body of [{ text: 'abc' }, { text: 'x'.repeat(1001) }, {}, { text: 42 }]) {
      expect(await appeal(id, body)).toMatchObject({
        status: 400,
        body: { error: expect.stringContaining(MESSAGES.reliability.appealTextLength) },
      });
    }
    expect((await appeal('abc', { text: 'Texto válido' })).status).toBe(400);
  });

  it("refuses another freelancer's strike (404) and an appeal after 7 days (409)", async () => {
    const other = await insertFreelancer(bff.db.orm.em.fork());
    const foreign = await strikeOf(other.id, 1);
    expect(await appeal(foreign, { text: 'Não é minha ocorrência' })).toMatchObject({
      status: 404,
      body: { error: MESSAGES.reliability.strikeNotFound },
    });
    const old = await strikeOf(roles.freelancer.freelancerId, 8);
    expect(await appeal(old, { text: 'Passou do prazo' })).toMatchObject({
      status: 409,
      body: { error: MESSAGES.reliability.appealWindowClosed },
    });
  });
});
