import { MESSAGES } from '@turno/domain';
import { Assignment, InvoiceAdjustment } from '../model';
import { createTestDatabase, type TestDatabase } from '../testing';
import { DAY, HOUR, MINUTE, admin, at, expectRefusal, insertInvoiceOf } from '../shared/test-kit';
import {
  acceptOverdueTimesheets,
  answerTimesheet,
  decideTimesheet,
  proposeTimesheet,
} from './timesheets.service';
import { insertCompletedShift, local } from './completed-shift-test-data';

// NOW is 09:00 in Sao Paulo; the shift below runs 08:00–18:00 (R$ 189,00 → R$ 150,00 to the freelancer).

describe('timesheets service', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  /** A shift checked in at 08:00 and out at 18:00 (paid in full), as an admin records it. */
  const completedShift = () => insertCompletedShift(em);

  const readAssignment = (id: number) => em().findOneOrFail(Assignment, { id });

  it('settles a correction the other side accepts: the times and the amounts follow it', async () => {
    const shift = await completedShift();
    const proposal = await proposeTimesheet(
      em(),
      shift.asBusiness,
      shift.assignmentId,
      { checkInAt: local(8), checkOutAt: local(13), reason: 'Saiu às 13h por motivo pessoal' },
      local(19),
    );
    expect(proposal).toMatchObject({ status: 'pending', proposedBy: 'restaurant' });
    expect(proposal.answerDeadline.getTime()).toBe(local(19).getTime() + DAY);

    await expectRefusal(
      answerTimesheet(em(), shift.asBusiness, proposal.proposalId, { accept: true }, local(20)),
      409,
      MESSAGES.timesheets.ownProposal,
    );
    const accepted = await answerTimesheet(
      em(),
      shift.asWorker,
      proposal.proposalId,
      { accept: true },
      local(20),
    );
    expect(accepted.status).toBe('accepted');
    // A retry answers the same.
    expect(
      (await answerTimesheet(em(), shift.asWorker, proposal.proposalId, { accept: true }, local(21))).status,
    ).toBe('accepted');

    const assignment = await readAssignment(shift.assignmentId);
    expect(assignment.checkOutAt).toEqual(local(13));
    expect(assignment).toMatchObject({
      payBasis: 'worked',
      paidMinutes: 300,
      restaurantChargeCents: 9_450,
      freelancerPayoutCents: 7_500,
      commissionCents: 1_950,
    });
    // Not invoiced yet: the invoice will bill the new amount, no adjustment.
    expect(await em().count(InvoiceAdjustment, { assignment: shift.assignmentId })).toBe(0);
  });

  it('accepts an unanswered proposal 24 h later, so the pay never waits on a manager', async () => {
    const shift = await completedShift();
    const proposal = await proposeTimesheet(
      em(),
      shift.asWorker,
      shift.assignmentId,
      {
        checkInAt: local(7, 30),
        checkOutAt: local(18, 30),
        reason: 'Fiquei até 18h30 para fechar o estoque',
      },
      local(18, 40),
    );
    expect(await acceptOverdueTimesheets(em(), new Date(proposal.answerDeadline.getTime() - 1))).toBe(0);
    expect(await acceptOverdueTimesheets(em(), proposal.answerDeadline)).toBe(1);
    expect(await acceptOverdueTimesheets(em(), proposal.answerDeadline)).toBe(0);

    // The business answering afterwards is told it was accepted automatically.
    await expectRefusal(
      answerTimesheet(
        em(),
        shift.asBusiness,
        proposal.proposalId,
        { accept: false, disputeReason: 'Não ficou' },
        local(20),
      ),
      409,
      MESSAGES.timesheets.notPending,
    );
    // Paid by worked time inside the schedule: the full shift, no more.
    expect(await readAssignment(shift.assignmentId)).toMatchObject({
      paidMinutes: 600,
      freelancerPayoutCents: 15_000,
    });
  });

  it('accepts on a late answer past the deadline even before the worker ran, and refuses the answer saying so', async () => {
    const shift = await completedShift();
    const proposal = await proposeTimesheet(
      em(),
      shift.asWorker,
      shift.assignmentId,
      { checkInAt: local(8), checkOutAt: local(17), reason: 'Horário correto de saída' },
      local(18, 5),
    );
    await expectRefusal(
      answerTimesheet(
        em(),
        shift.asBusiness,
        proposal.proposalId,
        { accept: false, disputeReason: 'Discordo do horário' },
        proposal.answerDeadline,
      ),
      409,
      MESSAGES.timesheets.autoAccepted(proposal.answerDeadline),
    );
    expect((await readAssignment(shift.assignmentId)).paidMinutes).toBe(540);
  });

  it('sends a dispute to the admin, whose decision after the invoice becomes an adjustment for the next invoice', async () => {
    const shift = await completedShift();
    const assignment = await readAssignment(shift.assignmentId);
    const db1 = em();
    await insertInvoiceOf(db1, await db1.findOneOrFail(Assignment, { id: assignment.id }), shift.job);

    const proposal = await proposeTimesheet(
      em(),
      shift.asBusiness,
      shift.assignmentId,
      { checkInAt: local(8), checkOutAt: local(10), reason: 'Abandonou o posto às 10h' },
      local(19),
    );
    await expectRefusal(
      decideTimesheet(
        em(),
        admin,
        proposal.proposalId,
        { decision: 'none', note: 'Sem registro' },
        local(20),
      ),
      409,
      MESSAGES.timesheets.notDisputed,
    );
    const disputed = await answerTimesheet(
      em(),
      shift.asWorker,
      proposal.proposalId,
      { accept: false, disputeReason: 'Trabalhei até as 18h, o gerente viu' },
      local(20),
    );
    expect(disputed.status).toBe('disputed');
    // Nothing is paid differently while disputed.
    expect((await readAssignment(shift.assignmentId)).freelancerPayoutCents).toBe(15_000);

    const decided = await decideTimesheet(
      em(),
      admin,
      proposal.proposalId,
      { decision: 'partial', note: 'Câmeras mostram saída às 10h' },
      local(22),
    );
    expect(decided).toMatchObject({ status: 'decided', decision: 'partial' });
    expect(await readAssignment(shift.assignmentId)).toMatchObject({
      paidMinutes: 120,
      restaurantChargeCents: 3_780,
      freelancerPayoutCents: 3_000,
    });
    const adjustments = await em().find(InvoiceAdjustment, { assignment: shift.assignmentId });
    expect(adjustments.map((a) => [a.chargeDeltaCents, a.payoutDeltaCents, a.invoice ?? null])).toEqual([
      [-15_120, -12_000, null],
    ]);
  });

  it('refuses what a hurried or dishonest user tries', async () => {
    const shift = await completedShift();
    const other = await completedShift();
    const input = { checkInAt: local(8), checkOutAt: local(12), reason: 'Saída às 12h' };
    // Another business's shift, another freelancer's shift: not found.
    await expectRefusal(
      proposeTimesheet(em(), other.asBusiness, shift.assignmentId, input, local(19)),
      404,
      MESSAGES.assignments.notFound,
    );
    await expectRefusal(
      proposeTimesheet(em(), other.asWorker, shift.assignmentId, input, local(19)),
      404,
      MESSAGES.assignments.notFound,
    );
    // Times out of order, too early, too late; a reason too short; after 48 h.
    await expectRefusal(
      proposeTimesheet(
        em(),
        shift.asWorker,
        shift.assignmentId,
        { ...input, checkOutAt: local(8) },
        local(19),
      ),
      400,
      MESSAGES.timesheets.timesOrder,
    );
    await expectRefusal(
      proposeTimesheet(
        em(),
        shift.asWorker,
        shift.assignmentId,
        { ...input, checkInAt: local(6, 59) },
        local(19),
      ),
      400,
      MESSAGES.timesheets.timesTooEarly,
    );
    await expectRefusal(
      proposeTimesheet(
        em(),
        shift.asWorker,
        shift.assignmentId,
        { ...input, checkOutAt: local(30, 1) },
        local(19),
      ),
      400,
      MESSAGES.timesheets.timesTooLate,
    );
    await expectRefusal(
      proposeTimesheet(em(), shift.asWorker, shift.assignmentId, { ...input, reason: ' ok ' }, local(19)),
      400,
      MESSAGES.timesheets.reasonLength(5, 500),
    );
    await expectRefusal(
      proposeTimesheet(em(), shift.asWorker, shift.assignmentId, input, at(48 * HOUR + MINUTE, local(18))),
      409,
      MESSAGES.timesheets.windowClosed,
    );
    // One open proposal at a time, whoever proposes; another's proposal cannot be answered.
    const first = await proposeTimesheet(em(), shift.asWorker, shift.assignmentId, input, local(19));
    await expectRefusal(
      proposeTimesheet(em(), shift.asBusiness, shift.assignmentId, input, local(19)),
      409,
      MESSAGES.timesheets.alreadyOpen,
    );
    await expectRefusal(
      answerTimesheet(em(), other.asBusiness, first.proposalId, { accept: true }, local(20)),
      404,
      MESSAGES.timesheets.notFound,
    );
    // Two answers at once: one settles, the other sees it answered.
    const answers = await Promise.allSettled([
      answerTimesheet(em(), shift.asBusiness, first.proposalId, { accept: true }, local(20)),
      answerTimesheet(
        em(),
        shift.asBusiness,
        first.proposalId,
        { accept: false, disputeReason: 'Discordo da saída' },
        local(20),
      ),
    ]);
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
  });
});
