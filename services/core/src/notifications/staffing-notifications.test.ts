import { approveCheckIn, requestCheckIn, requestCheckOut } from '../assignments/assignments.service';
import { recordEvent } from '../events/record-event';
import { inTransaction } from '../shared/transaction';
import { createTestDatabase, type TestDatabase } from '../testing';
import { insertFreelancer, insertJob, insertRestaurant } from '../testing/fixtures';
import { completedShiftWithPayout } from '../testing/payouts';
import { claimPayoutForSending, recordPayoutOutcome, retryFailedPayout } from '../payouts/payouts.service';
import { confirmShift } from '../workflows/shift-confirmations';
import { assignFreelancer } from '../workflows/staffing.service';
import { notificationTestTools, type NotificationRow } from './notification-test-data';
import { OWNER_MEMBERSHIP } from '../shared/actor';

/** 2026-03-02 in Sao Paulo (UTC-3): `hour`:`minute` local as an instant. */
const local = (hour: number, minute = 0) => new Date(Date.UTC(2026, 2, 2, hour + 3, minute));

describe("the business's and the admins' notifications (issue 26)", () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();
  const { sql, fanOut } = notificationTestTools(em);
  const rowsOf = (kinds: string[]) =>
    sql<NotificationRow[]>(
      `select user_id, admin_id, kind, subject_type, subject_id, title, body, link from notifications
        where kind in (${kinds.map(() => '?').join(', ')}) order by id`,
      kinds,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    // Admin 1 acts in the payouts' helper; admin 3 is disabled (told nothing).
    await sql(
      `insert into admins (id, email, name, password_hash, disabled_at) values
         (1, 'a1@turno.test', 'A1', 'x', null), (2, 'a2@turno.test', 'A2', 'x', null),
         (3, 'a3@turno.test', 'A3', 'x', now())`,
    );
    await fanOut(); // the stream's cursor starts at the latest event
  });
  afterAll(async () => {
    await db.drop();
  });

  it('tell the business, once each, that its freelancer confirmed, asked for check-in and for check-out', async () => {
    const business = await insertRestaurant(em(), { businessName: 'Mercado Bom Preço' });
    const otherBusiness = await insertRestaurant(em(), { businessName: 'Mercado Vizinho' });
    const job = await insertJob(em(), business, {
      positionType: 'Repositor',
      dateNeeded: '2026-03-02',
      startTime: '08:00',
      endTime: '14:00',
    });
    await insertJob(em(), otherBusiness, { dateNeeded: '2026-03-02' });
    const freelancer = await insertFreelancer(em(), {
      name: 'Ana Souza',
      profilePhotoUrl: '/static/avatars/a.svg',
    });
    const asFreelancer = {
      role: 'freelancer' as const,
      freelancerId: freelancer.id,
      userId: freelancer.user.id,
    };
    const asBusiness = {
      role: 'restaurant' as const,
      restaurantId: business.id,
      userId: business.user.id,
      member: OWNER_MEMBERSHIP,
    };
    const { assignmentId } = await assignFreelancer(
      em(),
      { role: 'admin', adminId: 1 },
      { jobId: job.id, freelancerId: freelancer.id },
      local(-20),
    );
    const kinds = ['freelancer_confirmed', 'check_in_requested', 'check_out_requested'];
    await fanOut();
    expect(await rowsOf(kinds)).toEqual([]); // accepted, not confirmed yet

    await confirmShift(em(), asFreelancer, assignmentId, local(-16));
    await confirmShift(em(), asFreelancer, assignmentId, local(-15)); // again: answers the first
    await fanOut();
    await requestCheckIn(em(), asFreelancer, assignmentId, local(7, 30));
    await fanOut();
    await approveCheckIn(em(), asBusiness, assignmentId, local(7, 45));
    await requestCheckOut(em(), asFreelancer, assignmentId, local(14));
    await fanOut();
    await requestCheckOut(em(), asFreelancer, assignmentId, local(14, 5)); // resent
    await fanOut();
    await fanOut();

    const shift = 'Repositor (Mercado Bom Preço, 02/03/2026 às 08:00)';
    expect(await rowsOf(kinds)).toEqual([
      {
        user_id: business.user.id,
        admin_id: null,
        kind: 'freelancer_confirmed',
        subject_type: 'assignment',
        subject_id: assignmentId,
        title: 'Presença confirmada',
        body: `Ana Souza confirmou presença no turno de ${shift}.`,
        link: '/dashboard/agenda',
      },
      {
        user_id: business.user.id,
        admin_id: null,
        kind: 'check_in_requested',
        subject_type: 'assignment',
        subject_id: assignmentId,
        title: 'Check-in aguardando aprovação',
        body: `Ana Souza pediu check-in no turno de ${shift}. Aprove na Agenda.`,
        link: '/dashboard/agenda',
      },
      {
        user_id: business.user.id,
        admin_id: null,
        kind: 'check_out_requested',
        subject_type: 'assignment',
        subject_id: assignmentId,
        title: 'Check-out aguardando aprovação',
        body: `Ana Souza pediu check-out no turno de ${shift}. Aprove na Agenda.`,
        link: '/dashboard/agenda',
      },
    ]);
    // The other business and the freelancer hear none of them; each reached the business's live stream.
    const live = await sql<{ restaurant_id: number | null; n: string }[]>(
      `select e.restaurant_id, count(*) as n from domain_events e
         join notifications n on n.id = (e.payload->>'notificationId')::bigint
        where e.type = 'notification_created' and n.kind in ('freelancer_confirmed', 'check_in_requested', 'check_out_requested')
        group by e.restaurant_id`,
    );
    expect(live).toEqual([{ restaurant_id: business.id, n: '3' }]);
    expect(await rowsOf(['check_in_approved'])).toEqual([
      expect.objectContaining({ user_id: freelancer.user.id, subject_id: assignmentId }),
    ]);
  });

  it('tell every admin not disabled, once, of a payout failed or held and of a disputed timesheet', async () => {
    const payout = await completedShiftWithPayout(db, 'bruna@example.com');
    const [shift] = await sql<{ assignment_id: number }[]>('select assignment_id from payouts where id = ?', [
      payout.id,
    ]);
    const assignmentId = shift!.assignment_id;
    await fanOut();
    const adminKinds = ['payout_failed', 'payout_held', 'timesheet_disputed'];
    expect(await rowsOf(adminKinds)).toEqual([]);

    /** The payout's status as the PSP's answer leaves it, with its live event (payouts.service). */
    const payoutBecomes = (status: string) =>
      inTransaction(em(), async (tx) => {
        await tx.execute('update payouts set status = ? where id = ?', [status, payout.id]);
        await recordEvent(tx, {
          type: 'payout_updated',
          freelancerId: null,
          payload: { payoutId: payout.id, assignmentId },
        });
      });
    await payoutBecomes('failed');
    await fanOut();
    await payoutBecomes('failed'); // a second answer of the same failure
    await fanOut();
    await payoutBecomes('paid'); // paid after an admin's retry: nothing for admins
    await fanOut();

    const failed = await rowsOf(adminKinds);
    expect(failed.map((row) => row.admin_id)).toEqual([1, 2]);
    expect(failed[0]).toEqual({
      user_id: null,
      admin_id: 1,
      kind: 'payout_failed',
      subject_type: 'payout',
      subject_id: payout.id,
      title: 'Repasse com falha',
      body: expect.stringMatching(
        /^O Pix de R\$ [\d.,]+ para Bruna Lima pelo turno de .+ falhou\. Veja em Repasses\.$/,
      ),
      link: '/admin/dashboard?tab=repasses',
    });

    // A correction of the completed shift disputed: the admins decide it on "Disputas".
    const proposalId = await inTransaction(em(), async (tx) => {
      const [made] = await tx.execute<{ id: number }[]>(
        `insert into timesheet_proposals (assignment_id, proposed_by, proposed_by_user_id, check_in_at, check_out_at,
                                          reason, status, answer_deadline, answered_at, dispute_reason)
         select s.id, 'freelancer', f.user_id, s.check_in_at, s.check_out_at + interval '1 hour',
                'Fiquei uma hora a mais', 'disputed', now(), now(), 'Ela saiu no horário'
           from assignments s join freelancers f on f.id = s.freelancer_id where s.id = ?
         returning id`,
        [assignmentId],
      );
      await recordEvent(tx, { type: 'timesheet', payload: { assignmentId } });
      return made!.id;
    });
    await fanOut();
    await fanOut();
    const disputed = await rowsOf(['timesheet_disputed']);
    expect(disputed).toEqual([
      expect.objectContaining({ admin_id: 1, subject_type: 'timesheet', subject_id: proposalId }),
      expect.objectContaining({ admin_id: 2, subject_type: 'timesheet', subject_id: proposalId }),
    ]);
    expect(disputed[0]!.body).toMatch(
      /^Os horários do turno de Bruna Lima em .+ foram contestados e aguardam decisão\.$/,
    );
    expect(disputed[0]!.link).toBe('/admin/dashboard?tab=disputas');
    // No user (business or freelancer) receives an admin kind.
    expect((await rowsOf(adminKinds)).filter((row) => row.user_id !== null)).toEqual([]);
  });

  it("tell the admins of each failed attempt of a payout once: an admin's retry that fails again is told again", async () => {
    const payout = await completedShiftWithPayout(db, 'carla@example.com');
    const [before] = await sql<{ id: string }[]>('select max(id) as id from domain_events');
    await fanOut();
    /** The sender claims the payout's current attempt and the PSP refuses it; answers its idempotency id. */
    const attemptFails = async () => {
      const claim = await claimPayoutForSending(em(), payout.id, new Date());
      if (claim.action !== 'send') throw new Error(`payout ${payout.id}: ${claim.action}`);
      const idempotencyId = claim.payout.idempotencyId;
      await recordPayoutOutcome(em(), {
        idempotencyId,
        status: 'failed',
        failure: { reason: 'invalid_key' },
      });
      return idempotencyId;
    };
    const failedRows = () =>
      sql<{ admin_id: number; subject_id: number; subject_attempt: number; body: string }[]>(
        `select admin_id, subject_id, subject_attempt, body from notifications
          where kind = 'payout_failed' and subject_id = ? order by subject_attempt, admin_id`,
        [payout.id],
      );

    const first = await attemptFails();
    await fanOut();
    // The PSP's webhook repeats the first attempt's failure: nothing new.
    await recordPayoutOutcome(em(), {
      idempotencyId: first,
      status: 'failed',
      failure: { reason: 'invalid_key' },
    });
    await fanOut();
    expect((await failedRows()).map((row) => [row.admin_id, row.subject_attempt])).toEqual([
      [1, 0],
      [2, 0],
    ]);

    await retryFailedPayout(em(), { role: 'admin', adminId: 1 }, payout.id);
    const second = await attemptFails();
    expect(second).not.toBe(first);
    await fanOut();
    const rows = await failedRows();
    expect(rows.map((row) => [row.admin_id, row.subject_attempt])).toEqual([
      [1, 0],
      [2, 0],
      [1, 1],
      [2, 1],
    ]);
    // Each reached the admins' streams naming its audience (their bell re-reads on these only).
    const live = await sql<{ payload: { notificationId: number; audience?: string } }[]>(
      `select e.payload from domain_events e
         join notifications n on n.id = (e.payload->>'notificationId')::bigint
        where e.type = 'notification_created' and n.kind = 'payout_failed' and n.subject_id = ?`,
      [payout.id],
    );
    expect(live.map((row) => row.payload.audience)).toEqual(['admins', 'admins', 'admins', 'admins']);
    expect(rows[0]!.body).toMatch(/ falhou\. Veja em Repasses\.$/);
    expect(rows[2]!.body).toMatch(/ falhou \(tentativa 2\)\. Veja em Repasses\.$/);

    // A round redone from before the first failure (a crash before its commit) makes nothing again.
    await sql(`update notification_cursors set last_event_id = ? where stream = 'notifications'`, [
      Number(before!.id),
    ]);
    await fanOut();
    expect(await failedRows()).toHaveLength(4);
  });
});
