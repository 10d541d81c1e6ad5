import { RestaurantProfileSchema } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/** The restaurant panel's Perfil (issue 8): GET and PUT /api/restaurant/profile on PostgreSQL. */

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;

beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.restaurant);
});
afterAll(() => bff.close());

const send = (method: 'POST' | 'PUT', path: string, json: unknown) =>
  bff.request(path, { method, cookie, json });

describe('GET /api/restaurant/profile', () => {
  it("answers the signed-in business's profile with its approval", async () => {
    const { status, body } = await bff.request('/api/restaurant/profile', { cookie });
    expect(status).toBe(200);
    expect(RestaurantProfileSchema.parse(body)).toMatchObject({
      id: roles.restaurant.restaurantId,
      business_name: 'Supermercado Bom Preço',
      is_approved: true,
      is_active: true,
    });
  });
});

describe('PUT /api/restaurant/profile', () => {
  it('saves the profile, clears empty optional fields and refuses bad input with nothing changed', async () => {
    const read = async () =>
      RestaurantProfileSchema.parse((await bff.request('/api/restaurant/profile', { cookie })).body);
    const before = await read();
    for (const [json, error] of [
      [{ name: ' ', businessName: 'X' }, MESSAGES.restaurants.nameRequired],
      [{ name: 'X', businessName: '' }, MESSAGES.restaurants.businessNameRequired],
      [{ name: 'X', businessName: 'Y', phone: '0123' }, MESSAGES.validation.invalidPhone],
      [
        { name: 'X', businessName: 'Y', cuisineType: 'Pizzaria' },
        MESSAGES.validation.invalidEstablishmentType,
      ],
      [{ name: 'X', businessName: 'Y', cnpj: '12.345.678/0001-96' }, MESSAGES.restaurants.invalidCnpj],
      // The demo business has both: once set they may change, never be cleared.
      [{ name: 'X', businessName: 'Y', cnpj: '' }, MESSAGES.restaurants.cnpjRequired],
      [{ name: 'X', businessName: 'Y', legalName: 'Z' }, MESSAGES.restaurants.legalNameLength],
    ] as const) {
      expect(await send('PUT', '/api/restaurant/profile', json)).toMatchObject({
        status: 400,
        body: { error },
      });
    }
    expect(await read()).toEqual(before);

    const saved = await send('PUT', '/api/restaurant/profile', {
      name: 'Marcos Almeida Jr.',
      businessName: 'Supermercado Bom Preço Centro',
      phone: '(11) 98765-4321',
      address: 'Rua Augusta, Consolação, São Paulo - SP',
      addressNumber: '1200',
      cuisineType: 'Padaria',
      contactPerson: '',
    });
    expect(saved.status).toBe(200);
    expect(RestaurantProfileSchema.parse(saved.body)).toMatchObject({
      name: 'Marcos Almeida Jr.',
      business_name: 'Supermercado Bom Preço Centro',
      phone: '11987654321',
      address_number: '1200',
      cuisine_type: 'Padaria',
      contact_person: null,
    });
    // Put the demo business back as it was for the other tests of this file.
    await send('PUT', '/api/restaurant/profile', {
      name: before.name,
      businessName: before.business_name,
      phone: before.phone,
      address: before.address,
      addressNumber: before.address_number,
      cuisineType: before.cuisine_type,
      contactPerson: before.contact_person,
    });
  });

  it('saves the CNPJ (masked in, 14 characters out) and the razão social, and reads them back', async () => {
    const read = async () =>
      RestaurantProfileSchema.parse((await bff.request('/api/restaurant/profile', { cookie })).body);
    const before = await read();
    expect(before).toMatchObject({ cnpj: '12345678000195', legal_name: 'Supermercado Bom Preço Ltda' });
    const base = { name: before.name, businessName: before.business_name };

    const saved = await send('PUT', '/api/restaurant/profile', {
      ...base,
      cnpj: '11.444.777/0001-61',
      legalName: '  Bom Preço Comércio de Alimentos   Ltda ',
    });
    expect(saved.status).toBe(200);
    expect(await read()).toMatchObject({
      cnpj: '11444777000161',
      legal_name: 'Bom Preço Comércio de Alimentos Ltda',
    });
    // A form that does not send them (an older panel) leaves them as they are.
    expect((await send('PUT', '/api/restaurant/profile', base)).status).toBe(200);
    expect((await read()).cnpj).toBe('11444777000161');

    await send('PUT', '/api/restaurant/profile', {
      ...base,
      cnpj: before.cnpj,
      legalName: before.legal_name,
    });
    expect(await read()).toEqual(before);
  });
});
