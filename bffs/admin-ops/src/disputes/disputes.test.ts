import { AdminDisputesPageSchema, AppealDecisionResponseSchema } from '@turno/contracts';
import { Assignment, Restaurant, appealStrike } from '@turno/core';
import { insertFreelancer, insertJob } from '@turno/core/testing';
import { MESSAGES, auditActionLabel, auditRecordLabel, saoPauloDate } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createAdminOpsBff } from '../app';

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
let market: Restaurant;
beforeAll(async () => {
  bff = await startBffForTest(createAdminOpsBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.admin);
  market = await bff.db.orm.em.fork().findOneOrFail(Restaurant, { id: roles.restaurant.restaurantId });
});
afterAll(() => bff.close());

const DAY = 24 * 3600_000;

/** A new freelancer with `count` no-show strikes of the last days, the last one appealed; its ids. */
async function appealedStrikes(count: number): Promise<{ freelancerId: number; strikeIds: number[] }> {
  const em = bff.db.orm.em.fork();
  const freelancer = await insertFreelancer(em);
  const strikeIds: number[] = [];
  for (let i = count; i >= 1; i--) {
    const given = new Date(Date.now() - i * DAY);
    const job = await insertJob(em, market, { dateNeeded: saoPauloDate(given), status: 'cancelled' });
    const assignment = em.create(Assignment, { job, freelancer, status: 'cancelled' });
    await em.flush();
    const [row] = await em.getConnection().execute<{ id: number }[]>(
      `insert into freelancer_strikes (freelancer_id, assignment_id, reason, created_at, expires_at)
       values (?, ?, 'no_show', ?, ?) returning id`,
      [freelancer.id, assignment.id, given, new Date(given.getTime() + 90 * DAY)],
    );
    strikeIds.push(row!.id);
  }
  const actor = { role: 'freelancer' as const, freelancerId: freelancer.id, userId: freelancer.user.id };
  await appealStrike(bff.db.orm.em.fork(), actor, strikeIds.at(-1)!, { text: 'O mercado estava fechado' });
  return { freelancerId: freelancer.id, strikeIds };
}

const decide = (id: number | string, json: unknown) =>
  bff.request(`/api/admin/strikes/${id}/appeal-decision`, { method: 'POST', cookie, json });

describe('"Disputas"', () => {
  it('lists pending appeals with the freelancer, reason, shift and text; removing one lifts the suspension', async () => {
    const { freelancerId, strikeIds } = await appealedStrikes(3);
    const appealed = strikeIds.at(-1)!;
    const page = AdminDisputesPageSchema.parse((await bff.request('/api/admin/disputes', { cookie })).body);
    expect(page.items.find((item) => item.id === appealed)).toMatchObject({
      kind: 'strike_appeal',
      freelancer_id: freelancerId,
      reason: 'no_show',
      text: 'O mercado estava fechado',
      status: 'pending',
      shift: expect.objectContaining({ restaurant_name: market.businessName }),
    });

    const answer = await decide(appealed, { decision: 'remove', note: 'Fechamento confirmado pelo mercado' });
    expect(answer.status).toBe(200);
    expect(AppealDecisionResponseSchema.parse(answer.body)).toMatchObject({
      message: MESSAGES.reliability.decidedRemoved,
      dispute: { id: appealed, status: 'removed' },
      suspended_until: null,
    });
    const after = AdminDisputesPageSchema.parse((await bff.request('/api/admin/disputes', { cookie })).body);
    expect(after.items.map((item) => item.id)).not.toContain(appealed);
    const decided = AdminDisputesPageSchema.parse(
      (await bff.request('/api/admin/disputes?status=decided', { cookie })).body,
    );
    expect(decided.items.map((item) => item.id)).toContain(appealed);

    // Audited with its pt-BR label, the decision and the note.
    const [audit] = await bff.db.orm.em
      .getConnection()
      .execute<{ action: string; details: { after?: Record<string, unknown> } }[]>(
        `select action, details from audit_events where target_type = 'strikes' and target_id = ? order by id desc limit 1`,
        [String(appealed)],
      );
    expect(auditActionLabel(audit!.action)).toBe('Decidiu recurso de ocorrência');
    expect(audit!.details.after?.[`strikes:${appealed}`]).toMatchObject({
      status: 'removed',
      decision_note: 'Fechamento confirmado pelo mercado',
    });
    // "Auditoria" names the record: 'Ocorrência #<id>' of the freelancer.
    const trail = (await bff.request('/api/admin/audit-events?limit=20', { cookie })).body as {
      items: { target_type: string | null; target_id: string | null; target_name: string | null }[];
    };
    const row = trail.items.find(
      (item) => item.target_type === 'strikes' && item.target_id === String(appealed),
    );
    expect(row?.target_name).toEqual(expect.any(String));
    expect(auditRecordLabel('strikes', appealed)).toBe(`Ocorrência #${appealed}`);
  });

  it('answers a retry the same, another decision 409, an unknown strike 404, bad input a pt-BR 400', async () => {
    const { strikeIds } = await appealedStrikes(1);
    const id = strikeIds[0]!;
    expect((await decide(id, { decision: 'uphold', note: 'Sem comprovação' })).status).toBe(200);
    expect((await decide(id, { decision: 'uphold', note: 'Sem comprovação' })).status).toBe(200);
    // A kept strike ("Manter") is in the decided appeals too.
    const decided = AdminDisputesPageSchema.parse(
      (await bff.request('/api/admin/disputes?status=decided', { cookie })).body,
    );
    expect(decided.items.find((item) => item.id === id)).toMatchObject({
      status: 'upheld',
      decision_note: 'Sem comprovação',
    });
    expect(await decide(id, { decision: 'remove', note: 'Mudei de ideia' })).toMatchObject({
      status: 409,
      body: { error: MESSAGES.reliability.alreadyDecided },
    });
    expect(await decide(99_999_999, { decision: 'remove', note: 'Não existe' })).toMatchObject({
      status: 404,
      body: { error: MESSAGES.reliability.strikeNotFound },
    });
    expect(await decide(id, { decision: 'talvez', note: 'Texto válido' })).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining(MESSAGES.reliability.invalidDecision) },
    });
    expect(await decide(id, { decision: 'remove', note: 'ok' })).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining(MESSAGES.reliability.noteLength) },
    });
    expect((await bff.request('/api/admin/disputes?status=todas', { cookie })).status).toBe(400);
    expect((await bff.request('/api/admin/disputes?limit=500', { cookie })).status).toBe(400);
  });

  it('lists pending appeals oldest first, a page at a time', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await appealedStrikes(1)).strikeIds[0]!);
    const all = AdminDisputesPageSchema.parse(
      (await bff.request('/api/admin/disputes?limit=200', { cookie })).body,
    );
    expect(all.items.filter((item) => ids.includes(item.id)).map((item) => item.id)).toEqual(ids);
    const first = AdminDisputesPageSchema.parse(
      (await bff.request('/api/admin/disputes?limit=1', { cookie })).body,
    );
    expect(first.items).toHaveLength(1);
    expect(first.total).toBe(all.total);
    const second = AdminDisputesPageSchema.parse(
      (
        await bff.request(`/api/admin/disputes?limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`, {
          cookie,
        })
      ).body,
    );
    expect(second.items).toHaveLength(1);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
  });
});
