import { OWNER_MEMBERSHIP } from '@turno/core';
import { insertBusinessMember, insertRestaurant } from '@turno/core/testing';
import { BusinessStoresSchema, SavedStoreSchema } from '@turno/contracts';
import { BUSINESS_MEMBER_MESSAGES, MESSAGES, STORE_BILLING_MESSAGES, saoPauloDate } from '@turno/domain';
import { startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/**
 * "Lojas" (issue 28): the owner adds, renames, deactivates and reactivates the business's stores;
 * names stay distinct, one store stays active, a deactivated store takes no vacancy; a manager
 * reads their stores only and changes none.
 */
let bff: TestBff;
beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
});
afterAll(() => bff.close());

async function owner() {
  const restaurant = await insertRestaurant(bff.db.orm.em.fork(), { businessName: 'Supermercado Estrela' });
  const cookie = await bff.sessionCookie({
    role: 'restaurant',
    restaurantId: restaurant.id,
    userId: restaurant.user.id,
    member: OWNER_MEMBERSHIP,
  });
  return { restaurant, cookie };
}

async function stores(cookie: string) {
  const answer = await bff.request('/api/restaurant/stores', { cookie });
  expect(answer.status).toBe(200);
  return BusinessStoresSchema.parse(answer.body);
}

const vacancy = (storeId?: number) => ({
  positionType: 'Estoquista',
  workload: 6,
  startTime: '08:00',
  dates: [saoPauloDate(new Date(Date.now() + 3 * 24 * 3_600_000))],
  ...(storeId === undefined ? {} : { storeId }),
});

it('lets the owner add, rename, deactivate and reactivate stores, in pt-BR', async () => {
  const { cookie } = await owner();
  const first = await stores(cookie);
  expect(first).toEqual({
    member_role: 'owner',
    billing_mode: 'centralized',
    items: [
      {
        id: expect.any(Number),
        name: 'Supermercado Estrela',
        is_active: true,
        open_vacancies: 0,
        cnpj: null,
        establishment_type: null,
      },
    ],
  });
  const firstId = first.items[0]!.id;

  const added = await bff.request('/api/restaurant/stores', { cookie, json: { name: '  Loja   Centro ' } });
  expect(added.status).toBe(201);
  const centro = SavedStoreSchema.parse(added.body);
  expect(centro).toMatchObject({ name: 'Loja Centro', is_active: true, open_vacancies: 0 });

  // The same name, whatever its case and accents, and a name too short.
  const taken = await bff.request('/api/restaurant/stores', { cookie, json: { name: 'loja céntro' } });
  expect(taken).toMatchObject({ status: 409, body: { error: BUSINESS_MEMBER_MESSAGES.storeNameTaken } });
  const short = await bff.request('/api/restaurant/stores', { cookie, json: { name: ' x ' } });
  expect(short).toMatchObject({ status: 400, body: { error: BUSINESS_MEMBER_MESSAGES.storeNameLength } });

  // Two active stores: a vacancy naming none goes to the main store (the first), else to the one named.
  expect((await bff.request('/api/jobs', { cookie, json: vacancy() })).status).toBe(201);
  expect((await bff.request('/api/jobs', { cookie, json: vacancy(centro.id) })).status).toBe(201);
  expect((await stores(cookie)).items.map((store) => [store.id, store.open_vacancies])).toEqual([
    [centro.id, 1],
    [firstId, 1],
  ]);

  const renamed = await bff.request(`/api/restaurant/stores/${centro.id}`, {
    method: 'PUT',
    cookie,
    json: { name: 'Loja Centro Histórico' },
  });
  expect(renamed).toMatchObject({ status: 200, body: { name: 'Loja Centro Histórico', open_vacancies: 1 } });

  // Deactivated: listed after the active ones, no new vacancy; the last active store stays active.
  const off = await bff.request(`/api/restaurant/stores/${centro.id}`, {
    method: 'PUT',
    cookie,
    json: { isActive: false },
  });
  expect(off).toMatchObject({ status: 200, body: { is_active: false } });
  expect((await stores(cookie)).items.map((store) => [store.id, store.is_active])).toEqual([
    [firstId, true],
    [centro.id, false],
  ]);
  const atInactive = await bff.request('/api/jobs', { cookie, json: vacancy(centro.id) });
  expect(atInactive).toMatchObject({ status: 409, body: { error: BUSINESS_MEMBER_MESSAGES.storeInactive } });
  expect((await bff.request('/api/jobs', { cookie, json: vacancy() })).status).toBe(201);
  const last = await bff.request(`/api/restaurant/stores/${firstId}`, {
    method: 'PUT',
    cookie,
    json: { isActive: false },
  });
  expect(last).toMatchObject({ status: 409, body: { error: BUSINESS_MEMBER_MESSAGES.lastActiveStore } });

  const on = await bff.request(`/api/restaurant/stores/${centro.id}`, {
    method: 'PUT',
    cookie,
    json: { isActive: true },
  });
  expect(on).toMatchObject({ status: 200, body: { is_active: true } });
});

it("answers 404 for another business's store and 400 for an empty change", async () => {
  const { cookie } = await owner();
  const other = await owner();
  const otherStore = (await stores(other.cookie)).items[0]!;
  const foreign = await bff.request(`/api/restaurant/stores/${otherStore.id}`, {
    method: 'PUT',
    cookie,
    json: { name: 'Minha agora' },
  });
  expect(foreign).toMatchObject({ status: 404, body: { error: BUSINESS_MEMBER_MESSAGES.storeNotFound } });
  expect((await stores(other.cookie)).items[0]!.name).toBe(otherStore.name);
  const mine = (await stores(cookie)).items[0]!;
  const empty = await bff.request(`/api/restaurant/stores/${mine.id}`, { method: 'PUT', cookie, json: {} });
  expect(empty.status).toBe(400);
});

it('shows a manager only their active stores and lets them change none', async () => {
  const { restaurant, cookie } = await owner();
  const second = SavedStoreSchema.parse(
    (await bff.request('/api/restaurant/stores', { cookie, json: { name: 'Loja Norte' } })).body,
  );
  const { user, storeIds } = await insertBusinessMember(bff.db.orm.em.fork(), restaurant, 'manager', [
    second.id,
  ]);
  const manager = await bff.sessionCookie({
    role: 'restaurant',
    restaurantId: restaurant.id,
    userId: user.id,
    member: { role: 'manager', storeIds },
  });
  expect(await stores(manager)).toEqual({
    member_role: 'manager',
    billing_mode: 'centralized',
    items: [second],
  });
  const refused = await bff.request('/api/restaurant/stores', {
    cookie: manager,
    json: { name: 'Loja Sul' },
  });
  expect(refused).toMatchObject({
    status: 403,
    body: { error: BUSINESS_MEMBER_MESSAGES.forbiddenForRole('manager') },
  });
  // Their only store is the vacancy's, unnamed.
  expect((await bff.request('/api/jobs', { cookie: manager, json: vacancy() })).status).toBe(201);
});

it('lets the owner choose centralized or per-store billing, and no one else', async () => {
  const { restaurant, cookie } = await owner();
  const put = (who: string, json: unknown) =>
    bff.request('/api/restaurant/billing-mode', { method: 'PUT', cookie: who, json });

  const saved = await put(cookie, { billingMode: 'per_store' });
  expect(saved).toMatchObject({
    status: 200,
    body: { billing_mode: 'per_store', message: STORE_BILLING_MESSAGES.saved('per_store') },
  });
  expect((await stores(cookie)).billing_mode).toBe('per_store');
  expect(await put(cookie, { billingMode: 'per_store' })).toMatchObject({
    status: 200,
    body: { message: STORE_BILLING_MESSAGES.unchanged },
  });
  expect(await put(cookie, { billingMode: 'por loja' })).toMatchObject({
    status: 400,
    body: { error: expect.stringContaining(STORE_BILLING_MESSAGES.invalidMode) },
  });

  const { user, storeIds } = await insertBusinessMember(bff.db.orm.em.fork(), restaurant, 'manager', [
    (await stores(cookie)).items[0]!.id,
  ]);
  const manager = await bff.sessionCookie({
    role: 'restaurant',
    restaurantId: restaurant.id,
    userId: user.id,
    member: { role: 'manager', storeIds },
  });
  expect(await put(manager, { billingMode: 'centralized' })).toMatchObject({
    status: 403,
    body: { error: BUSINESS_MEMBER_MESSAGES.forbiddenForRole('manager') },
  });
  expect((await stores(cookie)).billing_mode).toBe('per_store');
});

it("keeps a store's branch CNPJ and establishment type, checked in pt-BR", async () => {
  const { cookie } = await owner();
  const created = await bff.request('/api/restaurant/stores', {
    cookie,
    json: { name: 'Atacado Norte', cnpj: '12.345.678/0002-76', establishmentType: 'Atacadista' },
  });
  expect(created.status).toBe(201);
  const store = SavedStoreSchema.parse(created.body);
  expect(store).toMatchObject({ cnpj: '12345678000276', establishment_type: 'Atacadista' });
  const put = (json: unknown) =>
    bff.request(`/api/restaurant/stores/${store.id}`, { method: 'PUT', cookie, json });
  expect(await put({ cnpj: '12.345.678/0002-00' })).toMatchObject({
    status: 400,
    body: { error: MESSAGES.restaurants.invalidCnpj },
  });
  expect(await put({ establishmentType: 'Nave espacial' })).toMatchObject({
    status: 400,
    body: { error: MESSAGES.validation.invalidEstablishmentType },
  });
  expect(await put({ cnpj: '', establishmentType: null })).toMatchObject({
    status: 200,
    body: { cnpj: null, establishment_type: null, name: 'Atacado Norte' },
  });
});
