import { userDataVersionSql } from '../shared/data-version';
import {
  createTestDatabase,
  insertCompletedAssignment,
  insertJob,
  insertRestaurant,
  type TestDatabase,
} from '../testing';
import { asRestaurant, insertEligibleFreelancer } from '../shared/test-kit';
import { createJobsWithInvitations } from './invitations.service';
import { announceEndedInvitationWindows, invitationWindowEnds } from './invitation-windows';

/**
 * Issue 26: when an invitation's window ends, a freelancer who was not invited must see the vacancy
 * without their "Vagas" list answering 304 on a stale version: one event for every freelancer is
 * recorded at the end (not one per freelancer), once. The clock is a day after the database's, so
 * the events of the set-up (recorded at the database's time) came before every window's end.
 */
const NOW = new Date('2027-03-10T13:00:00Z');
const HOUR = 3_600_000;
const later = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

describe('the end of an invitation window', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  const versionOf = async (freelancerId: number) =>
    Number(
      (
        await em()
          .getConnection()
          .execute<{ v: string }[]>(`select ${userDataVersionSql('null::int', String(freelancerId))} as v`)
      )[0]!.v,
    );

  it("refreshes every freelancer's version once when the window ends, with one row", async () => {
    const store = await insertRestaurant(em());
    const invitee = await insertEligibleFreelancer(em(), { name: 'Ana Convidada' });
    const outsider = await insertEligibleFreelancer(em(), { name: 'Bruno Outro' });
    const past = await insertJob(em(), store, { dateNeeded: '2027-03-01', status: 'completed' });
    await insertCompletedAssignment(em(), past, invitee);
    const { jobIds } = await createJobsWithInvitations(
      em(),
      asRestaurant(store),
      {
        positionType: 'Estoquista',
        dates: ['2027-03-12'],
        workload: 6,
        startTime: '08:00',
        quantity: 1,
        inviteFreelancerIds: [invitee.id],
        exclusiveHours: 2,
      },
      NOW,
    );
    expect(await invitationWindowEnds(em(), jobIds, NOW)).toEqual([{ jobId: jobIds[0], endsAt: later(2) }]);
    const before = await versionOf(outsider.id);

    await expect(announceEndedInvitationWindows(em(), later(1))).resolves.toEqual({ windowsEnded: 0 });
    expect(await versionOf(outsider.id)).toBe(before);

    const rowsBefore = await em()
      .getConnection()
      .execute<{ n: string }[]>('select count(*) as n from domain_events');
    await expect(announceEndedInvitationWindows(em(), later(2))).resolves.toEqual({ windowsEnded: 1 });
    const rowsAfter = await em()
      .getConnection()
      .execute<{ n: string }[]>('select count(*) as n from domain_events');
    expect(Number(rowsAfter[0]!.n) - Number(rowsBefore[0]!.n)).toBe(1);
    expect(await versionOf(outsider.id)).toBeGreaterThan(before);
    const [event] = await em()
      .getConnection()
      .execute<{ type: string; payload: Record<string, unknown> }[]>(
        'select type, payload from domain_events where all_freelancers order by id desc limit 1',
      );
    expect(event).toEqual({
      type: 'job_updated',
      payload: { change: 'invitation_window_ended', endedUntil: later(2).toISOString(), jobIds },
    });

    // The delayed job and the sweep both run it: the end is recorded once.
    const recorded = await versionOf(outsider.id);
    await expect(announceEndedInvitationWindows(em(), later(3))).resolves.toEqual({ windowsEnded: 0 });
    expect(await versionOf(outsider.id)).toBe(recorded);
    expect(await invitationWindowEnds(em(), jobIds, later(3))).toEqual([]);
  });
});
