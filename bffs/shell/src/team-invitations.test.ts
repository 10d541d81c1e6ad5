import { TEST_PUBLIC_URL, startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { AcceptTeamInvitationResponseSchema, TeamInvitationPreviewSchema } from '@turno/contracts';
import { OWNER_MEMBERSHIP, Store, User, inviteMember } from '@turno/core';
import { insertFreelancer, insertRestaurant } from '@turno/core/testing';
import {
  BUSINESS_MEMBER_MESSAGES,
  PRIVACY_MESSAGES,
  PRIVACY_NOTICE_VERSION,
  TERMS_VERSION,
} from '@turno/domain';
import { createShellBff } from './app';
import { shellSettingsFromEnv } from './settings';

/**
 * The invited person's side of "Equipe" (issue 28): the link's page reads the invitation without a
 * session; once signed in, the person accepts the terms and joins the business with the role.
 */
const settings = shellSettingsFromEnv({ PUBLIC_URL: TEST_PUBLIC_URL, OIDC_CLIENT_SECRET: 'not-used-here' });

let bff: TestBff;
beforeAll(async () => {
  bff = await startBffForTest((deps) => createShellBff(deps, settings), { seed: false });
});
afterAll(() => bff.close());

const ACCEPTED = {
  acceptedTerms: true,
  termsVersion: TERMS_VERSION,
  privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
};

async function invitation(email = 'dora@example.com') {
  const em = bff.db.orm.em.fork();
  const restaurant = await insertRestaurant(em, { businessName: 'Atacadão do Bairro' });
  const store = await em.findOneOrFail(Store, { restaurant: restaurant.id });
  const owner = {
    role: 'restaurant' as const,
    restaurantId: restaurant.id,
    userId: restaurant.user.id,
    member: OWNER_MEMBERSHIP,
  };
  const { token } = await inviteMember(em.fork(), owner, { email, role: 'supervisor', storeIds: [store.id] });
  return { token, restaurant, storeName: store.name };
}

async function newPerson() {
  const em = bff.db.orm.em.fork();
  const user = em.create(User, { email: 'dora@example.com', name: 'Dora Alves', userType: null });
  await em.flush();
  return bff.sessionCookie({ role: 'user', userId: user.id });
}

it('shows the invitation to anyone with the link, and 404 for a link that does not exist', async () => {
  const { token, storeName } = await invitation();
  const preview = await bff.request(`/api/team-invitations/${token}`);
  expect(preview.status).toBe(200);
  expect(TeamInvitationPreviewSchema.parse(preview.body)).toMatchObject({
    business_name: 'Atacadão do Bairro',
    role: 'supervisor',
    store_names: [storeName],
    email: 'dora@example.com',
    state: 'open',
  });
  const missing = await bff.request(`/api/team-invitations/${'x'.repeat(32)}`);
  expect(missing).toMatchObject({
    status: 404,
    body: { error: BUSINESS_MEMBER_MESSAGES.invitationNotFound },
  });
});

it('makes the signed-in person a member once the terms are accepted; the link then reads as used', async () => {
  const { token, restaurant } = await invitation();
  const cookie = await newPerson();
  const accept = (json: object) => bff.request(`/api/team-invitations/${token}/accept`, { cookie, json });
  expect(await accept({})).toMatchObject({
    status: 400,
    body: { error: expect.stringContaining(PRIVACY_MESSAGES.termsRequired) },
  });
  const accepted = await accept(ACCEPTED);
  expect(accepted.status).toBe(201);
  expect(AcceptTeamInvitationResponseSchema.parse(accepted.body).user.profile).toMatchObject({
    user_type: 'restaurant',
    id: restaurant.id,
    business_name: 'Atacadão do Bairro',
  });
  expect(await accept(ACCEPTED)).toMatchObject({
    status: 409,
    body: { error: BUSINESS_MEMBER_MESSAGES.alreadyMember },
  });
  expect((await bff.request(`/api/team-invitations/${token}`)).body).toMatchObject({ state: 'used' });
  // Without a session: sign in first.
  expect((await bff.request(`/api/team-invitations/${token}/accept`, { json: ACCEPTED })).status).toBe(401);
});

it('refuses a freelancer, who already has a profile', async () => {
  const { token } = await invitation('ana@example.com');
  const freelancer = await insertFreelancer(bff.db.orm.em.fork());
  const cookie = await bff.sessionCookie({ role: 'user', userId: freelancer.user.id });
  expect(
    await bff.request(`/api/team-invitations/${token}/accept`, { cookie, json: ACCEPTED }),
  ).toMatchObject({
    status: 409,
    body: { error: BUSINESS_MEMBER_MESSAGES.alreadyMember },
  });
});
