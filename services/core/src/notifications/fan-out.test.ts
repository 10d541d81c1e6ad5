import { saoPauloDate } from '@turno/domain';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Assignment, type Freelancer, type Restaurant } from '../model';
import { appealStrike } from '../reliability/appeals.service';
import { addStrike } from '../reliability/strikes';
import { DAY, NOW, asFreelancer, at, insertEligibleFreelancer } from '../shared/test-kit';
import { inTransaction } from '../shared/transaction';
import { createTestDatabase, type TestDatabase } from '../testing';
import { insertJob, insertRestaurant } from '../testing/fixtures';
import { NOTIFICATIONS_STREAM } from './fan-out';
import { notificationTestTools } from './notification-test-data';

/**
 * The fan-out's cursor lock (issue 26): held by a round, inserts included (the rate limit of "new
 * vacancy" counts on one writer), but nobody waits behind it.
 */
describe('the notifications fan-out, two at once', () => {
  let db: TestDatabase;
  let market: Restaurant;
  let freelancer: Freelancer;
  const em = () => db.orm.em.fork();
  const { sql, fanOut } = notificationTestTools(em);
  const appealedCount = () =>
    sql<{ strike_id: number; n: string }[]>(
      `select subject_id as strike_id, count(*) as n from notifications
        where kind = 'strike_appealed' group by subject_id order by subject_id`,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    await sql(`insert into admins (id, email, name, password_hash) values (1, 'a1@turno.test', 'A1', 'x')`);
    market = await insertRestaurant(em());
    freelancer = await insertEligibleFreelancer(em());
    await fanOut(); // the stream's cursor starts at the latest event
  });
  afterAll(() => db.drop());

  /** A strike of the freelancer, appealed: its event tells the admins (one row: admin 1). */
  async function appealedStrike(): Promise<number> {
    const fork = em();
    const job = await insertJob(fork, market, { dateNeeded: saoPauloDate(at(-DAY)), status: 'cancelled' });
    const assignment = fork.create(Assignment, { job, freelancer: freelancer.id, status: 'cancelled' });
    await fork.flush();
    await addStrike(fork, {
      freelancerId: freelancer.id,
      assignmentId: assignment.id,
      reason: 'no_show',
      now: at(-DAY),
    });
    const [row] = await sql<{ id: number }[]>('select id from freelancer_strikes where assignment_id = ?', [
      assignment.id,
    ]);
    await appealStrike(em(), asFreelancer(freelancer), row!.id, { text: 'Estava doente' }, NOW);
    return row!.id;
  }

  /** Runs `work` in a transaction left open until the returned `end` is called (then awaits it). */
  async function openTransaction(work: (tx: EntityManager) => Promise<unknown>) {
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    let started!: () => void;
    const ready = new Promise<void>((resolve) => (started = resolve));
    const done = inTransaction(em(), async (tx) => {
      await work(tx);
      started();
      await ended;
      throw new Error('rolled back'); // nothing it wrote stays
    }).catch(() => undefined);
    await ready;
    return async () => {
      end();
      await done;
    };
  }

  /** Resolves once a statement of this database waits for a lock. */
  async function someoneWaitsForALock() {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const [row] = await sql<{ n: string }[]>(
        `select count(*) as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (Number(row!.n) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('nobody waits for a lock');
  }

  it('returns at once when another fan-out holds the cursor, leaving the events to it', async () => {
    const strikeId = await appealedStrike();
    const release = await openTransaction((tx) =>
      tx.execute('select last_event_id from notification_cursors where stream = ? for update', [
        NOTIFICATIONS_STREAM,
      ]),
    );
    try {
      const waited = new Promise((resolve) => setTimeout(() => resolve('waited'), 3_000));
      expect(await Promise.race([fanOut(), waited])).toEqual({ events: 0, made: [], busy: true });
      expect(await appealedCount()).toEqual([]);
    } finally {
      await release();
    }
    expect(await fanOut()).toMatchObject({ events: 1, busy: false });
    expect(await appealedCount()).toEqual([{ strike_id: strikeId, n: '1' }]);
  });

  it('reads again the events committed while its round was inserting, in the same pass', async () => {
    const first = await appealedStrike();
    // Another transaction writes (uncommitted) the row the round will insert: the round waits for it.
    const release = await openTransaction((tx) =>
      tx.execute(
        `insert into notifications (admin_id, kind, subject_type, subject_id, title, body, link)
         values (1, 'strike_appealed', 'strike', ?, 't', 'b', '/admin/dashboard')`,
        [first],
      ),
    );
    const pass = fanOut();
    let second: number;
    try {
      await someoneWaitsForALock();
      second = await appealedStrike(); // committed while the round waits
    } finally {
      await release();
    }
    expect(await pass).toMatchObject({ events: 2, busy: false });
    expect(await appealedCount()).toEqual([
      expect.anything(), // the first test's
      { strike_id: first, n: '1' },
      { strike_id: second!, n: '1' },
    ]);
  });
});
