import { MESSAGES, PAYOUT_MESSAGES, payoutIdempotencyId } from '@turno/domain';
import { Assignment, Freelancer, Payout } from '../model';
import { createTestDatabase, insertRestaurant, type TestDatabase } from '../testing';
import {
  DAY,
  HOUR,
  MINUTE,
  NOW,
  admin,
  asFreelancer,
  asRestaurant,
  at,
  expectRefusal,
  insertEligibleFreelancer,
  insertTodayJob,
} from '../shared/test-kit';
import { approveCheckOut, manualCheckIn, requestCheckOut } from '../assignments/assignments.service';
import { updateFreelancerProfile } from '../accounts/accounts.service';
import { assignFreelancer } from '../workflows/staffing.service';
import {
  claimPayoutForSending,
  markPayoutPaidOutside,
  recordPayoutOutcome,
  releaseHeldPayout,
  retryFailedPayout,
  returnUnsentPayout,
  sweepPayouts,
} from './payouts.service';

describe('payouts', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  const CPF = '52998224725';
  const KEY = 'bruna@example.com';

  /** A freelancer checked in on a 6 h shift today (08:00–14:00, R$ 150,00 to them), check-out asked. */
  async function checkedOutShift(fields: Partial<Freelancer> = {}) {
    const restaurant = await insertRestaurant(em());
    const freelancer = await insertEligibleFreelancer(em(), {
      name: 'Bruna Lima',
      cpf: CPF,
      pixKey: KEY,
      ...fields,
    });
    const job = await insertTodayJob(em(), restaurant);
    const { assignmentId } = await assignFreelancer(
      em(),
      admin,
      { jobId: job.id, freelancerId: freelancer.id },
      NOW,
    );
    await manualCheckIn(em(), admin, assignmentId, at(-HOUR));
    await requestCheckOut(em(), asFreelancer(freelancer), assignmentId, at(5 * HOUR));
    return { restaurant, freelancer, assignmentId };
  }
  const payoutOf = (assignmentId: number) => em().findOneOrFail(Payout, { assignment: assignmentId });
  const auditActions = async (payoutId: number) =>
    (
      await em()
        .getConnection()
        .execute<{ action: string }[]>(
          `select action from audit_events where target_type = 'payouts' and target_id = ? order by id`,
          [String(payoutId)],
        )
    ).map((row) => row.action);

  const payoutEvents = async (freelancerId: number) =>
    Number(
      (
        await em()
          .getConnection()
          .execute<{ n: string }[]>(
            `select count(*) as n from domain_events where type = 'payout_updated' and freelancer_id = ?`,
            [freelancerId],
          )
      )[0]!.n,
    );

  it('a completion creates one payout of the freelancer amount to the key as it stands, even twenty at once', async () => {
    const { restaurant, freelancer, assignmentId } = await checkedOutShift();
    const approvals = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        approveCheckOut(em(), i % 2 ? admin : asRestaurant(restaurant), assignmentId, at(5 * HOUR + MINUTE)),
      ),
    );
    expect(approvals.every((outcome) => outcome.status === 'fulfilled')).toBe(true);
    const payouts = await em().find(Payout, { assignment: assignmentId });
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({
      freelancer: expect.objectContaining({ id: freelancer.id }),
      amountCents: (await em().findOneOrFail(Assignment, { id: assignmentId })).freelancerPayoutCents,
      attempt: 0,
      idempotencyId: payoutIdempotencyId(assignmentId, 0),
      status: 'pending',
      pixKey: KEY,
      payeeName: 'Bruna Lima',
      payeeCpf: CPF,
    });
    expect(await auditActions(payouts[0]!.id)).toEqual(['payout.created']);
    const events = await em()
      .getConnection()
      .execute<{ n: string }[]>(
        `select count(*) as n from domain_events where type = 'payout_updated' and freelancer_id = ?`,
        [freelancer.id],
      );
    expect(Number(events[0]!.n)).toBe(1);
  });

  it('is sent once: claimed as sending before the PSP call, a repeated claim asks the PSP first, paid is final', async () => {
    const { restaurant, assignmentId } = await checkedOutShift();
    await approveCheckOut(em(), asRestaurant(restaurant), assignmentId, at(5 * HOUR + MINUTE));
    const payout = await payoutOf(assignmentId);

    const first = await claimPayoutForSending(em(), payout.id, at(6 * HOUR));
    expect(first).toMatchObject({
      action: 'send',
      payout: { idempotencyId: payout.idempotencyId, amountCents: payout.amountCents },
    });
    expect(await payoutOf(assignmentId)).toMatchObject({ status: 'sending', sendingSince: at(6 * HOUR) });
    // The worker died after the call, or the job is retried: it must ask the PSP, not send again.
    expect(await claimPayoutForSending(em(), payout.id, at(6 * HOUR + MINUTE))).toMatchObject({
      action: 'check',
    });

    // Out of order: "processing" after nothing changes nothing; "paid" settles; later news changes nothing.
    expect(
      await recordPayoutOutcome(em(), { idempotencyId: payout.idempotencyId, status: 'processing' }),
    ).toBe('sending');
    const paidAt = at(6 * HOUR + 30_000);
    expect(
      await recordPayoutOutcome(em(), {
        idempotencyId: payout.idempotencyId,
        status: 'paid',
        endToEndId: 'E123',
        at: paidAt,
      }),
    ).toBe('paid');
    expect(
      await recordPayoutOutcome(em(), { idempotencyId: payout.idempotencyId, status: 'paid', at: at(DAY) }),
    ).toBe('paid');
    expect(
      await recordPayoutOutcome(em(), {
        idempotencyId: payout.idempotencyId,
        status: 'failed',
        failure: { reason: 'invalid_key' },
      }),
    ).toBe('paid');
    expect(
      await recordPayoutOutcome(em(), { idempotencyId: payout.idempotencyId, status: 'processing' }),
    ).toBe('paid');
    expect(await payoutOf(assignmentId)).toMatchObject({
      status: 'paid',
      paidAt,
      endToEndId: 'E123',
      failureReason: null,
    });
    expect(await claimPayoutForSending(em(), payout.id, at(DAY))).toEqual({ action: 'done', status: 'paid' });
    expect(
      await recordPayoutOutcome(em(), { idempotencyId: 'TURNOREPASSE9999999999999999T000', status: 'paid' }),
    ).toBeNull();
    expect(await auditActions(payout.id)).toEqual(['payout.created', 'payout.sending', 'payout.paid']);
  });

  it('twenty deliveries of the same outcome at once settle the payout once: one event, one audit entry with its details', async () => {
    const { restaurant, freelancer, assignmentId } = await checkedOutShift();
    await approveCheckOut(em(), asRestaurant(restaurant), assignmentId, at(5 * HOUR + MINUTE));
    const payout = await payoutOf(assignmentId);
    await claimPayoutForSending(em(), payout.id, at(6 * HOUR));
    const eventsBefore = await payoutEvents(freelancer.id);
    const paidAt = at(6 * HOUR + 20_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        recordPayoutOutcome(
          em(),
          i % 2
            ? { idempotencyId: payout.idempotencyId, status: 'paid', endToEndId: 'E777', at: paidAt }
            : {
                idempotencyId: payout.idempotencyId,
                status: 'failed',
                failure: { reason: 'invalid_key', pspCode: 'x' },
              },
          at(6 * HOUR + MINUTE),
        ),
      ),
    );
    const settled = await payoutOf(assignmentId);
    expect(['paid', 'failed']).toContain(settled.status);
    // Every delivery answers the state it ended in, whichever won.
    expect(answers).toEqual(answers.map(() => settled.status));
    expect((await auditActions(payout.id)).filter((a) => a === `payout.${settled.status}`)).toHaveLength(1);
    expect(await payoutEvents(freelancer.id)).toBe(eventsBefore + 1);
    const [entry] = await em()
      .getConnection()
      .execute<{ actor_kind: string; outcome: string; details: Record<string, unknown> }[]>(
        `select actor_kind, outcome, details from audit_events
          where target_type = 'payouts' and target_id = ? and action = ?`,
        [String(payout.id), `payout.${settled.status}`],
      );
    expect(entry).toEqual({
      actor_kind: 'system',
      outcome: 'success',
      details: {
        status: settled.status,
        attempt: 0,
        kind: 'shift',
        failureReason: settled.status === 'paid' ? null : 'invalid_key',
        failureCode: '[removido]',
      },
    });
    if (settled.status === 'paid')
      expect(settled).toMatchObject({ paidAt, endToEndId: 'E777', failureReason: null, failureCode: null });
    else expect(settled).toMatchObject({ paidAt: null, failureReason: 'invalid_key', failureCode: 'x' });
  });

  it('the sweep hands back pending payouts and asks about those sending for over two minutes; an unknown send returns to pending', async () => {
    const { restaurant, assignmentId } = await checkedOutShift();
    await approveCheckOut(em(), asRestaurant(restaurant), assignmentId, at(5 * HOUR + MINUTE));
    const payout = await payoutOf(assignmentId);
    expect((await sweepPayouts(em(), at(6 * HOUR))).pending).toContain(payout.id);
    await claimPayoutForSending(em(), payout.id, at(6 * HOUR));
    const soon = await sweepPayouts(em(), at(6 * HOUR + MINUTE));
    expect(soon.pending).not.toContain(payout.id);
    expect(soon.stale).not.toContain(payout.id);
    expect((await sweepPayouts(em(), at(6 * HOUR + 3 * MINUTE))).stale).toContain(payout.id);
    await returnUnsentPayout(em(), payout.id);
    // Its attempt was handed to the PSP: `sendingSince` stays (its amount is frozen, `isPayoutAmountOpen`).
    expect(await payoutOf(assignmentId)).toMatchObject({ status: 'pending', sendingSince: expect.any(Date) });
  });

  it('holds a payout to a Pix key changed less than 24 h ago until the 24 h pass or an admin releases it', async () => {
    const { restaurant, freelancer, assignmentId } = await checkedOutShift();
    // The key changes an hour before the approval.
    const changedAt = at(HOUR);
    await updateFreelancerProfile(
      em(),
      asFreelancer(freelancer),
      { name: 'Bruna Lima', cpf: CPF, pixKey: 'bruna.nova@example.com' },
      changedAt,
    );
    expect(await em().findOneOrFail(Freelancer, { id: freelancer.id })).toMatchObject({
      pixKeyChangedAt: changedAt,
    });
    await approveCheckOut(em(), asRestaurant(restaurant), assignmentId, at(5 * HOUR + MINUTE));
    const payout = await payoutOf(assignmentId);
    expect(payout).toMatchObject({
      status: 'held',
      heldUntil: at(25 * HOUR),
      pixKey: 'bruna.nova@example.com',
    });
    expect(await claimPayoutForSending(em(), payout.id, at(6 * HOUR))).toEqual({
      action: 'done',
      status: 'held',
    });
    expect((await sweepPayouts(em(), at(24 * HOUR))).pending).not.toContain(payout.id);
    const later = await sweepPayouts(em(), at(25 * HOUR));
    expect(later.released).toBeGreaterThanOrEqual(1);
    expect(later.pending).toContain(payout.id);
    expect(await auditActions(payout.id)).toEqual(['payout.created', 'payout.released']);

    // Another held payout, released by an admin; only a held one can be.
    const second = await checkedOutShift();
    await updateFreelancerProfile(
      em(),
      asFreelancer(second.freelancer),
      { name: 'Bruna Lima', cpf: CPF, pixKey: 'outra@example.com' },
      at(HOUR),
    );
    await approveCheckOut(em(), asRestaurant(second.restaurant), second.assignmentId, at(5 * HOUR + MINUTE));
    const held = await payoutOf(second.assignmentId);
    await expectRefusal(
      releaseHeldPayout(em(), asFreelancer(second.freelancer), held.id),
      403,
      MESSAGES.common.forbidden,
    );
    expect(await releaseHeldPayout(em(), admin, held.id)).toEqual({ payoutId: held.id, status: 'pending' });
    await expectRefusal(releaseHeldPayout(em(), admin, held.id), 409, PAYOUT_MESSAGES.notReleasable);
    await expectRefusal(releaseHeldPayout(em(), admin, 999_999), 404, PAYOUT_MESSAGES.notFound);
  });

  it('the first Pix key is not a change: no hold', async () => {
    const { restaurant, freelancer, assignmentId } = await checkedOutShift({ pixKey: null });
    await updateFreelancerProfile(
      em(),
      asFreelancer(freelancer),
      { name: 'Bruna Lima', cpf: CPF, pixKey: KEY },
      at(HOUR),
    );
    await approveCheckOut(em(), asRestaurant(restaurant), assignmentId, at(5 * HOUR + MINUTE));
    expect(await payoutOf(assignmentId)).toMatchObject({ status: 'pending', heldUntil: null, pixKey: KEY });
  });

  it('a failed payout is retried by an admin as a new attempt to the key as it stands; the old attempt stays ignored', async () => {
    const { restaurant, freelancer, assignmentId } = await checkedOutShift();
    await approveCheckOut(em(), asRestaurant(restaurant), assignmentId, at(5 * HOUR + MINUTE));
    const payout = await payoutOf(assignmentId);
    await expectRefusal(retryFailedPayout(em(), admin, payout.id), 409, PAYOUT_MESSAGES.notRetryable);
    await claimPayoutForSending(em(), payout.id, at(6 * HOUR));
    expect(
      await recordPayoutOutcome(em(), {
        idempotencyId: payout.idempotencyId,
        status: 'failed',
        failure: { reason: 'key_not_found', pspCode: 'chave_nao_encontrada' },
      }),
    ).toBe('failed');
    expect(await payoutOf(assignmentId)).toMatchObject({
      failureReason: 'key_not_found',
      failureCode: 'chave_nao_encontrada',
    });

    // The freelancer fixes the key more than 24 h before the admin's retry: sent to the new key.
    await updateFreelancerProfile(
      em(),
      asFreelancer(freelancer),
      { name: 'Bruna Lima', cpf: CPF, pixKey: 'certa@example.com' },
      at(4 * HOUR),
    );
    expect(await retryFailedPayout(em(), admin, payout.id, at(29 * HOUR))).toEqual({
      payoutId: payout.id,
      status: 'pending',
    });
    const retried = await payoutOf(assignmentId);
    expect(retried).toMatchObject({
      attempt: 1,
      idempotencyId: payoutIdempotencyId(assignmentId, 1),
      pixKey: 'certa@example.com',
      failureReason: null,
    });
    // A late "paid" for the first, refused id changes nothing.
    expect(
      await recordPayoutOutcome(em(), { idempotencyId: payout.idempotencyId, status: 'paid' }),
    ).toBeNull();
    expect((await payoutOf(assignmentId)).status).toBe('pending');
  });

  it('an admin marks a payout paid outside the platform, with a reason, but not while it is being sent', async () => {
    const { restaurant, assignmentId } = await checkedOutShift();
    await approveCheckOut(em(), asRestaurant(restaurant), assignmentId, at(5 * HOUR + MINUTE));
    const payout = await payoutOf(assignmentId);
    await expectRefusal(
      markPayoutPaidOutside(em(), admin, payout.id, ' ok '),
      400,
      PAYOUT_MESSAGES.reasonRequired,
    );
    await claimPayoutForSending(em(), payout.id, at(6 * HOUR));
    await expectRefusal(
      markPayoutPaidOutside(em(), admin, payout.id, 'TED feita pelo financeiro'),
      409,
      PAYOUT_MESSAGES.sendingCannotBeMarked,
    );
    await recordPayoutOutcome(em(), {
      idempotencyId: payout.idempotencyId,
      status: 'failed',
      failure: { reason: 'unknown' },
    });
    expect(
      await markPayoutPaidOutside(em(), admin, payout.id, 'TED feita pelo financeiro', at(5 * HOUR)),
    ).toEqual({
      payoutId: payout.id,
      status: 'paid',
    });
    expect(await payoutOf(assignmentId)).toMatchObject({
      status: 'paid',
      paidAt: at(5 * HOUR),
      paidOutsideReason: 'TED feita pelo financeiro',
    });
    await expectRefusal(
      markPayoutPaidOutside(em(), admin, payout.id, 'de novo, por engano'),
      409,
      PAYOUT_MESSAGES.alreadyPaid,
    );
    expect(await auditActions(payout.id)).toEqual([
      'payout.created',
      'payout.sending',
      'payout.failed',
      'payout.paid_outside',
    ]);
  });
});
