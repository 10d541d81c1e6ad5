import {
  BlockedFreelancerListSchema,
  PickableFreelancerListSchema,
  RestaurantAgendaPageSchema,
  RestaurantProfileSchema,
} from '@turno/contracts';
import { MESSAGES, addDays, saoPauloDate } from '@turno/domain';
import { Restaurant } from '@turno/core';
import {
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
} from '@turno/core/testing';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createRestaurantBff } from './app';

/**
 * The restaurant panel's ratings, Bloqueios and Perfil calls (issue 8) through the real domain
 * services on PostgreSQL: POST /api/ratings, the agenda's `can_rate`, GET /api/freelancers,
 * GET /api/restaurant/blocked-freelancers, POST …/block-freelancer and …/unblock-freelancer,
 * PUT /api/restaurant/profile.
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

describe('PUT /api/restaurant/profile', () => {
  it('saves the profile, clears empty optional fields and refuses bad input with nothing changed', async () => {
    const read = async () =>
      RestaurantProfileSchema.parse((await bff.request('/api/restaurant/profile', { cookie })).body);
    const before = await read();
    for (const [json, error] of [
      [{ name: ' ', businessName: 'X' }, MESSAGES.restaurants.nameRequired],
      [{ name: 'X', businessName: '' }, MESSAGES.restaurants.businessNameRequired],
      [{ name: 'X', businessName: 'Y', phone: '0123' }, MESSAGES.validation.invalidPhone],
      [
        { name: 'X', businessName: 'Y', cuisineType: 'Pizzaria' },
        MESSAGES.validation.invalidEstablishmentType,
      ],
    ] as const) {
      expect(await send('PUT', '/api/restaurant/profile', json)).toMatchObject({
        status: 400,
        body: { error },
      });
    }
    expect(await read()).toEqual(before);

    const saved = await send('PUT', '/api/restaurant/profile', {
      name: 'Marcos Almeida Jr.',
      businessName: 'Supermercado Bom Preço Centro',
      phone: '(11) 98765-4321',
      address: 'Rua Augusta, Consolação, São Paulo - SP',
      addressNumber: '1200',
      cuisineType: 'Padaria',
      contactPerson: '',
    });
    expect(saved.status).toBe(200);
    expect(RestaurantProfileSchema.parse(saved.body)).toMatchObject({
      name: 'Marcos Almeida Jr.',
      business_name: 'Supermercado Bom Preço Centro',
      phone: '11987654321',
      address_number: '1200',
      cuisine_type: 'Padaria',
      contact_person: null,
    });
    // Put the demo business back as it was for the other tests of this file.
    await send('PUT', '/api/restaurant/profile', {
      name: before.name,
      businessName: before.business_name,
      phone: before.phone,
      address: before.address,
      addressNumber: before.address_number,
      cuisineType: before.cuisine_type,
      contactPerson: before.contact_person,
    });
  });
});
