import { VACANCY_ALERTS_PER_HOUR } from '@turno/domain';
import { recordEvent } from '../events/record-event';
import { inTransaction } from '../shared/transaction';
import { insertFreelancer, insertJob, insertRestaurant } from '../testing/fixtures';
import { createTestDatabase, type TestDatabase } from '../testing';
import type { Job, Restaurant } from '../model';
import { fanOutNotifications, NOTIFICATIONS_STREAM } from './fan-out';
import { setNotificationPreference } from './preferences.service';

/** Praça da Sé; 1 km north is about 0.008993° of latitude. */
const STORE = { latitude: -23.5505, longitude: -46.6333 };
const KM = 1 / 111.195;

describe('new vacancy nearby (issue 26)', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();
  const sql = <T>(query: string, params: unknown[] = []) => em().getConnection().execute<T[]>(query, params);

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  /** A freelancer searching from `kmNorth` of the store (home, or the device's position). */
  async function freelancerAt(
    kmNorth: number,
    options: {
      specialties?: string[];
      radiusKm?: number;
      origin?: 'home' | 'current';
      approved?: boolean;
    } = {},
  ) {
    const freelancer = await insertFreelancer(em(), {
      specialties: options.specialties ?? ['Repositor'],
      isApproved: options.approved ?? true,
    });
    const latitude = STORE.latitude + kmNorth * KM;
    const current = options.origin === 'current';
    await sql(
      `insert into freelancer_search_areas (freelancer_id, home_latitude, home_longitude, home_geocode_status,
         origin, current_latitude, current_longitude, current_at, radius_km)
       values (?, ?, ?, 'found', ?, ?, ?, ?, ?)`,
      [
        freelancer.id,
        current ? STORE.latitude + 60 * KM : latitude,
        STORE.longitude,
        current ? 'current' : 'home',
        current ? latitude : null,
        current ? STORE.longitude : null,
        current ? new Date() : null,
        options.radiusKm ?? null,
      ],
    );
    return freelancer;
  }

  /** Vacancies posted at `restaurant` as the jobs service posts them: one `job_created` event. */
  async function post(
    restaurant: Restaurant,
    count = 1,
    positionType = 'Repositor',
    invitedIds: number[] = [],
  ) {
    const jobs: Job[] = [];
    for (let index = 0; index < count; index += 1) {
      jobs.push(
        await insertJob(em(), restaurant, { positionType, title: positionType, dateNeeded: '2099-01-05' }),
      );
    }
    for (const freelancerId of invitedIds) {
      await sql(
        `insert into job_invitations (job_id, freelancer_id, exclusive_until) values (?, ?, now() + interval '1 day')`,
        [jobs[0]!.id, freelancerId],
      );
    }
    await inTransaction(em(), (tx) =>
      recordEvent(tx, {
        type: 'job_created',
        restaurantId: restaurant.id,
        allFreelancers: true,
        payload: { jobIds: jobs.map((job) => job.id) },
      }),
    );
    return jobs;
  }

  const nearbyOf = (userIds: number[]) =>
    sql<{ user_id: number; subject_id: number; read: boolean; body: string; link: string }>(
      `select user_id, subject_id, read_at is not null as read, body, link from notifications
        where kind = 'vacancy_nearby' and user_id in (${userIds.map(() => '?').join(', ')}) order by user_id, subject_id`,
      userIds,
    );

  it('tells every approved freelancer whose area holds the store and whose specialty matches, once', async () => {
    const restaurant = await insertRestaurant(em(), { businessName: 'Mercado Sé', ...STORE });
    const home = await freelancerAt(1.7);
    const device = await freelancerAt(3, { origin: 'current' });
    const wide = await freelancerAt(40, { radiusKm: 50 });
    const quiet = await freelancerAt(2);
    const far = await freelancerAt(40);
    const edge = await freelancerAt(15.05);
    const short = await freelancerAt(7, { radiusKm: 5 });
    const other = await freelancerAt(1, { specialties: ['Cozinheiro'] });
    const pending = await freelancerAt(1, { approved: false });
    const invited = await freelancerAt(1);
    await setNotificationPreference(em(), quiet.user.id, 'freelancer', ['in_app'], {
      kind: 'vacancy_nearby',
      channel: 'in_app',
      enabled: false,
    });
    await fanOutNotifications(em(), { batch: 500, rounds: 1 });

    const [job] = await post(restaurant, 1, 'Repositor', [invited.id]);
    const { made } = await fanOutNotifications(em(), { batch: 500, rounds: 5 });
    const everyone = [home, device, wide, quiet, far, edge, short, other, pending, invited].map(
      (f) => f.user.id,
    );
    const rows = await nearbyOf(everyone);
    expect(rows.map((row) => row.user_id).sort()).toEqual(
      [home, device, wide, quiet].map((f) => f.user.id).sort(),
    );
    expect(rows.every((row) => row.subject_id === job!.id && row.link === '/dashboard/vagas')).toBe(true);
    expect(rows[0]!.body).toBe(
      'Nova vaga de Repositor (Mercado Sé, 05/01/2099 às 08:00) perto de você. Veja em Vagas e candidate-se.',
    );
    expect(rows.find((row) => row.user_id === quiet.user.id)!.read).toBe(true);
    expect(rows.find((row) => row.user_id === home.user.id)!.read).toBe(false);
    expect(made.filter((row) => row.kind === 'vacancy_nearby')).toHaveLength(4);
    expect(made.find((row) => row.userId === home.user.id)).toMatchObject({
      audience: { freelancerId: home.id },
      shiftStartsAt: '2099-01-05T11:00:00.000Z',
    });
    const live = await sql<{ n: string }>(
      `select count(*) as n from domain_events where type = 'notification_created'
          and (payload->>'notificationId')::bigint in (select id from notifications where kind = 'vacancy_nearby')`,
    );
    expect(Number(live[0]!.n)).toBe(4);

    // The same events read again (the cursor moved back): nothing new.
    await sql('update notification_cursors set last_event_id = 0 where stream = ?', [NOTIFICATIONS_STREAM]);
    const again = await fanOutNotifications(em(), { batch: 500, rounds: 50 });
    expect(again.made.filter((row) => row.kind === 'vacancy_nearby')).toEqual([]);
    expect(await nearbyOf(everyone)).toHaveLength(4);
  });

  it(`tells a person at most ${VACANCY_ALERTS_PER_HOUR} new vacancies an hour, across postings`, async () => {
    const restaurant = await insertRestaurant(em(), { ...STORE });
    const busy = await freelancerAt(0.5);
    await fanOutNotifications(em(), { batch: 500, rounds: 5 });
    await post(restaurant, 3);
    await fanOutNotifications(em(), { batch: 500, rounds: 5 });
    expect(await nearbyOf([busy.user.id])).toHaveLength(3);
    await post(restaurant, 4);
    await fanOutNotifications(em(), { batch: 500, rounds: 5 });
    expect(await nearbyOf([busy.user.id])).toHaveLength(VACANCY_ALERTS_PER_HOUR);
    // An hour later the count starts again.
    await sql(`update notifications set created_at = created_at - interval '61 minutes' where user_id = ?`, [
      busy.user.id,
    ]);
    await post(restaurant, 1);
    await fanOutNotifications(em(), { batch: 500, rounds: 5 });
    expect(await nearbyOf([busy.user.id])).toHaveLength(VACANCY_ALERTS_PER_HOUR + 1);
  });

  it('finds the freelancers around the store on the GiST index of their origins', async () => {
    const plan = await inTransaction(em(), async (tx) => {
      await tx.execute('set local enable_seqscan = off');
      return tx.execute<{ 'QUERY PLAN': string }[]>(
        `explain select s.freelancer_id from freelancer_search_areas s
          where earth_box(ll_to_earth(?, ?), 15000) @> ll_to_earth(case when s.origin = 'current' and s.current_latitude is not null then s.current_latitude when s.home_geocode_status in ('found', 'manual') then s.home_latitude end, case when s.origin = 'current' and s.current_latitude is not null then s.current_longitude when s.home_geocode_status in ('found', 'manual') then s.home_longitude end)`,
        [STORE.latitude, STORE.longitude],
      );
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain(
      'freelancer_search_areas_origin_earth_index',
    );
  });
});
