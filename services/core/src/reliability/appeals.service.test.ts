import {
  MESSAGES,
  STRIKE_LIFETIME_DAYS,
  reliabilityScore,
  saoPauloDate,
  type StrikeReason,
} from '@turno/domain';
import { Assignment, type Freelancer, type Restaurant } from '../model';
import {
  createTestDatabase,
  insertCompletedAssignment,
  insertJob,
  insertRestaurant,
  type TestDatabase,
} from '../testing';
import {
  DAY,
  HOUR,
  MINUTE,
  NOW,
  admin,
  asFreelancer,
  at,
  expectRefusal,
  insertEligibleFreelancer,
  insertTodayJob,
} from '../shared/test-kit';
import { addStrike } from './strikes';
import { appealStrike, decideAppeal } from './appeals.service';
import { listFreelancerStrikes, readDispute, readSuspendedUntil } from './strikes.queries';
import { RELIABILITY_SCORE_SQL, readReliabilityScores } from './score.queries';
import { applyToJob } from '../workflows/staffing.service';

describe('reliability record: strikes, appeals, suspension, score', () => {
  let db: TestDatabase;
  let market: Restaurant;
  const em = () => db.orm.em.fork();

  beforeAll(async () => {
    db = await createTestDatabase();
    market = await insertRestaurant(em());
  });
  afterAll(() => db.drop());

  /** A strike given at `when` for a released shift of that day; returns its id. */
  async function strikeAt(freelancer: Freelancer, when: Date, reason: StrikeReason = 'no_show') {
    const fork = em();
    const job = await insertJob(fork, market, { dateNeeded: saoPauloDate(when), status: 'cancelled' });
    const assignment = fork.create(Assignment, { job, freelancer: freelancer.id, status: 'cancelled' });
    await fork.flush();
    expect(
      await addStrike(fork, { freelancerId: freelancer.id, assignmentId: assignment.id, reason, now: when }),
    ).toBe(true);
    const [row] = await fork
      .getConnection()
      .execute<{ id: number }[]>('select id from freelancer_strikes where assignment_id = ?', [
        assignment.id,
      ]);
    return row!.id;
  }

  describe('appealStrike', () => {
    it('takes one appeal within 7 days, answers a retry the same, and shows it in "Ocorrências"', async () => {
      const freelancer = await insertEligibleFreelancer(em());
      const id = await strikeAt(freelancer, at(-2 * DAY));
      const first = await appealStrike(
        em(),
        asFreelancer(freelancer),
        id,
        { text: '  Estava doente  ' },
        NOW,
      );
      expect(first).toMatchObject({
        id,
        reason: 'no_show',
        active: true,
        appeal_status: 'pending',
        appeal_text: 'Estava doente',
        can_appeal: false,
        shift: expect.objectContaining({ restaurant_name: market.businessName }),
      });
      const retry = await appealStrike(
        em(),
        asFreelancer(freelancer),
        id,
        { text: 'Estava doente' },
        at(MINUTE),
      );
      expect(retry.appealed_at).toBe(first.appealed_at);
      await expectRefusal(
        appealStrike(em(), asFreelancer(freelancer), id, { text: 'Outro texto' }, NOW),
        409,
        MESSAGES.reliability.alreadyAppealed,
      );
      const list = await listFreelancerStrikes(em(), freelancer.id, NOW);
      expect(list).toMatchObject({ active_count: 1, suspended_until: null });
      expect(list.items.map((strike) => strike.appeal_status)).toEqual(['pending']);
    });

    it("refuses after 7 days (409), a short text (400) and another freelancer's strike (404)", async () => {
      const freelancer = await insertEligibleFreelancer(em());
      const other = await insertEligibleFreelancer(em());
      const id = await strikeAt(freelancer, at(-7 * DAY));
      await expectRefusal(
        appealStrike(em(), asFreelancer(freelancer), id, { text: 'Tarde demais' }, NOW),
        409,
        MESSAGES.reliability.appealWindowClosed,
      );
      const recent = await strikeAt(freelancer, at(-7 * DAY + MINUTE));
      await expectRefusal(
        appealStrike(em(), asFreelancer(freelancer), recent, { text: ' abc ' }, NOW),
        400,
        MESSAGES.reliability.appealTextLength,
      );
      await expectRefusal(
        appealStrike(em(), asFreelancer(other), recent, { text: 'Não é minha' }, NOW),
        404,
        MESSAGES.reliability.strikeNotFound,
      );
      expect(
        (await appealStrike(em(), asFreelancer(freelancer), recent, { text: 'Ainda dá' }, NOW)).appeal_status,
      ).toBe('pending');
    });
  });

  describe('suspension and decisions', () => {
    it('3 active strikes suspend applying for 30 days; removing one on appeal lifts it', async () => {
      const freelancer = await insertEligibleFreelancer(em());
      await strikeAt(freelancer, at(-3 * DAY));
      await strikeAt(freelancer, at(-2 * DAY), 'late_cancel');
      const third = await strikeAt(freelancer, at(-1 * DAY));
      const until = at(29 * DAY);
      expect(await readSuspendedUntil(em(), freelancer.id, NOW)).toEqual(until);

      const job = await insertTodayJob(em(), market, { startTime: '14:00', endTime: '20:00' });
      await expectRefusal(
        applyToJob(em(), asFreelancer(freelancer), { jobId: job.id }, NOW),
        409,
        MESSAGES.reliability.suspended(until),
      );

      await appealStrike(em(), asFreelancer(freelancer), third, { text: 'O mercado fechou' }, NOW);
      // The queue's list (and its filters) is the admin-ops BFF's: disputes/disputes.test.ts.
      expect(await readDispute(em(), third)).toMatchObject({
        kind: 'strike_appeal',
        freelancer_id: freelancer.id,
        text: 'O mercado fechou',
        status: 'pending',
      });

      const decided = await decideAppeal(
        em(),
        admin,
        third,
        { decision: 'remove', note: 'Fechamento confirmado' },
        at(HOUR),
      );
      expect(decided).toMatchObject({
        suspendedUntil: null,
        dispute: { status: 'removed', decision_note: 'Fechamento confirmado' },
      });
      // A retry answers the same; the other decision is refused.
      expect(
        (await decideAppeal(em(), admin, third, { decision: 'remove', note: 'De novo' }, at(HOUR))).dispute
          .status,
      ).toBe('removed');
      await expectRefusal(
        decideAppeal(em(), admin, third, { decision: 'uphold', note: 'Mudei de ideia' }, at(HOUR)),
        409,
        MESSAGES.reliability.alreadyDecided,
      );
      const list = await listFreelancerStrikes(em(), freelancer.id, at(HOUR));
      expect(list.active_count).toBe(2);
      expect(list.items.find((s) => s.id === third)).toMatchObject({
        active: false,
        appeal_status: 'removed',
      });
      expect((await applyToJob(em(), asFreelancer(freelancer), { jobId: job.id }, at(HOUR))).status).toBe(
        'pending',
      );
      expect((await readDispute(em(), third))?.status).toBe('removed');
    });

    it('keeps a strike ("Manter"), refuses a strike never appealed (409) and an unknown one (404)', async () => {
      const freelancer = await insertEligibleFreelancer(em());
      const id = await strikeAt(freelancer, at(-DAY));
      await expectRefusal(
        decideAppeal(em(), admin, id, { decision: 'uphold', note: 'Sem recurso' }, NOW),
        409,
        MESSAGES.reliability.noPendingAppeal,
      );
      await appealStrike(em(), asFreelancer(freelancer), id, { text: 'Trânsito parado' }, NOW);
      const kept = await decideAppeal(em(), admin, id, { decision: 'uphold', note: 'Sem comprovação' }, NOW);
      expect(kept.dispute.status).toBe('upheld');
      expect((await listFreelancerStrikes(em(), freelancer.id, NOW)).items[0]).toMatchObject({
        active: true,
        appeal_status: 'upheld',
        appeal_decision_note: 'Sem comprovação',
      });
      await expectRefusal(
        decideAppeal(em(), admin, 987654, { decision: 'uphold', note: 'Não existe' }, NOW),
        404,
        MESSAGES.reliability.strikeNotFound,
      );
      expect(await readDispute(em(), id)).toMatchObject({
        status: 'upheld',
        decision_note: 'Sem comprovação',
      });
    });

    it('a strike stops counting 90 days after it', async () => {
      const freelancer = await insertEligibleFreelancer(em());
      await strikeAt(freelancer, at(-STRIKE_LIFETIME_DAYS * DAY));
      await strikeAt(freelancer, at(-(STRIKE_LIFETIME_DAYS - 1) * DAY));
      expect((await listFreelancerStrikes(em(), freelancer.id, NOW)).active_count).toBe(1);
    });
  });

  describe('reliability score (SQL = libs/domain)', () => {
    it('counts the last 90 days: attendance, punctuality, late cancellations; null under 3 shifts', async () => {
      const freelancer = await insertEligibleFreelancer(em());
      const newcomer = await insertEligibleFreelancer(em());
      // Three completed shifts at 08:00 (11:00 UTC) in the window: one checked in at 08:11 ("atrasado").
      for (const [date, checkIn] of [
        ['2026-02-20', '2026-02-20T11:05:00Z'],
        ['2026-02-21', '2026-02-21T11:10:00Z'],
        ['2026-02-22', '2026-02-22T11:11:00Z'],
      ] as const) {
        const job = await insertJob(em(), market, { dateNeeded: date, status: 'completed' });
        await insertCompletedAssignment(em(), job, freelancer, { checkInAt: new Date(checkIn) });
      }
      // One outside the window (a shift 91 days ago) does not count.
      const old = await insertJob(em(), market, {
        dateNeeded: saoPauloDate(at(-91 * DAY)),
        status: 'completed',
      });
      await insertCompletedAssignment(em(), old, freelancer, { checkInAt: at(-91 * DAY) });
      await strikeAt(freelancer, at(-5 * DAY), 'no_show');
      await strikeAt(freelancer, at(-4 * DAY), 'late_cancel');

      const scores = await readReliabilityScores(em(), [freelancer.id, newcomer.id], NOW);
      const counts = { completed: 3, noShows: 1, checkIns: 3, lateCheckIns: 1, lateCancellations: 1 };
      expect(scores.get(freelancer.id)).toEqual({
        score: reliabilityScore(counts),
        completed: 3,
        no_shows: 1,
        check_ins: 3,
        late_check_ins: 1,
        late_cancellations: 1,
      });
      expect(scores.get(freelancer.id)!.score).toBe(74);
      expect(scores.get(newcomer.id)).toMatchObject({ score: null, completed: 0 });
    });

    it('computes in SQL exactly what libs/domain computes, for every small combination of counts', async () => {
      const combos: number[][] = [];
      for (let completed = 0; completed <= 4; completed++)
        for (let noShows = 0; noShows <= 2; noShows++)
          for (let late = 0; late <= completed; late++)
            for (let cancels = 0; cancels <= 2; cancels++)
              combos.push([completed, noShows, completed, late, cancels]);
      const rows = await em()
        .getConnection()
        .execute<{ score: number | null }[]>(
          `select ${RELIABILITY_SCORE_SQL('c')} as score
             from jsonb_to_recordset(?::jsonb) as c(completed int, no_shows int, check_ins int,
               late_check_ins int, late_cancellations int, position int)
            order by c.position`,
          [
            JSON.stringify(
              combos.map(
                ([completed, no_shows, check_ins, late_check_ins, late_cancellations], position) => ({
                  completed,
                  no_shows,
                  check_ins,
                  late_check_ins,
                  late_cancellations,
                  position,
                }),
              ),
            ),
          ],
        );
      expect(rows.map((row) => row.score)).toEqual(
        combos.map(([completed, noShows, checkIns, lateCheckIns, lateCancellations]) =>
          reliabilityScore({
            completed: completed!,
            noShows: noShows!,
            checkIns: checkIns!,
            lateCheckIns: lateCheckIns!,
            lateCancellations: lateCancellations!,
          }),
        ),
      );
    });
  });
});
