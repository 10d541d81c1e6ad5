import { MESSAGES, VETTING_DOCUMENT_KINDS } from '@turno/domain';
import { Assignment, Freelancer, FreelancerDocument, Job, Restaurant, User } from '../model';
import {
  createTestDatabase,
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
  type TestDatabase,
} from '../testing';
import {
  approveFreelancer,
  approveRestaurant,
  createFreelancer,
  deleteFreelancer,
  deleteRestaurant,
  rejectFreelancer,
  rejectRestaurant,
  setupProfile,
  updateFreelancerProfile,
  updateRestaurantProfile,
} from './accounts.service';
import {
  NOW,
  admin,
  asFreelancer,
  asRestaurant,
  at,
  expectRefusal,
  insertInvoiceOf,
  insertTodayJob,
} from '../shared/test-kit';
import { assignFreelancer } from '../workflows/staffing.service';

/** A valid CPF, masked, and its 11 digits. */
const CPF = '529.982.247-25';
const CPF_DIGITS = '52998224725';
/** A valid CNPJ, masked, and its 14 characters; the same with a wrong check digit. */
const CNPJ = '11.222.333/0001-81';
const CNPJ_STORED = '11222333000181';
const BAD_CNPJ = '11.222.333/0001-82';
/** A new business's legal identity, as the setup form sends it (issue 25). */
const LEGAL = { cnpj: CNPJ, legalName: 'Hortifruti Sol Comércio de Alimentos Ltda' };

describe('accounts service', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  async function newUser(): Promise<User> {
    const setup = em();
    const user = setup.create(User, { email: `new${Math.random()}@example.com`, name: 'Pessoa' });
    await setup.flush();
    return user;
  }

  describe('setupProfile', () => {
    it('creates a pending restaurant for a new user', async () => {
      const user = await newUser();
      const result = await setupProfile(em(), user.id, {
        name: ' Carla Dias ',
        userType: 'restaurant',
        businessName: 'Hortifruti Sol',
        phone: '(11) 98765-4321',
        address: 'Rua A',
        addressNumber: '10',
        cuisineType: 'Hortifruti',
        contactPerson: 'Carla',
        hourlyRate: 0,
        ...LEGAL,
      });

      expect(result).toEqual({ userType: 'restaurant', restaurantId: expect.any(Number) });
      const restaurant = await em().findOneOrFail(Restaurant, {
        id: (result as { restaurantId: number }).restaurantId,
      });
      expect(restaurant).toMatchObject({
        name: 'Carla Dias',
        businessName: 'Hortifruti Sol',
        phone: '11987654321',
        cuisineType: 'Hortifruti',
        isApproved: false,
        isActive: true,
        approvedAt: null,
        cnpj: CNPJ_STORED,
        legalName: LEGAL.legalName,
      });
      expect(await em().findOneOrFail(User, { id: user.id })).toMatchObject({
        userType: 'restaurant',
        name: 'Carla Dias',
      });
      await expectRefusal(
        setupProfile(em(), user.id, { name: 'Carla', userType: 'freelancer' }),
        409,
        MESSAGES.setup.alreadyCompleted,
      );
    });

    it('creates a pending freelancer; experience that is not a number becomes 0', async () => {
      const user = await newUser();
      const result = await setupProfile(em(), user.id, {
        name: 'Davi Rocha',
        userType: 'freelancer',
        experienceYears: 'muitos',
        specialties: ['Estoquista', 'Operador de Caixa'],
      });

      expect(result).toEqual({ userType: 'freelancer', freelancerId: expect.any(Number) });
      const freelancer = await em().findOneOrFail(Freelancer, {
        id: (result as { freelancerId: number }).freelancerId,
      });
      expect(freelancer).toMatchObject({
        name: 'Davi Rocha',
        experienceYears: 0,
        specialties: ['Estoquista', 'Operador de Caixa'],
        isApproved: false,
        isAvailable: true,
        cpf: null,
      });
    });

    it('creates one profile when the form is submitted twice at once', async () => {
      const user = await newUser();
      const outcomes = await Promise.allSettled([
        setupProfile(em(), user.id, { name: 'Eva', userType: 'freelancer' }),
        setupProfile(em(), user.id, {
          name: 'Eva',
          userType: 'restaurant',
          businessName: 'Mercado Eva',
          ...LEGAL,
        }),
      ]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({
        reason: { status: 409, message: MESSAGES.setup.alreadyCompleted },
      });
      expect(
        (await em().count(Freelancer, { user: user.id })) + (await em().count(Restaurant, { user: user.id })),
      ).toBe(1);
    });

    it('refuses a missing name, type or business name, and invalid specialties', async () => {
      const user = await newUser();
      await expectRefusal(
        setupProfile(em(), user.id, { name: ' ', userType: 'freelancer' }),
        400,
        MESSAGES.setup.nameRequired,
      );
      await expectRefusal(
        setupProfile(em(), user.id, { name: 'Ana', userType: 'admin' }),
        400,
        MESSAGES.setup.invalidUserType,
      );
      await expectRefusal(
        setupProfile(em(), user.id, { name: 'Ana', userType: 'restaurant' }),
        400,
        MESSAGES.setup.businessNameRequired,
      );
      await expectRefusal(
        setupProfile(em(), user.id, { name: 'Ana', userType: 'freelancer', specialties: ['Pizzaiolo'] }),
        400,
        MESSAGES.validation.invalidSpecialty,
      );
      await expectRefusal(
        setupProfile(em(), user.id, {
          name: 'Ana',
          userType: 'restaurant',
          businessName: 'X',
          cuisineType: 'Boate',
        }),
        400,
        MESSAGES.validation.invalidEstablishmentType,
      );
      await expectRefusal(
        setupProfile(em(), 999_999, { name: 'Ana', userType: 'freelancer' }),
        404,
        MESSAGES.common.notFound,
      );
      expect(await em().findOneOrFail(User, { id: user.id })).toMatchObject({ userType: null });
    });
  });

  it('asks a new business for a CNPJ with valid check digits and a razão social of 2–150 characters', async () => {
    const user = await newUser();
    const business = { name: 'Ana', userType: 'restaurant', businessName: 'Mercado da Ana' };
    const refusals: [Record<string, unknown>, string][] = [
      [{ legalName: 'Mercado da Ana Ltda' }, MESSAGES.restaurants.cnpjRequired],
      [{ ...LEGAL, cnpj: ' ' }, MESSAGES.restaurants.cnpjRequired],
      [{ ...LEGAL, cnpj: BAD_CNPJ }, MESSAGES.restaurants.invalidCnpj],
      [{ ...LEGAL, cnpj: '00.000.000/0000-00' }, MESSAGES.restaurants.invalidCnpj],
      [{ cnpj: CNPJ }, MESSAGES.restaurants.legalNameRequired],
      [{ ...LEGAL, legalName: ' A ' }, MESSAGES.restaurants.legalNameLength],
      [{ ...LEGAL, legalName: 'L'.repeat(151) }, MESSAGES.restaurants.legalNameLength],
    ];
    for (const [legal, message] of refusals) {
      await expectRefusal(setupProfile(em(), user.id, { ...business, ...legal }), 400, message);
    }
    expect(await em().count(Restaurant, { user: user.id })).toBe(0);

    // The alphanumeric CNPJ (July 2026) is stored upper case, without mask; spaces in the name fold.
    const result = await setupProfile(em(), user.id, {
      ...business,
      cnpj: '12.abc.345/01de-35',
      legalName: '  Mercado   da Ana  Ltda ',
    });
    const restaurantId = (result as { restaurantId: number }).restaurantId;
    expect(await em().findOneOrFail(Restaurant, { id: restaurantId })).toMatchObject({
      cnpj: '12ABC34501DE35',
      legalName: 'Mercado da Ana Ltda',
    });
    // The column refuses anything but 12 letters or digits and 2 check digits.
    await expect(
      em()
        .getConnection()
        .execute('update restaurants set cnpj = ? where id = ?', ['11.222.333/000', restaurantId]),
    ).rejects.toThrow(/restaurants_cnpj_shape/);
  });

  describe('review', () => {
    it('approves and rejects pending restaurants; both are idempotent; reviewed ones stay', async () => {
      const toApprove = await insertRestaurant(em(), { isApproved: false });
      const toReject = await insertRestaurant(em(), { isApproved: false });

      await expect(approveRestaurant(em(), admin, toApprove.id, NOW)).resolves.toEqual({
        id: toApprove.id,
        state: 'approved',
      });
      await expect(approveRestaurant(em(), admin, toApprove.id, at(60_000))).resolves.toEqual({
        id: toApprove.id,
        state: 'approved',
      });
      expect(await em().findOneOrFail(Restaurant, { id: toApprove.id })).toMatchObject({
        isApproved: true,
        approvedAt: NOW,
      });

      await expect(rejectRestaurant(em(), admin, toReject.id)).resolves.toEqual({
        id: toReject.id,
        state: 'rejected',
      });
      await expect(rejectRestaurant(em(), admin, toReject.id)).resolves.toEqual({
        id: toReject.id,
        state: 'rejected',
      });
      expect(await em().findOneOrFail(Restaurant, { id: toReject.id })).toMatchObject({
        isApproved: false,
        isActive: false,
      });

      await expectRefusal(
        rejectRestaurant(em(), admin, toApprove.id),
        409,
        MESSAGES.restaurants.onlyPendingCanBeReviewed,
      );
      await expectRefusal(
        approveRestaurant(em(), admin, toReject.id),
        409,
        MESSAGES.restaurants.onlyPendingCanBeReviewed,
      );
      await expectRefusal(approveRestaurant(em(), admin, 999_999), 404, MESSAGES.restaurants.notFound);
      await expectRefusal(
        approveRestaurant(em(), asRestaurant(toApprove), toApprove.id),
        403,
        MESSAGES.common.forbidden,
      );
    });

    it('approves and rejects pending freelancers (reject makes them unavailable)', async () => {
      const toApprove = await insertFreelancer(em(), {
        isApproved: false,
        cpf: CPF_DIGITS,
        pixKey: 'pessoa@pix.example',
        profilePhotoUrl: '/api/photos/1?v=abcdef12',
        identityDocumentType: 'rg',
      });
      // Issue 27: approval needs the document's sides and the selfie (stored rows suffice here).
      const files = em();
      for (const kind of VETTING_DOCUMENT_KINDS)
        files.create(FreelancerDocument, {
          freelancer: files.getReference(Freelancer, toApprove.id),
          kind,
          storageKey: `documents/freelancers/${toApprove.id}/${kind}.jpg`,
          contentType: 'image/jpeg',
          bytes: 2048,
        });
      await files.flush();
      const toReject = await insertFreelancer(em(), { isApproved: false });

      await expect(approveFreelancer(em(), admin, toApprove.id, NOW)).resolves.toEqual({
        id: toApprove.id,
        state: 'approved',
      });
      await expect(rejectFreelancer(em(), admin, toReject.id)).resolves.toEqual({
        id: toReject.id,
        state: 'rejected',
      });
      expect(await em().findOneOrFail(Freelancer, { id: toApprove.id })).toMatchObject({
        isApproved: true,
        approvedAt: NOW,
      });
      expect(await em().findOneOrFail(Freelancer, { id: toReject.id })).toMatchObject({
        isApproved: false,
        isAvailable: false,
      });
      await expectRefusal(
        rejectFreelancer(em(), admin, toApprove.id),
        409,
        MESSAGES.freelancers.onlyPendingCanBeReviewed,
      );
      await expectRefusal(
        approveFreelancer(em(), admin, toReject.id),
        409,
        MESSAGES.freelancers.onlyPendingCanBeReviewed,
      );
    });
  });

  describe('restaurant profile', () => {
    it('lets a restaurant edit only its own profile, and an admin any', async () => {
      const restaurant = await insertRestaurant(em(), { cuisineType: 'Padaria' });
      const other = await insertRestaurant(em());

      await updateRestaurantProfile(em(), asRestaurant(restaurant), {
        restaurantId: other.id,
        name: 'Rita Alves',
        businessName: 'Padaria Central',
        phone: '',
        cep: '01310-100',
        contactPerson: ' ',
      });
      expect(await em().findOneOrFail(Restaurant, { id: restaurant.id })).toMatchObject({
        name: 'Rita Alves',
        businessName: 'Padaria Central',
        phone: null,
        cep: '01310100',
        cuisineType: 'Padaria',
        contactPerson: null,
      });
      expect(await em().findOneOrFail(Restaurant, { id: other.id })).toMatchObject({
        businessName: other.businessName,
      });

      await updateRestaurantProfile(em(), admin, {
        restaurantId: other.id,
        name: 'Novo',
        businessName: 'Atacado Novo',
        cuisineType: 'Atacadista',
      });
      expect(await em().findOneOrFail(Restaurant, { id: other.id })).toMatchObject({
        businessName: 'Atacado Novo',
        cuisineType: 'Atacadista',
      });
    });

    it('requires the responsible and business names and checks phone and CEP', async () => {
      const actor = asRestaurant(await insertRestaurant(em()));
      const base = { name: 'Rita', businessName: 'Padaria' };
      await expectRefusal(
        updateRestaurantProfile(em(), actor, { ...base, name: '' }),
        400,
        MESSAGES.restaurants.nameRequired,
      );
      await expectRefusal(
        updateRestaurantProfile(em(), actor, { ...base, businessName: null }),
        400,
        MESSAGES.restaurants.businessNameRequired,
      );
      await expectRefusal(
        updateRestaurantProfile(em(), actor, { ...base, phone: '(01) 98765-4321' }),
        400,
        MESSAGES.validation.invalidPhone,
      );
      await expectRefusal(
        updateRestaurantProfile(em(), actor, { ...base, cep: '123' }),
        400,
        MESSAGES.validation.invalidCep,
      );
      await expectRefusal(
        updateRestaurantProfile(em(), admin, { ...base, restaurantId: 999_999 }),
        404,
        MESSAGES.restaurants.notFound,
      );
    });

    it('lets a business set up before the CNPJ complete it later; once set it can change, not be cleared', async () => {
      const restaurant = await insertRestaurant(em());
      const actor = asRestaurant(restaurant);
      const base = { name: 'Rita', businessName: 'Padaria' };
      const stored = async () =>
        em().findOneOrFail(Restaurant, { id: restaurant.id }, { fields: ['cnpj', 'legalName'] });

      await updateRestaurantProfile(em(), actor, { ...base, cnpj: '', legalName: null });
      expect(await stored()).toMatchObject({ cnpj: null, legalName: null });
      await expectRefusal(
        updateRestaurantProfile(em(), actor, { ...base, cnpj: BAD_CNPJ }),
        400,
        MESSAGES.restaurants.invalidCnpj,
      );
      await updateRestaurantProfile(em(), actor, { ...base, ...LEGAL });
      expect(await stored()).toMatchObject({ cnpj: CNPJ_STORED, legalName: LEGAL.legalName });

      // Left out: unchanged. Cleared: refused. Changed (here by an admin): stored.
      await updateRestaurantProfile(em(), actor, base);
      expect(await stored()).toMatchObject({ cnpj: CNPJ_STORED });
      await expectRefusal(
        updateRestaurantProfile(em(), actor, { ...base, cnpj: '' }),
        400,
        MESSAGES.restaurants.cnpjRequired,
      );
      await expectRefusal(
        updateRestaurantProfile(em(), admin, { ...base, restaurantId: restaurant.id, legalName: ' ' }),
        400,
        MESSAGES.restaurants.legalNameRequired,
      );
      await updateRestaurantProfile(em(), admin, {
        ...base,
        restaurantId: restaurant.id,
        cnpj: '11444777000161',
        legalName: 'Padaria Rita Ltda',
      });
      expect(await stored()).toMatchObject({ cnpj: '11444777000161', legalName: 'Padaria Rita Ltda' });
    });
  });

  describe('freelancer profile', () => {
    it('stores the CPF as 11 digits and the PIX key normalised; keeps a legacy specialty already stored', async () => {
      const freelancer = await insertFreelancer(em(), { specialties: ['Pizzaiolo'] });

      await updateFreelancerProfile(em(), asFreelancer(freelancer), {
        freelancerId: 999_999,
        name: 'Gil Souza',
        cpf: CPF,
        pixKey: 'Gil@Example.com',
        phone: '11 98765 4321',
        experienceYears: '4',
        specialties: ['Pizzaiolo', 'Estoquista'],
      });

      expect(await em().findOneOrFail(Freelancer, { id: freelancer.id })).toMatchObject({
        name: 'Gil Souza',
        cpf: CPF_DIGITS,
        pixKey: 'gil@example.com',
        phone: '11987654321',
        experienceYears: 4,
        specialties: ['Pizzaiolo', 'Estoquista'],
      });
    });

    it('requires name, CPF and PIX key, and checks them', async () => {
      const freelancer = await insertFreelancer(em());
      const actor = asFreelancer(freelancer);
      const base = { name: 'Gil', cpf: CPF, pixKey: CPF };
      await expectRefusal(
        updateFreelancerProfile(em(), actor, { ...base, pixKey: '' }),
        400,
        MESSAGES.freelancers.requiredFields,
      );
      await expectRefusal(
        updateFreelancerProfile(em(), actor, { ...base, cpf: '111.111.111-11' }),
        400,
        MESSAGES.validation.invalidCpf,
      );
      await expectRefusal(
        updateFreelancerProfile(em(), actor, { ...base, pixKey: 'chave' }),
        400,
        MESSAGES.validation.invalidPixKey,
      );
      await expectRefusal(
        updateFreelancerProfile(em(), actor, { ...base, specialties: ['Garçom'] }),
        400,
        MESSAGES.validation.invalidSpecialty,
      );
      await expectRefusal(
        updateFreelancerProfile(em(), actor, { ...base, experienceYears: 51 }),
        400,
        MESSAGES.validation.experienceYearsOutOfRange,
      );
      await expectRefusal(
        updateFreelancerProfile(em(), asRestaurant(await insertRestaurant(em())), base),
        403,
        MESSAGES.common.forbidden,
      );
    });

    it('lets an admin create an approved freelancer and edit anyone', async () => {
      const created = await createFreelancer(
        em(),
        admin,
        {
          name: 'Iara Melo',
          cpf: CPF,
          pixKey: '+55 (11) 98765-4321',
          email: 'Temp123@Turno.dev',
          experienceYears: 2,
        },
        NOW,
      );
      expect(await em().findOneOrFail(Freelancer, { id: created.freelancerId })).toMatchObject({
        name: 'Iara Melo',
        cpf: CPF_DIGITS,
        pixKey: '+5511987654321',
        experienceYears: 2,
        specialties: [],
        isApproved: true,
        isAvailable: true,
        approvedAt: NOW,
      });
      expect(await em().findOneOrFail(User, { id: created.userId })).toMatchObject({
        email: 'temp123@turno.dev',
        userType: 'freelancer',
      });

      await updateFreelancerProfile(em(), admin, {
        freelancerId: created.freelancerId,
        name: 'Iara M.',
        cpf: CPF_DIGITS,
        pixKey: CPF,
      });
      expect(await em().findOneOrFail(Freelancer, { id: created.freelancerId })).toMatchObject({
        name: 'Iara M.',
        pixKey: CPF_DIGITS,
        experienceYears: 2,
      });
      await expectRefusal(
        createFreelancer(em(), admin, { name: 'X', cpf: CPF }, NOW),
        400,
        MESSAGES.freelancers.requiredFields,
      );
    });
  });

  describe('deletion', () => {
    it('deletes a restaurant with its user and jobs, but not one with completed work or invoices', async () => {
      const clean = await insertRestaurant(em());
      const job = await insertTodayJob(em(), clean);
      const billed = await insertRestaurant(em());
      const setup = em();
      const billedJob = await insertJob(setup, billed, { status: 'completed' });
      const assignment = await insertCompletedAssignment(setup, billedJob, await insertFreelancer(setup));
      await insertInvoiceOf(setup, assignment, billedJob);

      await expect(deleteRestaurant(em(), admin, clean.id)).resolves.toEqual({
        restaurantId: clean.id,
        deleted: true,
      });
      expect(await em().count(Restaurant, { id: clean.id })).toBe(0);
      expect(await em().count(User, { id: clean.user.id })).toBe(0);
      expect(await em().count(Job, { id: job.id })).toBe(0);
      await expectRefusal(deleteRestaurant(em(), admin, clean.id), 404, MESSAGES.restaurants.notFound);
      await expectRefusal(
        deleteRestaurant(em(), admin, billed.id),
        409,
        MESSAGES.restaurants.hasBillingCannotBeDeleted,
      );
    });

    it('deletes a freelancer and reopens their assigned jobs, but not one with completed work', async () => {
      const restaurant = await insertRestaurant(em());
      const freelancer = await insertFreelancer(em());
      const job = await insertTodayJob(em(), restaurant);
      await assignFreelancer(em(), admin, { jobId: job.id, freelancerId: freelancer.id }, NOW);
      const worker = await insertFreelancer(em());
      await insertCompletedAssignment(
        em(),
        await insertJob(em(), restaurant, { status: 'completed' }),
        worker,
      );

      await expect(deleteFreelancer(em(), admin, freelancer.id)).resolves.toEqual({
        freelancerId: freelancer.id,
        deleted: true,
        reopenedJobs: 1,
      });
      expect(await em().findOneOrFail(Job, { id: job.id })).toMatchObject({ status: 'open' });
      expect(await em().count(Assignment, { job: job.id })).toBe(0);
      expect(await em().count(User, { id: freelancer.user.id })).toBe(0);
      await expectRefusal(deleteFreelancer(em(), admin, freelancer.id), 404, MESSAGES.freelancers.notFound);
      await expectRefusal(
        deleteFreelancer(em(), admin, worker.id),
        409,
        MESSAGES.freelancers.hasCompletedWorkCannotBeDeleted,
      );
    });
  });
});
