import { TEST_PUBLIC_URL, startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { ProfileSetupResponseSchema } from '@turno/contracts';
import { Freelancer, Restaurant, User } from '@turno/core';
import { MESSAGES, PRIVACY_NOTICE_VERSION, TERMS_VERSION, USER_RATE_LIMITS } from '@turno/domain';
import { createShellBff } from './app';
import { shellSettingsFromEnv } from './settings';

const settings = shellSettingsFromEnv({ PUBLIC_URL: TEST_PUBLIC_URL, OIDC_CLIENT_SECRET: 'not-used-here' });

let bff: TestBff;
beforeAll(async () => {
  bff = await startBffForTest((deps) => createShellBff(deps, settings), { seed: false });
});
afterAll(() => bff.close());

/** A signed-in person without profile, as right after the first sign-in. */
async function newPerson(name = 'Pessoa Nova') {
  const em = bff.db.orm.em.fork();
  const user = em.create(User, {
    email: `${Math.random().toString(36).slice(2)}@example.com`,
    name,
    userType: null,
  });
  await em.flush();
  return { userId: user.id, cookie: await bff.sessionCookie({ role: 'user', userId: user.id }) };
}

/** The acceptance of the terms and the notice in force that the setup form sends (issue 27; consents.test.ts). */
const ACCEPTED = {
  acceptedTerms: true,
  termsVersion: TERMS_VERSION,
  privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
};
const setup = (cookie: string, json: object) =>
  bff.request('/api/profile/setup', { cookie, json: { ...ACCEPTED, ...json } });

describe('POST /api/profile/setup', () => {
  it('creates a restaurant awaiting approval, phone and CEP stored as digits', async () => {
    const { userId, cookie } = await newPerson('Carla Mendes');
    const response = await setup(cookie, {
      name: 'Carla Mendes',
      phone: '(11) 98765-4321',
      userType: 'restaurant',
      businessName: 'Hortifruti da Carla',
      address: 'Rua Augusta, Consolação, São Paulo - SP',
      addressNumber: '900',
      cep: '01304-001',
      cuisineType: 'Hortifruti',
      contactPerson: 'Carla',
      cnpj: '11.222.333/0001-81',
      legalName: ' Hortifruti da Carla Ltda ',
    });
    expect(response.status).toBe(201);
    const body = ProfileSetupResponseSchema.parse(response.body);
    expect(body.user.profile).toMatchObject({
      user_type: 'restaurant',
      business_name: 'Hortifruti da Carla',
      is_approved: false,
      is_active: true,
    });
    const restaurant = await bff.db.orm.em.fork().findOneOrFail(Restaurant, { user: userId });
    expect(restaurant).toMatchObject({
      phone: '11987654321',
      cep: '01304001',
      cuisineType: 'Hortifruti',
      cnpj: '11222333000181',
      legalName: 'Hortifruti da Carla Ltda',
      isApproved: false,
      isActive: true,
    });
    expect((await bff.db.orm.em.fork().findOneOrFail(User, { id: userId })).userType).toBe('restaurant');

    // The role applies at once: /users/me and the restaurant routes see it on the same session.
    expect((await bff.request('/api/users/me', { cookie })).body).toMatchObject({
      profile: { user_type: 'restaurant' },
    });
  });

  it('asks a business for its CNPJ (check digits) and razão social: 400 in pt-BR, nothing created', async () => {
    const { cookie } = await newPerson();
    const business = { name: 'Ana', userType: 'restaurant', businessName: 'Mercado da Ana' };
    for (const [legal, error] of [
      [{ legalName: 'Mercado da Ana Ltda' }, MESSAGES.restaurants.cnpjRequired],
      [{ cnpj: '11.222.333/0001-82', legalName: 'Mercado da Ana Ltda' }, MESSAGES.restaurants.invalidCnpj],
      [{ cnpj: '11222333000181' }, MESSAGES.restaurants.legalNameRequired],
      [{ cnpj: '11222333000181', legalName: 'M' }, MESSAGES.restaurants.legalNameLength],
    ] as const) {
      expect(await setup(cookie, { ...business, ...legal })).toMatchObject({ status: 400, body: { error } });
    }
    expect((await bff.request('/api/users/me', { cookie })).body).toMatchObject({ profile: null });
  });

  it('creates a freelancer awaiting approval and available', async () => {
    const { userId, cookie } = await newPerson();
    const response = await setup(cookie, {
      name: 'João Pereira',
      phone: '11991112222',
      userType: 'freelancer',
      experienceYears: '3',
      specialties: ['Operador de Caixa', 'Estoquista'],
    });
    expect(response.status).toBe(201);
    const freelancer = await bff.db.orm.em.fork().findOneOrFail(Freelancer, { user: userId });
    expect(freelancer).toMatchObject({
      name: 'João Pereira',
      phone: '11991112222',
      experienceYears: 3,
      specialties: ['Operador de Caixa', 'Estoquista'],
      isApproved: false,
      isAvailable: true,
    });
  });

  it('answers 409 when the user already has a profile', async () => {
    const { cookie } = await newPerson();
    const payload = { name: 'Duas Vezes', userType: 'freelancer' };
    expect((await setup(cookie, payload)).status).toBe(201);
    expect(await setup(cookie, payload)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.setup.alreadyCompleted },
    });
    expect(await setup(cookie, { ...payload, userType: 'restaurant', businessName: 'Outro' })).toMatchObject({
      status: 409,
    });
  });

  it('refuses invalid fields with 400 in pt-BR', async () => {
    const { cookie } = await newPerson();
    expect(await setup(cookie, { name: '', userType: 'freelancer' })).toMatchObject({ status: 400 });
    expect(await setup(cookie, { name: 'A', userType: 'restaurant' })).toMatchObject({
      status: 400,
      body: { error: 'Informe o nome do estabelecimento' },
    });
    expect(
      await setup(cookie, { name: 'A', userType: 'freelancer', phone: '(05) 91234-5678' }),
    ).toMatchObject({
      status: 400,
      body: { error: MESSAGES.validation.invalidPhone },
    });
    expect(
      await setup(cookie, { name: 'A', userType: 'freelancer', specialties: ['Pizzaiolo'] }),
    ).toMatchObject({
      status: 400,
      body: { error: MESSAGES.validation.invalidSpecialty },
    });
    expect(
      await setup(cookie, {
        name: 'A',
        userType: 'restaurant',
        businessName: 'B',
        cuisineType: 'Pizzaria de Marte',
      }),
    ).toMatchObject({ status: 400, body: { error: MESSAGES.validation.invalidEstablishmentType } });
    expect(
      await setup(cookie, { name: 'A', userType: 'restaurant', businessName: 'B', cep: '123' }),
    ).toMatchObject({
      status: 400,
      body: { error: MESSAGES.validation.invalidCep },
    });
    // Nothing was created by the refused attempts.
    expect((await bff.request('/api/users/me', { cookie })).body).toMatchObject({ profile: null });
  });

  it(`stops a user after ${USER_RATE_LIMITS.profileWrite.limit} profile writes in ${USER_RATE_LIMITS.profileWrite.windowMinutes} minutes: 429 with Retry-After`, async () => {
    const { cookie } = await newPerson();
    // Refused calls (here: an establishment type not in the list) count too: the limit is on attempts.
    const attempt = {
      name: 'A',
      userType: 'restaurant',
      businessName: 'B',
      cuisineType: 'Pizzaria de Marte',
    };
    for (let call = 0; call < USER_RATE_LIMITS.profileWrite.limit; call++)
      expect((await setup(cookie, attempt)).status).toBe(400);
    const refused = await setup(cookie, attempt);
    expect(refused).toMatchObject({
      status: 429,
      body: { error: MESSAGES.common.tooManyActions(USER_RATE_LIMITS.profileWrite.windowMinutes) },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('needs a business or freelancer session', async () => {
    expect(
      await bff.request('/api/profile/setup', { json: { name: 'X', userType: 'freelancer' } }),
    ).toMatchObject({
      status: 401,
      body: { error: MESSAGES.common.unauthenticated },
    });
  });
});
