import { RETENTION_RULES, retentionRule } from '@turno/domain';
import { Application, Assignment } from '../model';
import {
  createTestDatabase,
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
  type TestDatabase,
} from '../testing';
import { applyRetention } from './retention.service';

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date('2026-03-02T12:00:00Z');
const after = (days: number, extraMs = 0) => new Date(T0.getTime() + days * DAY + extraMs);

describe('retention (issue 27): each row of the table the workers apply, with the clock moved', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('the table has the rows of the issue, and the workers apply the two that exist today', () => {
    expect(RETENTION_RULES.map((rule) => [rule.id, rule.days, rule.appliedBy])).toEqual([
      ['check_in_positions', 90, 'worker'],
      ['rejected_application_messages', 180, 'worker'],
      ['audit_trail', 1826, 'operator'],
      ['sign_in_logs', 183, 'log_store'],
      ['deleted_account_photos', 0, 'deletion'],
      ['deleted_account_data_exports', 0, 'deletion'],
    ]);
  });

  it('check-in positions: kept 90 days, then only inside/outside (the method) remains', async () => {
    const setup = em();
    const restaurant = await insertRestaurant(setup);
    const freelancer = await insertFreelancer(setup);
    const old = await insertCompletedAssignment(setup, await insertJob(setup, restaurant), freelancer, {
      checkInAt: T0,
      checkInMethod: 'geofence',
      checkInDistanceM: 37,
    });
    const recent = await insertCompletedAssignment(setup, await insertJob(setup, restaurant), freelancer, {
      checkInAt: after(10),
      checkInMethod: 'geofence',
      checkInDistanceM: 12,
    });
    const distance = async (id: number) =>
      await em().findOneOrFail(Assignment, { id }, { fields: ['checkInDistanceM', 'checkInMethod'] });

    expect(retentionRule('check_in_positions').days).toBe(90);
    // On day 90 (to the minute) nothing is past its retention yet.
    expect((await applyRetention(em(), after(90, -60_000))).check_in_positions).toBe(0);
    expect((await distance(old.id)).checkInDistanceM).toBe(37);

    expect((await applyRetention(em(), after(90, 60_000))).check_in_positions).toBe(1);
    expect(await distance(old.id)).toMatchObject({ checkInDistanceM: null, checkInMethod: 'geofence' });
    expect((await distance(recent.id)).checkInDistanceM).toBe(12);

    // Idempotent; 10 days later the other one goes too.
    expect((await applyRetention(em(), after(91))).check_in_positions).toBe(0);
    expect((await applyRetention(em(), after(101))).check_in_positions).toBe(1);
    expect((await distance(recent.id)).checkInDistanceM).toBeNull();
  });

  it("rejected applications' messages: kept 180 days after the refusal; other statuses keep theirs", async () => {
    const setup = em();
    const restaurant = await insertRestaurant(setup);
    const make = async (status: Application['status'], reviewedAt: Date | null) => {
      const job = await insertJob(setup, restaurant);
      const application = setup.create(Application, {
        job,
        freelancer: await insertFreelancer(setup),
        status,
        message: `Mensagem ${status}`,
        appliedAt: new Date(T0.getTime() - DAY),
        expiresAt: after(1),
        reviewedAt,
      });
      await setup.flush();
      return application.id;
    };
    const rejected = await make('rejected', T0);
    const rejectedLater = await make('rejected', after(30));
    const accepted = await make('accepted', T0);
    const message = async (id: number) => (await em().findOneOrFail(Application, { id })).message;

    expect(retentionRule('rejected_application_messages').days).toBe(180);
    expect((await applyRetention(em(), after(180, -60_000))).rejected_application_messages).toBe(0);
    expect(await message(rejected)).toBe('Mensagem rejected');

    expect((await applyRetention(em(), after(180, 60_000))).rejected_application_messages).toBe(1);
    expect(await message(rejected)).toBeNull();
    expect(await message(rejectedLater)).toBe('Mensagem rejected');
    expect(await message(accepted)).toBe('Mensagem accepted');
  });

  it('reports each run in the audit trail, counts only', async () => {
    const at = after(400);
    const report = await applyRetention(em(), at);
    const [entry] = await em()
      .getConnection()
      .execute<{ actor_kind: string; details: Record<string, unknown> }[]>(
        "select actor_kind, details from audit_events where action = 'retention.applied' order by id desc limit 1",
      );
    expect(entry).toEqual({
      actor_kind: 'system',
      details: { counts: report, at: at.toISOString() },
    });
  });
});
