import { BlockedFreelancerListSchema, PickableFreelancerListSchema } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { Restaurant } from '@turno/core';
import { insertCompletedAssignment, insertFreelancer, insertJob } from '@turno/core/testing';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/**
 * The restaurant panel's Bloqueios (issue 8) through the real domain services on PostgreSQL:
 * GET /api/freelancers, GET /api/restaurant/blocked-freelancers, POST …/block-freelancer and
 * …/unblock-freelancer.
 */

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
let own: Restaurant;

beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.restaurant);
  own = await bff.db.orm.em.fork().findOneOrFail(Restaurant, { id: roles.restaurant.restaurantId });
});
afterAll(() => bff.close());

const send = (method: 'POST' | 'PUT', path: string, json: unknown) =>
  bff.request(path, { method, cookie, json });

describe('Bloqueios', () => {
  it('offers only approved freelancers who applied to or worked at the business, blocks and unblocks them', async () => {
    const em = bff.db.orm.em.fork();
    const worked = await insertFreelancer(em, { name: 'Júlia Bloqueável' });
    await insertCompletedAssignment(em, await insertJob(em, own), worked);
    const stranger = await insertFreelancer(em, { name: 'Júlia Desconhecida' });
    const unapproved = await insertFreelancer(em, { name: 'Júlia Pendente', isApproved: false });
    await insertCompletedAssignment(em, await insertJob(em, own), unapproved);

    const pick = async (q: string) =>
      PickableFreelancerListSchema.parse(
        (await bff.request(`/api/freelancers?q=${encodeURIComponent(q)}`, { cookie })).body,
      ).items.map((item) => item.name);
    expect(await pick('julia')).toEqual(['Júlia Bloqueável']);

    expect(
      await send('POST', '/api/restaurant/block-freelancer', { freelancerId: stranger.id }),
    ).toMatchObject({
      status: 404,
      body: { error: MESSAGES.freelancers.notFound },
    });
    expect(await send('POST', '/api/restaurant/block-freelancer', { freelancerId: 'x' })).toMatchObject({
      status: 400,
    });
    const blocked = await send('POST', '/api/restaurant/block-freelancer', {
      freelancerId: worked.id,
      blockReason: 'Faltou sem avisar',
    });
    expect(blocked).toMatchObject({ status: 201, body: { freelancerId: worked.id } });
    expect(await send('POST', '/api/restaurant/block-freelancer', { freelancerId: worked.id })).toMatchObject(
      {
        status: 409,
        body: { error: MESSAGES.blocks.alreadyBlocked },
      },
    );
    const list = BlockedFreelancerListSchema.parse(
      (await bff.request('/api/restaurant/blocked-freelancers', { cookie })).body,
    );
    expect(list.items[0]).toMatchObject({
      freelancer_id: worked.id,
      freelancer_name: 'Júlia Bloqueável',
      block_reason: 'Faltou sem avisar',
      blocked_by: 'restaurant',
    });
    expect(await pick('julia')).toEqual([]);

    expect(
      await send('POST', '/api/restaurant/unblock-freelancer', { freelancerId: worked.id }),
    ).toMatchObject({
      status: 200,
      body: { removed: true },
    });
    expect(
      await send('POST', '/api/restaurant/unblock-freelancer', { freelancerId: worked.id }),
    ).toMatchObject({
      status: 404,
      body: { error: MESSAGES.blocks.notFound },
    });
    expect(await pick('julia')).toEqual(['Júlia Bloqueável']);
  });
});
