import { FreelancerJobsPageSchema, FreelancerMeSchema } from '@turno/contracts';
import { Block, Restaurant } from '@turno/core';
import { saoPauloDate, vacancyArea } from '@turno/domain';
import {
  ownershipRows,
  startBffForTest,
  walkRoles,
  walkRoutes,
  type TestBff,
  type WalkRoles,
} from '@turno/bff-kit/testing';
import { createFreelancerBff, routes } from './app';
import { pendingFreelancerCookie } from './test-support';

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
beforeAll(async () => {
  bff = await startBffForTest(createFreelancerBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.freelancer);
});
afterAll(() => bff.close());

const openJobs = async () =>
  FreelancerJobsPageSchema.parse((await bff.request('/api/jobs?limit=200', { cookie })).body).items;

describe('freelancer BFF', () => {
  it('answers GET /api/freelancers/me with the profile the banners read', async () => {
    const { status, body, headers } = await bff.request('/api/freelancers/me', { cookie });
    expect(status).toBe(200);
    expect(FreelancerMeSchema.parse(body)).toMatchObject({
      id: roles.freelancer.freelancerId,
      name: 'Ana Souza',
      is_approved: true,
      is_available: true,
      has_profile_photo: true,
      specialties: ['Operador de Caixa', 'Atendentes de Loja'],
    });
    const again = await bff.request('/api/freelancers/me', {
      cookie,
      headers: { 'if-none-match': headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);

    const pending = await bff.request('/api/freelancers/me', { cookie: await pendingFreelancerCookie(bff) });
    expect(FreelancerMeSchema.parse(pending.body)).toMatchObject({
      name: 'Fernanda Costa',
      is_approved: false,
      is_available: true,
      has_profile_photo: false,
      profile_photo_url: null,
    });
  });

  it('lists open vacancies from today on, with the payout, the area and neither name nor street', async () => {
    const { status, body } = await bff.request('/api/jobs', { cookie });
    expect(status).toBe(200);
    const page = FreelancerJobsPageSchema.parse(body);
    const jobs = page.items;
    expect(jobs.length).toBeGreaterThan(0);
    expect(page.total).toBeGreaterThanOrEqual(jobs.length);
    const today = saoPauloDate(new Date());
    for (const job of jobs) {
      expect(job.date_needed >= today).toBe(true);
      expect(job.freelancer_payment_amount).toBeLessThan(job.hourly_rate);
      expect(job).not.toHaveProperty('restaurant_address');
      expect(job).not.toHaveProperty('restaurant_name');
      expect(job.restaurant_city).toBe('São Paulo - SP');
    }
    const text = JSON.stringify(body);
    for (const word of ['Bom Preço', 'Vergueiro', 'Hortifruti Vila Madalena', 'Rua Harmonia']) {
      expect(text).not.toContain(word);
    }
    expect(new Set(jobs.map((job) => job.restaurant_neighborhood))).toEqual(
      new Set(['Vila Mariana', 'Vila Madalena', 'Perdizes']),
    );
  });

  it("stops showing a restaurant's vacancies once it blocks the signed-in freelancer", async () => {
    const before = await openJobs();
    const em = bff.db.orm.em.fork();
    const restaurant = await em.findOneOrFail(Restaurant, { businessName: 'Padaria Pão Dourado' });
    const area = vacancyArea(restaurant.address).neighborhood;
    expect(before.some((job) => job.restaurant_neighborhood === area)).toBe(true);
    em.create(Block, {
      freelancer: roles.freelancer.freelancerId,
      restaurant,
      blockedBy: 'restaurant',
      blockReason: 'Teste',
    });
    await em.flush();

    const after = await openJobs();
    expect(after.map((job) => job.restaurant_neighborhood)).not.toContain(area);
    expect(after).toEqual(before.filter((job) => job.restaurant_neighborhood !== area));
  });

  it('searches title and position type but not the business name, and refuses a date that is not AAAA-MM-DD', async () => {
    const all = await openJobs();
    const position = all[0]!.position_type;
    const found = FreelancerJobsPageSchema.parse(
      (await bff.request(`/api/jobs?q=${encodeURIComponent(position.toUpperCase())}&limit=200`, { cookie }))
        .body,
    );
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items.every((job) => job.position_type === position || job.title.includes(position))).toBe(
      true,
    );
    const byName = FreelancerJobsPageSchema.parse(
      (await bff.request(`/api/jobs?q=${encodeURIComponent('Bom Preço')}`, { cookie })).body,
    );
    expect(byName.total).toBe(0);
    expect((await bff.request('/api/jobs?date=amanha', { cookie })).status).toBe(400);
  });

  it('guards every route: no session 401, other roles 403, cross-site changes 403, other owners 404', async () => {
    const connection = bff.db.orm.em.getConnection();
    const freelancerId = roles.freelancer.freelancerId;
    const [own] = await connection.execute<{ id: number }[]>(
      `select id from assignments where freelancer_id = ? and status in ('assigned', 'in_progress') order by id limit 1`,
      [freelancerId],
    );
    const [foreign] = await connection.execute<{ id: number }[]>(
      'select id from assignments where freelancer_id <> ? order by id limit 1',
      [freelancerId],
    );
    const [openJob] = await connection.execute<{ id: number }[]>(
      `select id from jobs where status = 'open' order by id limit 1`,
    );
    // Issue 23: a strike of the caller's and one of another freelancer's ("Ocorrências").
    const strike = (assignmentId: number) =>
      connection.execute<{ id: number }[]>(
        `insert into freelancer_strikes (freelancer_id, assignment_id, reason, created_at, expires_at)
         select freelancer_id, id, 'late_cancel', now(), now() + interval '90 days' from assignments
          where id = ? returning id`,
        [assignmentId],
      );
    const [[ownStrike], [foreignStrike]] = await Promise.all([strike(own!.id), strike(foreign!.id)]);
    const timesheets = (await ownershipRows(bff.db.orm.em.fork(), roles)).freelancer.timesheet;
    const { findings, checked } = await walkRoutes({
      bff,
      routes,
      roles,
      bodies: {
        'POST /api/ratings': { rating: 5 },
        'POST /api/freelancers/assignments/:id/timesheet': {
          checkInAt: new Date(Date.now() - 8 * 3_600_000).toISOString(),
          checkOutAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
          reason: 'Correção do passeio',
        },
        'POST /api/freelancers/timesheets/:id/answer': { accept: true },
        'POST /api/freelancers/strikes/:id/appeal': { text: 'Recurso do passeio' },
        'POST /api/freelancers/presence/:id/check-in': {
          position: { latitude: 0, longitude: 0, accuracy: 10 },
        },
        'POST /api/freelancers/presence/:id/check-out': {
          position: { latitude: 0, longitude: 0, accuracy: 10 },
        },
      },
      ids: (route, slot) => {
        if (route.path === '/api/jobs/:id/apply') return { notOwned: openJob!.id };
        if (route.path.startsWith('/api/freelancers/timesheets/')) {
          return { owned: timesheets.owned!, foreign: timesheets.foreign! };
        }
        if (route.path.startsWith('/api/freelancers/strikes/')) {
          return { owned: ownStrike!.id, foreign: foreignStrike!.id };
        }
        if (route.path.startsWith('/api/freelancers/') && slot.name === 'id') {
          return { owned: own!.id, foreign: foreign!.id };
        }
        return undefined;
      },
    });
    expect(findings).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });
});
