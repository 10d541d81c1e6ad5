import { Restaurant, User } from '../model';
import {
  createTestDatabase,
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
  type TestDatabase,
} from '../testing';
import { DomainError, conflict } from './domain-error';
import { insertInvoiceOf } from './test-kit';
import { inTransaction } from './transaction';

describe('inTransaction', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('commits what the work did, and rolls everything back when it throws', async () => {
    const restaurant = await insertRestaurant(em());
    await inTransaction(em(), async (tx) => {
      (await tx.findOneOrFail(Restaurant, { id: restaurant.id })).businessName = 'Mercado Novo';
    });
    await expect(
      inTransaction(em(), async (tx) => {
        (await tx.findOneOrFail(Restaurant, { id: restaurant.id })).businessName = 'Nunca';
        await tx.flush();
        throw conflict('stop', 'Parou.');
      }),
    ).rejects.toMatchObject({ status: 409, message: 'Parou.' });
    expect(await em().findOneOrFail(Restaurant, { id: restaurant.id })).toMatchObject({
      businessName: 'Mercado Novo',
    });
  });

  it('turns a named unique or foreign-key violation into its refusal, and lets others through', async () => {
    const restaurant = await insertRestaurant(em());
    const refusals = {
      restaurants_user_unique: () => conflict('taken', 'Usuário já tem um estabelecimento.'),
      invoices_restaurant_id_foreign: () => conflict('billed', 'Tem faturas.'),
    };
    const duplicate = inTransaction(
      em(),
      async (tx) => {
        tx.create(Restaurant, { user: restaurant.user.id, name: 'X', businessName: 'Y' });
      },
      refusals,
    );
    await expect(duplicate).rejects.toBeInstanceOf(DomainError);
    await expect(duplicate).rejects.toMatchObject({
      code: 'taken',
      message: 'Usuário já tem um estabelecimento.',
    });

    const setup = em();
    const job = await insertJob(setup, restaurant, { status: 'completed' });
    await insertInvoiceOf(
      setup,
      await insertCompletedAssignment(setup, job, await insertFreelancer(setup)),
      job,
    );
    await expect(
      inTransaction(em(), (tx) => tx.nativeDelete(User, { id: restaurant.user.id }), refusals),
    ).rejects.toMatchObject({ code: 'billed', message: 'Tem faturas.' });
    await expect(
      inTransaction(em(), (tx) => tx.nativeDelete(User, { id: restaurant.user.id })),
    ).rejects.not.toBeInstanceOf(DomainError);
  });
});
