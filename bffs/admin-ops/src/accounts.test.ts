import {
  AccountRemovalResponseSchema,
  AccountReviewResponseSchema,
  AdminFreelancersPageSchema,
  AdminRestaurantsPageSchema,
  FreelancerOptionsPageSchema,
} from '@turno/contracts';
import { ANONYMIZED_RESPONSIBLE_NAME, Assignment, Block, type EntityManager } from '@turno/core';
import {
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
  insertVettedFreelancer,
} from '@turno/core/testing';
import { MESSAGES } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createAdminOpsBff } from './app';

let bff: TestBff;
let roles: WalkRoles;
let admin: string;
beforeAll(async () => {
  bff = await startBffForTest(createAdminOpsBff);
  roles = await walkRoles(bff.db.orm.em);
  admin = await bff.sessionCookie(roles.admin);
});
afterAll(() => bff.close());

const em = (): EntityManager => bff.db.orm.em.fork();
const sql = <T>(text: string, params: unknown[] = []) => em().getConnection().execute<T[]>(text, params);

async function restaurantRow(id: number) {
  const [row] = await sql<{
    name: string;
    business_name: string;
    phone: string | null;
    is_approved: boolean;
    is_active: boolean;
    user_id: number;
  }>('select name, business_name, phone, is_approved, is_active, user_id from restaurants where id = ?', [
    id,
  ]);
  return row;
}

describe('Mercados actions', () => {
  it('approves a pending restaurant once; a second approve is a harmless retry', async () => {
    const pending = await insertRestaurant(em(), { isApproved: false, isActive: true });
    const first = await bff.request(`/api/admin/restaurants/${pending.id}/approve`, {
      method: 'POST',
      cookie: admin,
    });
    expect(first.status).toBe(200);
    expect(AccountReviewResponseSchema.parse(first.body)).toEqual({ id: pending.id, state: 'approved' });
    expect((await restaurantRow(pending.id))?.is_approved).toBe(true);
    const again = await bff.request(`/api/admin/restaurants/${pending.id}/approve`, {
      method: 'POST',
      cookie: admin,
    });
    expect(again.body).toEqual({ id: pending.id, state: 'approved' });
    // Rejecting an approved one is refused: only pending registrations are reviewed.
    expect(
      await bff.request(`/api/admin/restaurants/${pending.id}/reject`, { method: 'POST', cookie: admin }),
    ).toMatchObject({ status: 409, body: { error: MESSAGES.restaurants.onlyPendingCanBeReviewed } });
  });

  it('rejects a pending restaurant: the account is deactivated', async () => {
    const pending = await insertRestaurant(em(), { isApproved: false, isActive: true });
    // Signed in on two browsers: both sessions stay (read-only), so the open panel shows the
    // rejected state instead of "Sessão expirada" (issue 22); every change is refused.
    const sessionsOf = await Promise.all(
      [1, 2].map(() => bff.sessionCookie({ role: 'user', userId: pending.user.id })),
    );
    const answer = await bff.request(`/api/admin/restaurants/${pending.id}/reject`, {
      method: 'POST',
      cookie: admin,
    });
    expect(answer.body).toEqual({ id: pending.id, state: 'rejected' });
    for (const cookie of sessionsOf) {
      const sessionId = cookie.split('=')[1]!;
      expect(await bff.redis.exists(bff.app.sessions.store.key(sessionId))).toBe(1);
    }
    expect(await restaurantRow(pending.id)).toMatchObject({ is_approved: false, is_active: false });
    const rejected = AdminRestaurantsPageSchema.parse(
      (await bff.request('/api/admin/restaurants?status=rejected&limit=200', { cookie: admin })).body,
    );
    expect(rejected.items.map((r) => r.id)).toContain(pending.id);
  });

  it('answers 404 for a missing restaurant and 400 for an id beyond PostgreSQL integers', async () => {
    expect(
      await bff.request('/api/admin/restaurants/999999/approve', { method: 'POST', cookie: admin }),
    ).toMatchObject({ status: 404, body: { error: MESSAGES.restaurants.notFound } });
    expect(
      (await bff.request('/api/admin/restaurants/2147483648/approve', { method: 'POST', cookie: admin }))
        .status,
    ).toBe(400);
  });

  it('edits a restaurant: names required, other fields trimmed and empty ones cleared', async () => {
    const restaurant = await insertRestaurant(em(), { phone: '11987654321', contactPerson: 'Rita' });
    const path = `/api/admin/restaurants/${restaurant.id}`;
    expect(
      await bff.request(path, { method: 'PUT', cookie: admin, json: { name: '  ', business_name: 'X' } }),
    ).toMatchObject({ status: 400, body: { error: MESSAGES.restaurants.nameRequired } });
    expect(
      await bff.request(path, { method: 'PUT', cookie: admin, json: { name: 'Rita', business_name: '' } }),
    ).toMatchObject({ status: 400, body: { error: MESSAGES.restaurants.businessNameRequired } });
    expect(
      await bff.request(path, {
        method: 'PUT',
        cookie: admin,
        json: { name: 'Rita', business_name: 'Y', phone: '123' },
      }),
    ).toMatchObject({ status: 400, body: { error: MESSAGES.validation.invalidPhone } });

    const saved = await bff.request(path, {
      method: 'PUT',
      cookie: admin,
      json: {
        name: '  Rita Lopes ',
        business_name: ' Mercado Novo ',
        phone: '',
        address: ' Rua A ',
        address_number: '',
        cuisine_type: 'Hortifruti',
        contact_person: ' ',
      },
    });
    expect(saved).toMatchObject({ status: 200, body: { restaurantId: restaurant.id } });
    const [row] = await sql<Record<string, unknown>>(
      'select name, business_name, phone, address, address_number, cuisine_type, contact_person from restaurants where id = ?',
      [restaurant.id],
    );
    expect(row).toEqual({
      name: 'Rita Lopes',
      business_name: 'Mercado Novo',
      phone: null,
      address: 'Rua A',
      address_number: null,
      cuisine_type: 'Hortifruti',
      contact_person: null,
    });
    expect(
      (
        await bff.request(path, {
          method: 'PUT',
          cookie: admin,
          json: { name: 'x'.repeat(256), business_name: 'Y' },
        })
      ).status,
    ).toBe(400);
  });

  it("edits a restaurant's CNPJ and razão social: check digits refused in pt-BR, saved as 14 characters, listed in Mercados", async () => {
    const restaurant = await insertRestaurant(em(), { businessName: 'Mercado Identidade Fiscal' });
    const path = `/api/admin/restaurants/${restaurant.id}`;
    const base = { name: 'Rita', business_name: 'Mercado Identidade Fiscal' };
    expect(
      await bff.request(path, {
        method: 'PUT',
        cookie: admin,
        json: { ...base, cnpj: '11.222.333/0001-82' },
      }),
    ).toMatchObject({ status: 400, body: { error: MESSAGES.restaurants.invalidCnpj } });
    expect(
      await bff.request(path, {
        method: 'PUT',
        cookie: admin,
        json: { ...base, cnpj: '11.222.333/0001-81', legal_name: ' Mercado Identidade Fiscal Ltda ' },
      }),
    ).toMatchObject({ status: 200 });
    const page = AdminRestaurantsPageSchema.parse(
      (await bff.request('/api/admin/restaurants?q=Identidade%20Fiscal', { cookie: admin })).body,
    );
    expect(page.items.find((item) => item.id === restaurant.id)).toMatchObject({
      cnpj: '11222333000181',
      legal_name: 'Mercado Identidade Fiscal Ltda',
    });
    // Mercados' search finds it by its CNPJ too: digits, masked, or a masked part of it.
    const found = async (q: string) =>
      AdminRestaurantsPageSchema.parse(
        (await bff.request(`/api/admin/restaurants?q=${encodeURIComponent(q)}&limit=200`, { cookie: admin }))
          .body,
      ).items.map((item) => item.id);
    for (const q of ['11222333000181', '11.222.333/0001-81', '333/0001'])
      expect(await found(q)).toContain(restaurant.id);
    expect(await found('11.222.333/0001-82')).not.toContain(restaurant.id);
    expect(
      await bff.request(path, { method: 'PUT', cookie: admin, json: { ...base, legal_name: '' } }),
    ).toMatchObject({ status: 400, body: { error: MESSAGES.restaurants.legalNameRequired } });
  });

  it('deletes a restaurant without history with its user; a second delete answers 404', async () => {
    const restaurant = await insertRestaurant(em(), { isApproved: false });
    await insertJob(em(), restaurant);
    const userId = restaurant.user.id;
    const answer = await bff.request(`/api/admin/restaurants/${restaurant.id}`, {
      method: 'DELETE',
      cookie: admin,
    });
    expect(AccountRemovalResponseSchema.parse(answer.body)).toEqual({
      id: restaurant.id,
      outcome: 'deleted',
      message: MESSAGES.deletion.restaurantDeleted,
    });
    expect(await sql('select id from users where id = ?', [userId])).toEqual([]);
    expect(
      await bff.request(`/api/admin/restaurants/${restaurant.id}`, { method: 'DELETE', cookie: admin }),
    ).toMatchObject({ status: 404, body: { error: MESSAGES.restaurants.notFound } });
  });

  it('anonymizes a restaurant with invoices instead: invoices intact, personal data gone, sessions ended', async () => {
    const [billed] = await sql<{ restaurant_id: number }>(
      'select restaurant_id from invoices where restaurant_id <> ? order by restaurant_id limit 1',
      [roles.restaurant.restaurantId],
    );
    const restaurantId = billed!.restaurant_id;
    const before = await restaurantRow(restaurantId);
    const invoicesBefore = await sql(
      'select id, amount_cents, status from invoices where restaurant_id = ? order by id',
      [restaurantId],
    );
    expect(invoicesBefore.length).toBeGreaterThan(0);
    const owner = await bff.sessionCookie({ role: 'user', userId: before!.user_id });
    // Signed in: a business session on an admin route is 403 (the session is live).
    expect((await bff.request('/api/admin/restaurants', { cookie: owner })).status).toBe(403);

    const answer = await bff.request(`/api/admin/restaurants/${restaurantId}`, {
      method: 'DELETE',
      cookie: admin,
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { id: restaurantId, outcome: 'anonymized', message: MESSAGES.deletion.restaurantAnonymized },
    });
    expect(await restaurantRow(restaurantId)).toMatchObject({
      name: ANONYMIZED_RESPONSIBLE_NAME,
      business_name: before!.business_name,
      phone: null,
      is_approved: false,
      is_active: false,
    });
    expect(
      await sql('select id, amount_cents, status from invoices where restaurant_id = ? order by id', [
        restaurantId,
      ]),
    ).toEqual(invoicesBefore);
    expect(await sql('select id from users where id = ?', [before!.user_id])).toEqual([]);
    expect(
      await sql("select id from jobs where restaurant_id = ? and status <> 'completed'", [restaurantId]),
    ).toEqual([]);
    // The person's session no longer resolves: 401, not 403.
    expect((await bff.request('/api/admin/restaurants', { cookie: owner })).status).toBe(401);
  });
});

describe('Freelancers tab', () => {
  it('lists freelancers newest first, by status, searching name or specialty without accents', async () => {
    const mark = `Zé${Date.now().toString(36)}`;
    const pending = await insertFreelancer(em(), {
      name: `Joaquim ${mark}`,
      isApproved: false,
      specialties: ['Aux de Açougueiro'],
    });
    const page = AdminFreelancersPageSchema.parse(
      (await bff.request('/api/admin/freelancers?limit=200', { cookie: admin })).body,
    );
    expect(page.items[0]?.id).toBe(pending.id);
    expect(page.counts.all).toBe(page.counts.pending + page.counts.approved + page.counts.rejected);
    expect(page.total).toBe(page.counts.all);

    const byName = AdminFreelancersPageSchema.parse(
      (
        await bff.request(`/api/admin/freelancers?q=${encodeURIComponent(mark.replace('é', 'E'))}`, {
          cookie: admin,
        })
      ).body,
    );
    expect(byName.items.map((f) => f.id)).toEqual([pending.id]);
    expect(byName.items[0]).toMatchObject({ specialties: ['Aux de Açougueiro'], is_approved: false });
    const bySpecialty = AdminFreelancersPageSchema.parse(
      (await bff.request('/api/admin/freelancers?q=acougueiro&status=pending&limit=200', { cookie: admin }))
        .body,
    );
    expect(bySpecialty.items.map((f) => f.id)).toContain(pending.id);
    expect(bySpecialty.items.every((f) => !f.is_approved && f.is_available)).toBe(true);

    const firstTwo = AdminFreelancersPageSchema.parse(
      (await bff.request('/api/admin/freelancers?limit=2', { cookie: admin })).body,
    );
    const rest = AdminFreelancersPageSchema.parse(
      (await bff.request(`/api/admin/freelancers?limit=200&cursor=${firstTwo.nextCursor}`, { cookie: admin }))
        .body,
    );
    expect([...firstTwo.items, ...rest.items].map((f) => f.id)).toEqual(page.items.map((f) => f.id));
    expect((await bff.request('/api/admin/freelancers?status=todos', { cookie: admin })).status).toBe(400);
    expect((await bff.request('/api/admin/freelancers?limit=201', { cookie: admin })).status).toBe(400);
  });

  it('offers approved and available freelancers sorted by name to the assign modal', async () => {
    await insertFreelancer(em(), { name: 'Aaaa Pendente', isApproved: false });
    const all = FreelancerOptionsPageSchema.parse(
      (await bff.request('/api/admin/freelancer-options?limit=200', { cookie: admin })).body,
    );
    const names = all.items.map((f) => f.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names).toContain('Aaaa Pendente');
    const assignable = FreelancerOptionsPageSchema.parse(
      (await bff.request('/api/admin/freelancer-options?eligible=assignable&limit=3', { cookie: admin }))
        .body,
    );
    const next = FreelancerOptionsPageSchema.parse(
      (
        await bff.request(
          `/api/admin/freelancer-options?eligible=assignable&limit=200&cursor=${assignable.nextCursor}`,
          {
            cookie: admin,
          },
        )
      ).body,
    );
    const both = [...assignable.items, ...next.items];
    expect(both.every((f) => f.is_approved && f.is_available)).toBe(true);
    expect(both.length).toBe(assignable.total);
    expect(both.map((f) => f.name)).not.toContain('Aaaa Pendente');
  });

  it('given a job, offers only those free for it: not blocked by its business, no shift at that time', async () => {
    const restaurant = await insertRestaurant(em());
    const job = await insertJob(em(), restaurant, {
      dateNeeded: '2026-12-10',
      startTime: '08:00',
      endTime: '14:00',
    });
    const free = await insertFreelancer(em(), { name: 'Opção Livre' });
    const blocked = await insertFreelancer(em(), { name: 'Opção Bloqueada' });
    const busy = await insertFreelancer(em(), { name: 'Opção Ocupada' });
    const setup = em();
    setup.create(Block, { freelancer: blocked.id, restaurant: restaurant.id, blockedBy: 'restaurant' });
    const held = await insertJob(setup, restaurant, {
      dateNeeded: '2026-12-10',
      startTime: '12:00',
      endTime: '18:00',
      status: 'assigned',
    });
    setup.create(Assignment, { job: held, freelancer: busy.id, status: 'assigned' });
    await setup.flush();

    const options = async (query: string) =>
      FreelancerOptionsPageSchema.parse(
        (
          await bff.request(`/api/admin/freelancer-options?eligible=assignable&limit=200&q=opcao${query}`, {
            cookie: admin,
          })
        ).body,
      ).items.map((f) => f.name);
    expect(await options('')).toEqual(['Opção Bloqueada', 'Opção Livre', 'Opção Ocupada']);
    expect(await options(`&job_id=${job.id}`)).toEqual(['Opção Livre']);
    // Assigning one offered is accepted.
    const assigned = await bff.request('/api/admin/assignments', {
      cookie: admin,
      json: { jobId: job.id, freelancerId: free.id },
    });
    expect(assigned.status).toBe(201);
    const invalid = await bff.request('/api/admin/freelancer-options?eligible=assignable&job_id=abc', {
      cookie: admin,
    });
    expect(invalid).toMatchObject({ status: 400, body: { error: expect.any(String) } });
  });

  it('creates and edits a freelancer with the form rules', async () => {
    const missing = await bff.request('/api/admin/freelancers', {
      cookie: admin,
      json: { name: 'Lia', cpf: '', pix_key: 'lia@example.com' },
    });
    expect(missing).toMatchObject({ status: 400, body: { error: MESSAGES.freelancers.requiredFields } });
    const years = await bff.request('/api/admin/freelancers', {
      cookie: admin,
      json: { name: 'Lia', cpf: '529.982.247-25', pix_key: 'lia@example.com', experience_years: 51 },
    });
    expect(years).toMatchObject({
      status: 400,
      body: { error: MESSAGES.validation.experienceYearsOutOfRange },
    });

    const created = await bff.request('/api/admin/freelancers', {
      cookie: admin,
      json: {
        name: ' Lia Prado ',
        cpf: '529.982.247-25',
        pix_key: 'lia@example.com',
        phone: '(11) 98888-7777',
        experience_years: 3,
        specialties: ['Estoquista'],
        email: `temp_${Date.now()}@turno.temp`,
      },
    });
    expect(created.status).toBe(201);
    const { freelancerId } = created.body as { freelancerId: number };
    const [row] = await sql<Record<string, unknown>>(
      'select name, cpf, phone, experience_years, specialties, is_approved from freelancers where id = ?',
      [freelancerId],
    );
    expect(row).toEqual({
      name: 'Lia Prado',
      cpf: '52998224725',
      phone: '11988887777',
      experience_years: 3,
      specialties: ['Estoquista'],
      is_approved: true,
    });

    const edited = await bff.request(`/api/admin/freelancers/${freelancerId}`, {
      method: 'PUT',
      cookie: admin,
      json: {
        name: 'Lia P.',
        cpf: '52998224725',
        pix_key: 'lia@example.com',
        experience_years: 4,
        specialties: [],
      },
    });
    expect(edited).toMatchObject({ status: 200, body: { freelancerId } });
    expect(
      await bff.request('/api/admin/freelancers/999999', {
        method: 'PUT',
        cookie: admin,
        json: { name: 'X', cpf: '52998224725', pix_key: 'x@example.com' },
      }),
    ).toMatchObject({ status: 404, body: { error: MESSAGES.freelancers.notFound } });
  });

  it('approves and rejects pending freelancers', async () => {
    const a = await insertVettedFreelancer(em());
    const b = await insertFreelancer(em(), { isApproved: false });
    expect(
      (await bff.request(`/api/admin/freelancers/${a.id}/approve`, { method: 'POST', cookie: admin })).body,
    ).toEqual({ id: a.id, state: 'approved' });
    expect(
      (await bff.request(`/api/admin/freelancers/${b.id}/reject`, { method: 'POST', cookie: admin })).body,
    ).toEqual({ id: b.id, state: 'rejected' });
    expect(
      await bff.request(`/api/admin/freelancers/${b.id}/approve`, { method: 'POST', cookie: admin }),
    ).toMatchObject({ status: 409, body: { error: MESSAGES.freelancers.onlyPendingCanBeReviewed } });
  });

  it('deletes a freelancer without work and anonymizes one with completed work', async () => {
    const fresh = await insertFreelancer(em());
    expect(
      (await bff.request(`/api/admin/freelancers/${fresh.id}`, { method: 'DELETE', cookie: admin })).body,
    ).toEqual({ id: fresh.id, outcome: 'deleted', message: MESSAGES.deletion.freelancerDeleted });

    const restaurant = await insertRestaurant(em());
    const worker = await insertFreelancer(em(), { cpf: '52998224725', phone: '11977776666' });
    const done = await insertJob(em(), restaurant, { status: 'completed' });
    await insertCompletedAssignment(em(), done, worker);
    const answer = await bff.request(`/api/admin/freelancers/${worker.id}`, {
      method: 'DELETE',
      cookie: admin,
    });
    expect(answer.body).toEqual({
      id: worker.id,
      outcome: 'anonymized',
      message: MESSAGES.deletion.freelancerAnonymized,
    });
    const [row] = await sql<Record<string, unknown>>(
      'select cpf, phone, is_approved, is_available from freelancers where id = ?',
      [worker.id],
    );
    expect(row).toEqual({ cpf: null, phone: null, is_approved: false, is_available: false });
    expect(
      await sql("select id from assignments where freelancer_id = ? and status = 'completed'", [worker.id]),
    ).toHaveLength(1);
  });
});
