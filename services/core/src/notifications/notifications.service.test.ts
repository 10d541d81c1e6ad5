import { NOTIFICATION_MESSAGES } from '@turno/domain';
import { insertFreelancer, insertJob, insertRestaurant } from '../testing/fixtures';
import { createTestDatabase, type TestDatabase } from '../testing';
import { expectRefusal } from '../shared/test-kit';
import { acceptApplication, applyToJob } from '../workflows/staffing.service';
import { createNotifications, notificationsOfEvents, notifyingEventsAfter } from './notifications.service';
import { markAllNotificationsRead, markNotificationRead, notificationsPage } from './notifications.queries';
import { OWNER_MEMBERSHIP } from '../shared/actor';

const NOW = new Date('2026-01-01T12:00:00Z');

describe('notifications (issue 26)', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  /** What one fan-out pass makes of every event after `afterId`. */
  async function fanOut(afterId: number) {
    const { events, resumeAfter } = await notifyingEventsAfter(em(), afterId, 1000);
    const items = await notificationsOfEvents(em(), events);
    const made = await createNotifications(em(), items);
    return { items, made, resumeAfter };
  }

  it('makes one notification per person, kind and subject, however often the same events are fanned out', async () => {
    const setup = em();
    const restaurant = await insertRestaurant(setup, { businessName: 'Mercado Bom Preço' });
    const job = await insertJob(setup, restaurant, {
      positionType: 'Repositor',
      dateNeeded: '2026-01-05',
      startTime: '07:00',
    });
    const chosen = await insertFreelancer(setup, {
      name: 'Ana Souza',
      profilePhotoUrl: '/static/avatars/a.svg',
    });
    const other = await insertFreelancer(setup, {
      name: 'Bruno Lima',
      profilePhotoUrl: '/static/avatars/b.svg',
    });
    const [startRow] = await setup
      .getConnection()
      .execute<{ start: string }[]>('select coalesce(max(id), 0) as start from domain_events');
    const asFreelancer = (f: typeof chosen) => ({
      role: 'freelancer' as const,
      freelancerId: f.id,
      userId: f.user.id,
    });
    const applied = await applyToJob(em(), asFreelancer(chosen), { jobId: job.id }, NOW);
    await applyToJob(em(), asFreelancer(other), { jobId: job.id }, NOW);
    await acceptApplication(
      em(),
      {
        role: 'restaurant',
        restaurantId: restaurant.id,
        userId: restaurant.user.id,
        member: OWNER_MEMBERSHIP,
      },
      applied.applicationId,
      NOW,
    );

    const start = Number(startRow?.start ?? 0);
    const first = await fanOut(start);
    const second = await fanOut(start);
    expect(second.made).toEqual([]);
    expect(second.items.length).toBe(first.items.length);

    const rows = await em()
      .getConnection()
      .execute<{ user_id: number; kind: string; body: string; link: string }[]>(
        'select user_id, kind, body, link from notifications order by id',
      );
    expect(rows).toHaveLength(4);
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          user_id: restaurant.user.id,
          kind: 'new_application',
          body: 'Ana Souza se candidatou à vaga de Repositor (Mercado Bom Preço, 05/01/2026 às 07:00).',
          link: '/dashboard',
        },
        expect.objectContaining({
          user_id: restaurant.user.id,
          kind: 'new_application',
          body: expect.stringMatching(/^Bruno Lima /),
        }),
        {
          user_id: chosen.user.id,
          kind: 'application_accepted',
          body: 'Sua candidatura para Repositor (Mercado Bom Preço, 05/01/2026 às 07:00) foi aceita.',
          link: '/dashboard/trabalhos',
        },
        expect.objectContaining({ user_id: other.user.id, kind: 'application_rejected' }),
      ]),
    );
    const live = await em()
      .getConnection()
      .execute<{ freelancer_id: number | null; restaurant_id: number | null }[]>(
        "select freelancer_id, restaurant_id from domain_events where type = 'notification_created' order by id",
      );
    expect(live).toHaveLength(first.made.length);
    expect(live).toContainEqual({ freelancer_id: chosen.id, restaurant_id: null });
  });

  it("lists newest first with the unread count, marks one and all read, and refuses another person's", async () => {
    const setup = em();
    const restaurant = await insertRestaurant(setup);
    const job = await insertJob(setup, restaurant, { dateNeeded: '2026-01-06' });
    const freelancer = await insertFreelancer(setup);
    const stranger = await insertFreelancer(setup);
    const items = [1, 2, 3].map((n) => ({
      eventId: n,
      userId: freelancer.user.id,
      kind: 'check_in_approved' as const,
      subjectType: 'assignment' as const,
      subjectId: 10_000 + n,
      title: `T${n}`,
      body: `B${n}`,
      link: '/dashboard/trabalhos',
      audience: { freelancerId: freelancer.id },
    }));
    void job;
    const ids = await createNotifications(em(), items);
    expect(ids).toHaveLength(3);
    const me = { kind: 'user' as const, userId: freelancer.user.id };

    const page = await notificationsPage(em(), me, { limit: 2 });
    expect(page.unread).toBe(3);
    expect(page.items.map((item) => item.title)).toEqual(['T3', 'T2']);
    const rest = await notificationsPage(em(), me, { limit: 2, cursor: page.nextCursor! });
    expect(rest.items.map((item) => item.title)).toEqual(['T1']);
    expect(rest.nextCursor).toBeNull();

    expect(await markNotificationRead(em(), me, ids[0]!)).toEqual({ unread: 2 });
    expect(await markNotificationRead(em(), me, ids[0]!)).toEqual({ unread: 2 });
    await expectRefusal(
      markNotificationRead(em(), { kind: 'user', userId: stranger.user.id }, ids[1]!),
      404,
      NOTIFICATION_MESSAGES.notFound,
    );
    expect(await markAllNotificationsRead(em(), me)).toEqual({ marked: 2 });
    expect((await notificationsPage(em(), me, { limit: 20 })).unread).toBe(0);
    expect(
      (await notificationsPage(em(), { kind: 'user', userId: stranger.user.id }, { limit: 20 })).items,
    ).toEqual([]);
  });
});
