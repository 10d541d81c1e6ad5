import { NOTIFICATION_PREFERENCE_TEXTS } from '@turno/domain';
import { insertFreelancer, insertJob, insertRestaurant } from '../testing/fixtures';
import { createTestDatabase, type TestDatabase } from '../testing';
import { expectRefusal } from '../shared/test-kit';
import { acceptApplication, applyToJob } from '../workflows/staffing.service';
import { channelsAllowedFor } from './channel-permissions';
import { fanOutNotifications } from './fan-out';
import { notificationPreferencesOf, setNotificationPreference } from './preferences.service';
import { OWNER_MEMBERSHIP } from '../shared/actor';

const ALL = ['in_app', 'web_push', 'email'] as const;
/** 12:00 and 23:00 in Sao Paulo. */
const NOON = new Date('2026-03-10T15:00:00Z');
const NIGHT = new Date('2026-03-11T02:00:00Z');

describe('notification preferences (issue 26)', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('shows the defaults, stores a choice, and refuses what cannot be chosen (pt-BR)', async () => {
    const freelancer = await insertFreelancer(em(), { profilePhotoUrl: '/static/avatars/a.svg' });
    const userId = freelancer.user.id;
    const before = await notificationPreferencesOf(em(), userId, 'freelancer', ALL);
    const accepted = before.find((row) => row.kind === 'application_accepted')!;
    expect(accepted.label).toBe('Candidatura aceita');
    expect(accepted.channels).toEqual([
      { channel: 'in_app', enabled: true, locked: true },
      { channel: 'web_push', enabled: true, locked: false },
      { channel: 'email', enabled: true, locked: false },
    ]);
    expect(before.map((row) => row.kind)).not.toContain('new_application');

    await setNotificationPreference(em(), userId, 'freelancer', ALL, {
      kind: 'application_accepted',
      channel: 'email',
      enabled: false,
    });
    await setNotificationPreference(em(), userId, 'freelancer', ALL, {
      kind: 'application_accepted',
      channel: 'email',
      enabled: false,
    });
    const after = await notificationPreferencesOf(em(), userId, 'freelancer', ALL);
    expect(after.find((row) => row.kind === 'application_accepted')!.channels[2]).toEqual({
      channel: 'email',
      enabled: false,
      locked: false,
    });

    await expectRefusal(
      setNotificationPreference(em(), userId, 'freelancer', ALL, {
        kind: 'application_accepted',
        channel: 'in_app',
        enabled: false,
      }),
      400,
      NOTIFICATION_PREFERENCE_TEXTS.cannotTurnOff,
    );
    await expectRefusal(
      setNotificationPreference(em(), userId, 'freelancer', ALL, {
        kind: 'new_application',
        channel: 'email',
        enabled: false,
      }),
      400,
      NOTIFICATION_PREFERENCE_TEXTS.unknownKind,
    );
    await expectRefusal(
      setNotificationPreference(em(), userId, 'freelancer', ALL, {
        kind: 'payment_sent',
        channel: 'whatsapp',
        enabled: true,
      }),
      400,
      NOTIFICATION_PREFERENCE_TEXTS.channelUnavailable,
    );
  });

  it('channelsAllowedFor: a channel turned off is left out; at night push and e-mail wait until 07:00 unless the shift is near', async () => {
    const restaurant = await insertRestaurant(em());
    const job = await insertJob(em(), restaurant, { dateNeeded: '2026-03-20', startTime: '08:00' });
    const freelancer = await insertFreelancer(em(), { profilePhotoUrl: '/static/avatars/a.svg' });
    await setNotificationPreference(em(), freelancer.user.id, 'freelancer', ALL, {
      kind: 'application_accepted',
      channel: 'email',
      enabled: false,
    });
    await fanOutNotifications(em(), { batch: 100, rounds: 1 });
    const { applicationId } = await applyToJob(
      em(),
      { role: 'freelancer', freelancerId: freelancer.id, userId: freelancer.user.id },
      { jobId: job.id },
      NOON,
    );
    await acceptApplication(
      em(),
      {
        role: 'restaurant',
        restaurantId: restaurant.id,
        userId: restaurant.user.id,
        member: OWNER_MEMBERSHIP,
      },
      applicationId,
      NOON,
    );
    const { made } = await fanOutNotifications(em(), { batch: 100, rounds: 5 });
    const accepted = made.find((row) => row.kind === 'application_accepted')!;
    expect(accepted.shiftStartsAt).toBe('2026-03-20T11:00:00.000Z');

    const byDay = await channelsAllowedFor(em(), [accepted], NOON, ['web_push', 'email']);
    expect(byDay.map((row) => [row.channel, row.holdUntil])).toEqual([['web_push', null]]);

    const atNight = await channelsAllowedFor(em(), [accepted], NIGHT, ['web_push', 'email']);
    expect(atNight.map((row) => [row.channel, row.holdUntil])).toEqual([
      ['web_push', new Date('2026-03-11T10:00:00Z')],
    ]);

    const near = { ...accepted, shiftStartsAt: new Date(NIGHT.getTime() + 3_600_000).toISOString() };
    const nearAtNight = await channelsAllowedFor(em(), [near], NIGHT, ['web_push', 'email']);
    expect(nearAtNight.map((row) => [row.channel, row.holdUntil])).toEqual([['web_push', null]]);
  });

  it('makes a notification whose in-app the person turned off already read (the bell does not count it)', async () => {
    const restaurant = await insertRestaurant(em());
    const job = await insertJob(em(), restaurant, { dateNeeded: '2026-03-20' });
    const freelancer = await insertFreelancer(em(), { profilePhotoUrl: '/static/avatars/a.svg' });
    await setNotificationPreference(em(), restaurant.user.id, 'restaurant', ALL, {
      kind: 'new_application',
      channel: 'in_app',
      enabled: false,
    });
    await fanOutNotifications(em(), { batch: 100, rounds: 1 });
    await applyToJob(
      em(),
      { role: 'freelancer', freelancerId: freelancer.id, userId: freelancer.user.id },
      { jobId: job.id },
      NOON,
    );
    const { made } = await fanOutNotifications(em(), { batch: 100, rounds: 5 });
    expect(made.map((row) => row.kind)).toEqual(['new_application']);
    const rows = await em()
      .getConnection()
      .execute<{ read: boolean }[]>(
        'select read_at is not null as read from notifications where user_id = ?',
        [restaurant.user.id],
      );
    expect(rows).toEqual([{ read: true }]);
  });
});
