import { AdminBusinessStoresSchema } from '@turno/contracts';
import { Store } from '@turno/core';
import { insertRestaurant } from '@turno/core/testing';
import { BUSINESS_MEMBER_MESSAGES, MESSAGES, STORE_BILLING_MESSAGES, saoPauloDate } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { createAdminOpsBff } from '../app';

/**
 * Chains (issue 28) for the admins: a business's stores (GET /api/admin/restaurants/:id/stores), and
 * "Criar Vagas" at the store chosen: one of that business's active stores, another's is 404.
 */
let bff: TestBff;
let cookie: string;
beforeAll(async () => {
  bff = await startBffForTest(createAdminOpsBff);
  cookie = await bff.sessionCookie((await walkRoles(bff.db.orm.em)).admin);
});
afterAll(() => bff.close());

const inDays = (days: number) => saoPauloDate(new Date(Date.now() + days * 24 * 3_600_000));
const vacancy = (restaurantId: number, storeId?: number) => ({
  restaurantId,
  ...(storeId === undefined ? {} : { storeId }),
  positionType: 'Estoquista',
  workload: 6,
  startTime: '08:00',
  dates: [inDays(2)],
  quantity: 1,
});

it("lists a business's stores and creates vacancies at the one chosen", async () => {
  const em = bff.db.orm.em.fork();
  const business = await insertRestaurant(em, { businessName: 'Rede Admin', isApproved: true });
  const main = await em.findOneOrFail(Store, { restaurant: business.id });
  const vila = em.create(Store, { restaurant: business, name: 'Loja Vila' });
  const old = em.create(Store, { restaurant: business, name: 'Loja Antiga', isActive: false });
  await em.flush();

  const listed = await bff.request(`/api/admin/restaurants/${business.id}/stores`, { cookie });
  expect(listed.status).toBe(200);
  expect(AdminBusinessStoresSchema.parse(listed.body)).toEqual({
    restaurant_id: business.id,
    billing_mode: 'centralized',
    items: [
      { id: vila.id, name: 'Loja Vila', is_active: true },
      { id: main.id, name: 'Rede Admin', is_active: true },
      { id: old.id, name: 'Loja Antiga', is_active: false },
    ],
  });
  expect(await bff.request('/api/admin/restaurants/999999/stores', { cookie })).toMatchObject({
    status: 404,
    body: { error: MESSAGES.restaurants.notFound },
  });

  const created = await bff.request('/api/admin/jobs', { cookie, json: vacancy(business.id, vila.id) });
  expect(created.status).toBe(201);
  const [job] = await em.execute<{ store_id: number }[]>('select store_id from jobs where id = ?', [
    (created.body as { jobIds: number[] }).jobIds[0],
  ]);
  expect(job!.store_id).toBe(vila.id);
  // Controle Mercado per store: the agenda and the figures of one store.
  await bff.request('/api/admin/jobs', { cookie, json: vacancy(business.id, main.id) });
  const agenda = async (storeId?: number) =>
    (
      (
        await bff.request(
          `/api/admin/restaurants/${business.id}/jobs?period=month${storeId ? `&storeId=${storeId}` : ''}`,
          { cookie },
        )
      ).body as { counts: { all: number } }
    ).counts.all;
  expect([await agenda(), await agenda(vila.id), await agenda(main.id)]).toEqual([2, 1, 1]);
  const spending = await bff.request(
    `/api/admin/restaurants/${business.id}/spending-analytics?storeId=${vila.id}`,
    {
      cookie,
    },
  );
  expect(spending.status).toBe(200);
  expect((spending.body as { summary: { open: number } }).summary.open).toBe(1);

  const other = await insertRestaurant(em, { isApproved: true });
  const [otherStore] = await em.execute<{ id: number }[]>('select id from stores where restaurant_id = ?', [
    other.id,
  ]);
  expect(
    await bff.request('/api/admin/jobs', { cookie, json: vacancy(business.id, otherStore!.id) }),
  ).toMatchObject({ status: 404, body: { error: BUSINESS_MEMBER_MESSAGES.storeNotFound } });
  expect((await bff.request('/api/admin/jobs', { cookie, json: vacancy(business.id, old.id) })).status).toBe(
    409,
  );
});

it("sets a business's billing mode (centralized or per store), in pt-BR", async () => {
  const business = await insertRestaurant(bff.db.orm.em.fork(), { isApproved: true });
  const put = (id: number, json: unknown) =>
    bff.request(`/api/admin/restaurants/${id}/billing-mode`, { method: 'PUT', cookie, json });
  expect(await put(business.id, { billingMode: 'per_store' })).toMatchObject({
    status: 200,
    body: { billing_mode: 'per_store', message: STORE_BILLING_MESSAGES.saved('per_store') },
  });
  const listed = await bff.request(`/api/admin/restaurants/${business.id}/stores`, { cookie });
  expect(AdminBusinessStoresSchema.parse(listed.body).billing_mode).toBe('per_store');
  expect(await put(business.id, { billingMode: 'mensal' })).toMatchObject({
    status: 400,
    body: { error: expect.stringContaining(STORE_BILLING_MESSAGES.invalidMode) },
  });
  expect(await put(999_999, { billingMode: 'centralized' })).toMatchObject({
    status: 404,
    body: { error: MESSAGES.restaurants.notFound },
  });
});
