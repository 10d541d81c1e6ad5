import { OWNER_MEMBERSHIP, User, acceptMemberInvitation } from '@turno/core';
import { insertRestaurant } from '@turno/core/testing';
import { InviteMemberResponseSchema, SavedStoreSchema, TeamSchema } from '@turno/contracts';
import { BUSINESS_MEMBER_MESSAGES, MEMBER_INVITATION_VALID_DAYS, saoPauloDate } from '@turno/domain';
import { startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { JOB_NAMES, teamInvitationJobId } from '@turno/workers';
import { createRestaurantBff } from '../app';
import { notificationsQueue } from './invitation-mail';

/**
 * "Equipe" (issue 28): the owner invites a person by e-mail as manager or supervisor of some stores
 * (a one-time link valid 7 days), the person accepts, the owner changes their role and removes
 * them; the change applies at the member's next request and a removal ends their sessions.
 */
let bff: TestBff;
beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
});
afterAll(async () => {
  // The e-mail jobs these tests left (no worker consumes the tests' prefix).
  await notificationsQueue(bff.redis).obliterate({ force: true });
  await bff.close();
});

const DAY = 24 * 3_600_000;

async function ownerWithTwoStores() {
  const restaurant = await insertRestaurant(bff.db.orm.em.fork(), { businessName: 'Rede Boa Compra' });
  const cookie = await bff.sessionCookie({
    role: 'restaurant',
    restaurantId: restaurant.id,
    userId: restaurant.user.id,
    member: OWNER_MEMBERSHIP,
  });
  const second = SavedStoreSchema.parse(
    (await bff.request('/api/restaurant/stores', { cookie, json: { name: 'Loja Vila Nova' } })).body,
  );
  return { restaurant, cookie, secondStoreId: second.id };
}

async function person(email: string) {
  const em = bff.db.orm.em.fork();
  const user = em.create(User, { email, name: 'Bruno Lima', userType: null });
  await em.flush();
  return user.id;
}

const tokenOf = (path: string) => path.split('/').pop()!;

it('invites a manager for one store; once accepted they work there only, and a removal signs them out', async () => {
  const { restaurant, cookie, secondStoreId } = await ownerWithTwoStores();
  const invited = await bff.request('/api/restaurant/team/invitations', {
    cookie,
    json: { email: ' Bruno@Example.com ', role: 'manager', storeIds: [secondStoreId] },
  });
  expect(invited.status).toBe(201);
  const invitation = InviteMemberResponseSchema.parse(invited.body);
  expect(invitation).toMatchObject({
    email: 'bruno@example.com',
    role: 'manager',
    store_ids: [secondStoreId],
  });
  expect(invitation.path).toMatch(/^\/convite-equipe\/[A-Za-z0-9_-]{32}$/);
  // The link goes to the workers' e-mail channel: one job per invitation, with the token.
  expect(invitation.emailed).toBe(true);
  const mailJob = await notificationsQueue(bff.redis).getJob(teamInvitationJobId(invitation.id));
  expect(mailJob?.name).toBe(JOB_NAMES.sendTeamInvitation);
  expect(mailJob?.data).toEqual({ token: tokenOf(invitation.path) });
  const validFor = new Date(invitation.expires_at).getTime() - Date.now();
  expect(validFor).toBeGreaterThan(MEMBER_INVITATION_VALID_DAYS * DAY - 60_000);
  expect(validFor).toBeLessThanOrEqual(MEMBER_INVITATION_VALID_DAYS * DAY);

  let team = TeamSchema.parse((await bff.request('/api/restaurant/team', { cookie })).body);
  expect(team.members).toEqual([expect.objectContaining({ role: 'owner', store_ids: [], is_you: true })]);
  expect(team.invitations).toEqual([
    expect.objectContaining({ id: invitation.id, email: 'bruno@example.com' }),
  ]);

  // The person signs in and accepts: a manager of the second store.
  const userId = await person('bruno@example.com');
  await acceptMemberInvitation(bff.db.orm.em.fork(), userId, tokenOf(invitation.path));
  const twice = await acceptMemberInvitation(bff.db.orm.em.fork(), userId, tokenOf(invitation.path)).catch(
    (error: unknown) => error,
  );
  expect(twice).toMatchObject({ status: 409, message: BUSINESS_MEMBER_MESSAGES.invitationUsed });
  team = TeamSchema.parse((await bff.request('/api/restaurant/team', { cookie })).body);
  const manager = team.members.find((member) => member.role === 'manager')!;
  expect(manager).toMatchObject({ name: 'Bruno Lima', store_ids: [secondStoreId], is_you: false });
  expect(team.invitations).toEqual([]);

  const managerCookie = await bff.sessionCookie({
    role: 'restaurant',
    restaurantId: restaurant.id,
    userId,
    member: { role: 'manager', storeIds: [secondStoreId] },
  });
  const vacancy = {
    positionType: 'Estoquista',
    workload: 6,
    startTime: '09:00',
    dates: [saoPauloDate(new Date(Date.now() + 2 * DAY))],
  };
  expect((await bff.request('/api/jobs', { cookie: managerCookie, json: vacancy })).status).toBe(201);
  expect((await bff.request('/api/restaurant/team', { cookie: managerCookie })).status).toBe(403);

  // Made a supervisor: no more vacancies, from the next request on.
  const changed = await bff.request(`/api/restaurant/team/members/${manager.id}`, {
    method: 'PUT',
    cookie,
    json: { role: 'supervisor', storeIds: [secondStoreId] },
  });
  expect(changed).toMatchObject({ status: 200, body: { message: BUSINESS_MEMBER_MESSAGES.memberChanged } });
  expect((await bff.request('/api/jobs', { cookie: managerCookie, json: vacancy })).status).toBe(403);

  // Removed: every session of theirs ends at once.
  const removed = await bff.request(`/api/restaurant/team/members/${manager.id}`, {
    method: 'DELETE',
    cookie,
  });
  expect(removed).toMatchObject({
    status: 200,
    body: { message: BUSINESS_MEMBER_MESSAGES.memberRemovedByOwner },
  });
  expect((await bff.request('/api/jobs', { cookie: managerCookie })).status).toBe(401);
  team = TeamSchema.parse((await bff.request('/api/restaurant/team', { cookie })).body);
  expect(team.members.map((member) => member.role)).toEqual(['owner']);
});

it('refuses, in pt-BR, a bad address, no store, another business store, the owner, and a revoked or expired link', async () => {
  const { cookie, restaurant } = await ownerWithTwoStores();
  const other = await ownerWithTwoStores();
  const invite = (json: object) => bff.request('/api/restaurant/team/invitations', { cookie, json });
  expect(
    await invite({ email: 'não-é-email', role: 'manager', storeIds: [other.secondStoreId] }),
  ).toMatchObject({
    status: 400,
    body: { error: 'Informe um e-mail válido.' },
  });
  expect(await invite({ email: 'x@example.com', role: 'supervisor', storeIds: [] })).toMatchObject({
    status: 400,
    body: { error: BUSINESS_MEMBER_MESSAGES.managerNeedsStores },
  });
  expect(
    await invite({ email: 'x@example.com', role: 'manager', storeIds: [other.secondStoreId] }),
  ).toMatchObject({ status: 404, body: { error: BUSINESS_MEMBER_MESSAGES.storeNotFound } });

  const team = TeamSchema.parse((await bff.request('/api/restaurant/team', { cookie })).body);
  const owner = team.members[0]!;
  expect(
    await bff.request(`/api/restaurant/team/members/${owner.id}`, { method: 'DELETE', cookie }),
  ).toMatchObject({ status: 409, body: { error: BUSINESS_MEMBER_MESSAGES.ownerCannotLeave } });

  // Revoked: the link no longer works, and a second revocation is 404.
  const storeIds = [
    (
      await bff.db.orm.em
        .fork()
        .execute<{ id: number }[]>('select id from stores where restaurant_id = ? order by id limit 1', [
          restaurant.id,
        ])
    )[0]!.id,
  ];
  const revoked = InviteMemberResponseSchema.parse(
    (await invite({ email: 'carla@example.com', role: 'supervisor', storeIds })).body,
  );
  const revoke = () =>
    bff.request(`/api/restaurant/team/invitations/${revoked.id}`, { method: 'DELETE', cookie });
  expect((await revoke()).status).toBe(200);
  expect((await revoke()).status).toBe(404);
  const userId = await person('carla@example.com');
  await expect(
    acceptMemberInvitation(bff.db.orm.em.fork(), userId, tokenOf(revoked.path)),
  ).rejects.toMatchObject({ status: 409, message: BUSINESS_MEMBER_MESSAGES.invitationUsed });

  // Expired: 7 days later it is refused.
  const late = InviteMemberResponseSchema.parse(
    (await invite({ email: 'carla@example.com', role: 'supervisor', storeIds })).body,
  );
  await expect(
    acceptMemberInvitation(
      bff.db.orm.em.fork(),
      userId,
      tokenOf(late.path),
      new Date(Date.now() + MEMBER_INVITATION_VALID_DAYS * DAY + 1_000),
    ),
  ).rejects.toMatchObject({ status: 409, message: BUSINESS_MEMBER_MESSAGES.invitationExpired });
  // Someone who already runs a business cannot join another.
  await expect(
    acceptMemberInvitation(bff.db.orm.em.fork(), other.restaurant.user.id, tokenOf(late.path)),
  ).rejects.toMatchObject({ status: 409, message: BUSINESS_MEMBER_MESSAGES.alreadyMember });
});

it('keeps one open invitation when the owner sends two to the same address at once (the second replaces the first)', async () => {
  const { restaurant, cookie, secondStoreId } = await ownerWithTwoStores();
  const send = () =>
    bff.request('/api/restaurant/team/invitations', {
      cookie,
      json: { email: 'dupla@example.com', role: 'supervisor', storeIds: [secondStoreId] },
    });
  const answers = await Promise.all([send(), send()]);
  expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
  const [open] = await bff.db.orm.em.fork().execute<{ open: number; all: number }[]>(
    `select count(*) filter (where accepted_at is null and revoked_at is null)::int as open, count(*)::int as "all"
         from member_invitations where restaurant_id = ? and email = 'dupla@example.com'`,
    [restaurant.id],
  );
  expect(open).toEqual({ open: 1, all: 2 });
  const team = TeamSchema.parse((await bff.request('/api/restaurant/team', { cookie })).body);
  expect(team.invitations.filter((invitation) => invitation.email === 'dupla@example.com')).toHaveLength(1);
});
