import {
  AdminAuditEventsPageSchema,
  DisputedTimesheetListSchema,
  TimesheetStateSchema,
} from '@turno/contracts';
import { Assignment, Restaurant, answerTimesheet, proposeTimesheet } from '@turno/core';
import { insertJob } from '@turno/core/testing';
import { MESSAGES, saoPauloDate, saoPauloTime } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createAdminOpsBff } from '../app';

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
beforeAll(async () => {
  bff = await startBffForTest(createAdminOpsBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.admin);
});
afterAll(() => bff.close());

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/** A disputed correction on a shift of the demo business that ran 9 h ago → 1 h ago (R$ 149 → R$ 120). */
async function disputedProposal(): Promise<{ proposalId: number; assignmentId: number }> {
  const em = bff.db.orm.em.fork();
  const market = await em.findOneOrFail(Restaurant, { id: roles.restaurant.restaurantId });
  const [start, end] = [hoursAgo(9), hoursAgo(1)];
  const job = await insertJob(em, market, {
    dateNeeded: saoPauloDate(start),
    startTime: saoPauloTime(start),
    endTime: saoPauloTime(end),
    workloadMinutes: 480,
    status: 'completed',
  });
  const assignment = em.create(Assignment, {
    job,
    freelancer: roles.freelancer.freelancerId,
    status: 'completed',
    checkInAt: start,
    checkOutAt: end,
    completedAt: end,
    restaurantChargeCents: 14_900,
    freelancerPayoutCents: 12_000,
    commissionCents: 2_900,
  });
  await em.flush();
  const { proposalId } = await proposeTimesheet(bff.db.orm.em.fork(), roles.restaurant, assignment.id, {
    checkInAt: start,
    checkOutAt: hoursAgo(7),
    reason: 'Saiu após 2 horas',
  });
  await answerTimesheet(bff.db.orm.em.fork(), roles.freelancer, proposalId, {
    accept: false,
    disputeReason: 'Fiquei até o fim do turno',
  });
  return { proposalId, assignmentId: assignment.id };
}

describe('timesheet disputes (admin)', () => {
  it('lists a dispute with both sides’ words, and the decision settles the shift, audited', async () => {
    const { proposalId } = await disputedProposal();
    const list = await bff.request('/api/admin/timesheets/disputed?limit=100', { cookie });
    expect(list.status).toBe(200);
    const row = DisputedTimesheetListSchema.parse(list.body).find((item) => item.proposalId === proposalId);
    expect(row).toMatchObject({
      status: 'disputed',
      reason: 'Saiu após 2 horas',
      disputeReason: 'Fiquei até o fim do turno',
      freelancerPaymentAmount: 120,
      restaurantPaymentAmount: 149,
    });

    const decided = await bff.request(`/api/admin/timesheets/${proposalId}/decide`, {
      method: 'POST',
      cookie,
      json: { decision: 'full', note: 'Gerente confirmou a presença até o fim' },
    });
    expect(decided.status).toBe(200);
    expect(TimesheetStateSchema.parse(decided.body)).toMatchObject({ status: 'decided', decision: 'full' });
    const again = await bff.request(`/api/admin/timesheets/${proposalId}/decide`, {
      method: 'POST',
      cookie,
      json: { decision: 'none', note: 'Mudança de ideia' },
    });
    expect(again).toMatchObject({ status: 409, body: { error: MESSAGES.timesheets.notDisputed } });

    const audit = AdminAuditEventsPageSchema.parse(
      (
        await bff.request(`/api/admin/audit-events?targetType=timesheets&targetId=${proposalId}`, {
          cookie,
        })
      ).body,
    );
    expect(audit.items.map((item) => item.action)).toContain('POST /api/admin/timesheets/:id/decide');
  });

  it('refuses a bad decision in pt-BR', async () => {
    const { proposalId } = await disputedProposal();
    for (const json of [{}, { decision: 'metade', note: 'Motivo válido' }, { decision: 'full', note: 'x' }]) {
      const answer = await bff.request(`/api/admin/timesheets/${proposalId}/decide`, {
        method: 'POST',
        cookie,
        json,
      });
      expect(answer.status).toBe(400);
      expect((answer.body as { error: string }).error).toMatch(/[a-zà-ú]/);
    }
    expect((await bff.request('/api/admin/timesheets/disputed?limit=0', { cookie })).status).toBe(400);
  });
});
