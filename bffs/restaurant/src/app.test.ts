import { RestaurantJobsPageSchema } from '@turno/contracts';
import { MESSAGES, saoPauloDate } from '@turno/domain';
import { Restaurant, Store, blockFreelancer, inviteMember, recordEvent, OWNER_MEMBERSHIP } from '@turno/core';
import {
  insertBusinessMember,
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
} from '@turno/core/testing';
import {
  foreignIdResolver,
  foreignRows,
  startBffForTest,
  walkRoles,
  walkRoutes,
  type TestBff,
  type WalkRoles,
} from '@turno/bff-kit/testing';
import { createRestaurantBff, routes } from './app';

let bff: TestBff;
let roles: WalkRoles;
beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
  roles = await walkRoles(bff.db.orm.em);
});
afterAll(() => bff.close());

describe('restaurant BFF', () => {
  it("answers one page of the signed-in restaurant's agenda, with its counts, as its contract says", async () => {
    const cookie = await bff.sessionCookie(roles.restaurant);
    const { status, body } = await bff.request('/api/jobs?period=month&limit=5', { cookie });
    expect(status).toBe(200);
    const page = RestaurantJobsPageSchema.parse(body);
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.length).toBeLessThanOrEqual(5);
    expect(page.total).toBe(page.counts.all);
    expect(new Set(page.items.map((job) => job.restaurant_name))).toEqual(
      new Set(['Supermercado Bom Preço']),
    );
    const open = RestaurantJobsPageSchema.parse(
      (await bff.request('/api/jobs?period=month&status=open&limit=200', { cookie })).body,
    );
    expect(open.items.every((job) => job.status === 'open')).toBe(true);
    expect(open.total).toBe(page.counts.open);
  });

  it("never shows another restaurant's vacancies", async () => {
    const em = bff.db.orm.em.fork();
    const other = await insertRestaurant(em, { businessName: 'Mercado Vizinho' });
    await insertJob(em, other, { dateNeeded: new Date().toISOString().slice(0, 10) });
    const cookie = await bff.sessionCookie({
      role: 'restaurant',
      restaurantId: other.id,
      userId: other.user.id,
      member: OWNER_MEMBERSHIP,
    });
    const page = RestaurantJobsPageSchema.parse(
      (await bff.request('/api/jobs?period=month', { cookie })).body,
    );
    expect(page.items.map((job) => job.restaurant_name)).toEqual(['Mercado Vizinho']);
  });

  it('refuses a bad filter or page in pt-BR', async () => {
    const cookie = await bff.sessionCookie(roles.restaurant);
    for (const query of [
      'period=year',
      'status=late',
      'limit=201',
      'limit=0',
      'date=23/11/2026',
      `q=${'x'.repeat(101)}`,
    ]) {
      const { status, body } = await bff.request(`/api/jobs?${query}`, { cookie });
      expect({ query, status }).toEqual({ query, status: 400 });
      expect((body as { error: string }).error).toMatch(/[a-zà-ú]/);
    }
    expect(await bff.request('/api/jobs?cursor=bm9wZQ', { cookie })).toMatchObject({
      status: 400,
      body: { error: MESSAGES.validation.invalidCursor },
    });
  });

  it('answers 304 to a poll that saw this version, and a new body once an event of this restaurant is recorded', async () => {
    const cookie = await bff.sessionCookie(roles.restaurant);
    const first = await bff.request('/api/jobs', { cookie });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"\d+-[\w-]{22}"$/);
    const again = await bff.request('/api/jobs', { cookie, headers: { 'if-none-match': etag ?? '' } });
    expect(again).toMatchObject({ status: 304, body: undefined });
    expect(again.headers.get('etag')).toBe(etag);
    // Another filter is another answer.
    const other = await bff.request('/api/jobs?status=open', {
      cookie,
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(other.status).toBe(200);

    // An event of another restaurant changes nothing here; one of this restaurant does.
    const record = (restaurantId: number) =>
      bff.db.orm.em
        .fork()
        .transactional((tx) => recordEvent(tx, { type: 'job_updated', restaurantId, payload: {} }));
    await record(roles.restaurant.restaurantId + 1000);
    expect(
      (await bff.request('/api/jobs', { cookie, headers: { 'if-none-match': etag ?? '' } })).status,
    ).toBe(304);
    await record(roles.restaurant.restaurantId);
    const changed = await bff.request('/api/jobs', { cookie, headers: { 'if-none-match': etag ?? '' } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('needs a restaurant session', async () => {
    expect(await bff.request('/api/jobs')).toMatchObject({
      status: 401,
      body: { error: MESSAGES.common.unauthenticated },
    });
    const freelancer = await bff.sessionCookie(roles.freelancer);
    expect(await bff.request('/api/jobs', { cookie: freelancer })).toMatchObject({
      status: 403,
      body: { error: MESSAGES.common.forbidden },
    });
  });

  it('guards every route: no session 401, other roles 403, cross-site changes 403, other owners 404', async () => {
    // The freelancer ids of Bloqueios: one who worked here (may be blocked), one blocked here (may be
    // unblocked), and for each one that belongs to another business (never worked here / blocked elsewhere).
    const em = bff.db.orm.em.fork();
    const own = await em.findOneOrFail(Restaurant, { id: roles.restaurant.restaurantId });
    const elsewhere = await insertRestaurant(em, { businessName: 'Mercado da Walk' });
    const workedHere = await insertFreelancer(em);
    await insertCompletedAssignment(em, await insertJob(em, own), workedHere);
    const stranger = await insertFreelancer(em);
    const blockedHere = await insertFreelancer(em);
    await insertCompletedAssignment(em, await insertJob(em, own), blockedHere);
    await blockFreelancer(em.fork(), roles.restaurant, { freelancerId: blockedHere.id });
    const blockedElsewhere = await insertFreelancer(em);
    await blockFreelancer(
      em.fork(),
      { role: 'admin', adminId: roles.admin.adminId },
      {
        freelancerId: blockedElsewhere.id,
        restaurantId: elsewhere.id,
      },
    );
    const ownStore = await em.findOneOrFail(Store, { restaurant: own.id });
    const storeElsewhere = await em.findOneOrFail(Store, { restaurant: elsewhere.id });
    // The team's rows (issue 28): an open invitation and a manager here, and at another business.
    const ownerOf = (restaurant: typeof own) => ({
      role: 'restaurant' as const,
      restaurantId: restaurant.id,
      userId: restaurant.user.id,
      member: OWNER_MEMBERSHIP,
    });
    const inviteHere = await inviteMember(em.fork(), ownerOf(own), {
      email: 'walk@example.com',
      role: 'manager',
      storeIds: [ownStore.id],
    });
    const inviteElsewhere = await inviteMember(em.fork(), ownerOf(elsewhere), {
      email: 'walk@example.com',
      role: 'manager',
      storeIds: [storeElsewhere.id],
    });
    const memberHere = await insertBusinessMember(em, own, 'manager', [ownStore.id]);
    const memberElsewhere = await insertBusinessMember(em, elsewhere, 'manager', [storeElsewhere.id]);
    const { findings } = await walkRoutes({
      bff,
      routes,
      roles,
      foreignId: foreignIdResolver(await foreignRows(bff.db.orm.em.fork(), roles)),
      ids: (route, slot) => {
        // A vacancy's store (issue 28): this business's store, or another business's.
        if (route.path === '/api/restaurant/team/invitations/:id')
          return { owned: inviteHere.invitation.id, foreign: inviteElsewhere.invitation.id };
        if (route.path === '/api/restaurant/team/members/:id')
          return { owned: memberHere.member.id, foreign: memberElsewhere.member.id };
        if (slot.name === 'storeId' || route.path === '/api/restaurant/stores/:id')
          return { owned: ownStore.id, foreign: storeElsewhere.id };
        if (slot.name !== 'freelancerId') return undefined;
        if (route.path === '/api/restaurant/block-freelancer')
          return { owned: workedHere.id, foreign: stranger.id };
        if (route.path === '/api/restaurant/unblock-freelancer')
          return { owned: blockedHere.id, foreign: blockedElsewhere.id };
        return undefined;
      },
      bodies: {
        'PUT /api/restaurant/stores/:id': { name: 'Loja da Walk' },
        'PUT /api/restaurant/team/members/:id': { role: 'supervisor', storeIds: [ownStore.id] },
        'POST /api/jobs': {
          positionType: 'Estoquista',
          workload: 6,
          startTime: '08:00',
          dates: [saoPauloDate(new Date(Date.now() + 3 * 24 * 3_600_000))],
        },
        'POST /api/ratings': { rating: 5 },
        'PUT /api/restaurant/profile': { name: 'Marcos Almeida', businessName: 'Supermercado Bom Preço' },
        'POST /api/restaurant/assignments/:id/cancel': { reopen: false },
        'POST /api/restaurant/assignments/:id/timesheet': {
          checkInAt: new Date(Date.now() - 8 * 3_600_000).toISOString(),
          checkOutAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
          reason: 'Correção do passeio',
        },
        'POST /api/restaurant/timesheets/:id/answer': { accept: true },
      },
    });
    expect(findings).toEqual([]);
  });

  it('is ready only with PostgreSQL and Redis', async () => {
    expect(await bff.get('/readyz')).toEqual({
      status: 200,
      body: { status: 'ok', checks: { postgres: 'ok', redis: 'ok' } },
    });
  });
});
