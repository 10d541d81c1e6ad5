import { CreateJobsResponseSchema } from '@turno/contracts';
import { MESSAGES, addDays, saoPauloDate } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createAdminOpsBff } from '../app';

let bff: TestBff;
let roles: WalkRoles;
beforeAll(async () => {
  bff = await startBffForTest(createAdminOpsBff);
  roles = await walkRoles(bff.db.orm.em);
});
afterAll(() => bff.close());

const today = saoPauloDate(new Date());
const jobsOf = async (restaurantId: number) =>
  Number(
    (
      await bff.db.orm.em
        .fork()
        .getConnection()
        .execute<{ n: string }[]>('select count(*) as n from jobs where restaurant_id = ?', [restaurantId])
    )[0]?.n,
  );

describe('POST /api/admin/jobs', () => {
  it('creates quantity × dates vacancies for any restaurant, priced by the server', async () => {
    const restaurantId = roles.restaurant.restaurantId;
    const before = await jobsOf(restaurantId);
    const { status, body } = await bff.request('/api/admin/jobs', {
      cookie: await bff.sessionCookie(roles.admin),
      json: {
        restaurantId,
        positionType: 'Estoquista',
        dates: [addDays(today, 1)], // tomorrow: an 08:00 start today passes at 08:00
        workload: 9, // admin-only workload
        startTime: '08:00',
        endTime: '23:59', // ignored: the server computes 17:00
        hourlyRate: 1, // ignored: the server charges R$ 149
        quantity: 2,
      },
    });
    expect(status).toBe(201);
    const answer = CreateJobsResponseSchema.parse(body);
    expect(answer.jobsCreated).toBe(2);
    expect(await jobsOf(restaurantId)).toBe(before + 2);
    const rows = await bff.db.orm.em
      .fork()
      .getConnection()
      .execute<{ end_time: string; charge_cents: number; created_by_admin: boolean }[]>(
        'select end_time, charge_cents, created_by_admin from jobs where id in (?, ?)',
        answer.jobIds,
      );
    expect(rows).toEqual([
      { end_time: '17:00', charge_cents: 14_900, created_by_admin: true },
      { end_time: '17:00', charge_cents: 14_900, created_by_admin: true },
    ]);
  });

  it('answers the rules in pt-BR and creates nothing', async () => {
    const cookie = await bff.sessionCookie(roles.admin);
    const restaurantId = roles.restaurant.restaurantId;
    const before = await jobsOf(restaurantId);
    const noDate = await bff.request('/api/admin/jobs', {
      cookie,
      json: { restaurantId, positionType: 'Estoquista', dates: [], workload: 6, startTime: '08:00' },
    });
    expect(noDate).toMatchObject({ status: 400, body: { error: MESSAGES.jobs.selectDate } });
    const noRestaurant = await bff.request('/api/admin/jobs', {
      cookie,
      json: { positionType: 'Estoquista', dates: [today], workload: 6, startTime: '08:00' },
    });
    expect(noRestaurant).toMatchObject({ status: 400, body: { error: MESSAGES.restaurants.notSelected } });
    // Today at 00:00 has always started in Sao Paulo: an admin cannot create it either.
    const started = await bff.request('/api/admin/jobs', {
      cookie,
      json: {
        restaurantId,
        positionType: 'Estoquista',
        dates: [saoPauloDate(new Date())],
        workload: 6,
        startTime: '00:00',
      },
    });
    expect(started).toMatchObject({ status: 400, body: { error: MESSAGES.jobs.startInPast } });
    const tooLong = await bff.request('/api/admin/jobs', {
      cookie,
      json: { restaurantId, positionType: 'x'.repeat(300), dates: [today], workload: 6, startTime: '08:00' },
    });
    expect(tooLong.status).toBe(400);
    expect((tooLong.body as { error: string }).error).toMatch(/^Tipo de vaga: Deve ter no máximo 255/);
    const hugeId = await bff.request('/api/admin/jobs', {
      cookie,
      json: { restaurantId: 2_147_483_648, positionType: 'Estoquista', dates: [today], workload: 6 },
    });
    expect(hugeId.status).toBe(400);
    expect(await jobsOf(restaurantId)).toBe(before);
  });
});
