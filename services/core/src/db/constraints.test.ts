import {
  CheckConstraintViolationException,
  ForeignKeyConstraintViolationException,
  UniqueConstraintViolationException,
  type EntityManager,
} from '@mikro-orm/postgresql';
import {
  Application,
  Assignment,
  Block,
  Identity,
  Invoice,
  InvoiceLine,
  Job,
  Rating,
  Restaurant,
  User,
  type Freelancer,
} from '../model';
import {
  createTestDatabase,
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
  type TestDatabase,
} from '../testing';

type ConstraintException =
  typeof UniqueConstraintViolationException | typeof CheckConstraintViolationException;

describe('database constraints', () => {
  let db: TestDatabase;
  let restaurant: Restaurant;
  let ana: Freelancer;
  let bruno: Freelancer;

  /** Runs `write` on a fresh entity manager and expects PostgreSQL to refuse it through `constraint`. */
  async function expectRefused(
    exception: ConstraintException,
    constraint: string,
    write: (em: EntityManager) => Promise<unknown>,
  ): Promise<void> {
    const error = await write(db.orm.em.fork()).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(exception);
    expect(error).toMatchObject({ constraint });
  }

  /** Creates an entity in a fresh entity manager and flushes it. */
  function insert(em: EntityManager, create: (em: EntityManager) => unknown): Promise<void> {
    create(em);
    return em.flush();
  }

  const application = (job: Job, freelancer: Freelancer, status: Application['status']) => ({
    job: job.id,
    freelancer: freelancer.id,
    status,
    expiresAt: new Date(Date.now() + 7_200_000),
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    restaurant = await insertRestaurant(db.em);
    ana = await insertFreelancer(db.em);
    bruno = await insertFreelancer(db.em);
  });
  afterAll(async () => {
    await db.drop();
  });

  it('refuse a second accepted application for one job', async () => {
    const job = await insertJob(db.em, restaurant);
    db.em.create(Application, application(job, ana, 'accepted'));
    db.em.create(Application, application(job, bruno, 'pending'));
    await db.em.flush();

    await expectRefused(UniqueConstraintViolationException, 'applications_one_accepted_per_job', (em) =>
      em.nativeUpdate(Application, { job: job.id, freelancer: bruno.id }, { status: 'accepted' }),
    );
    // Rejecting the others stays possible.
    await db.orm.em
      .fork()
      .nativeUpdate(Application, { job: job.id, freelancer: bruno.id }, { status: 'rejected' });
  });

  it('refuse a second application by the same freelancer to one job', async () => {
    const job = await insertJob(db.em, restaurant);
    await insert(db.orm.em.fork(), (em) => em.create(Application, application(job, ana, 'rejected')));
    await expectRefused(UniqueConstraintViolationException, 'applications_job_freelancer_unique', (em) =>
      insert(em, () => em.create(Application, application(job, ana, 'pending'))),
    );
  });

  it('refuse a second non-cancelled assignment for one job, but keep cancelled ones', async () => {
    const job = await insertJob(db.em, restaurant);
    await insert(db.orm.em.fork(), (em) => {
      em.create(Assignment, { job: job.id, freelancer: bruno.id, status: 'cancelled' });
      em.create(Assignment, { job: job.id, freelancer: ana.id, status: 'assigned' });
    });
    await expectRefused(UniqueConstraintViolationException, 'assignments_one_active_per_job', (em) =>
      insert(em, () => em.create(Assignment, { job: job.id, freelancer: bruno.id, status: 'in_progress' })),
    );
  });

  it('refuse a completed assignment without its amounts, or with a wrong commission', async () => {
    const job = await insertJob(db.em, restaurant);
    await expectRefused(CheckConstraintViolationException, 'assignments_completed_has_amounts', (em) =>
      insert(em, () => em.create(Assignment, { job: job.id, freelancer: ana.id, status: 'completed' })),
    );
    await expectRefused(CheckConstraintViolationException, 'assignments_commission_is_difference', (em) =>
      insert(em, () =>
        em.create(Assignment, {
          job: job.id,
          freelancer: ana.id,
          status: 'completed',
          completedAt: new Date(),
          restaurantChargeCents: 14_900,
          freelancerPayoutCents: 12_000,
          commissionCents: 3_000,
        }),
      ),
    );
  });

  describe('billing', () => {
    let assignment: Assignment;
    let invoice: Invoice;

    beforeAll(async () => {
      const job = await insertJob(db.em, restaurant, { status: 'completed' });
      assignment = await insertCompletedAssignment(db.em, job, ana);
      invoice = db.em.create(Invoice, {
        invoiceNumber: 'TUR-2026-W02-0001',
        invoiceType: 'restaurant_weekly_invoice',
        restaurant,
        amountCents: 14_900,
        issueDate: '2026-01-14',
        dueDate: '2026-01-21',
        weekStart: '2026-01-05',
        weekEnd: '2026-01-11',
      });
      db.em.create(InvoiceLine, {
        invoice,
        assignment,
        dateNeeded: '2026-01-05',
        positionType: 'Operador de Caixa',
        freelancerName: ana.name,
        amountCents: 14_900,
      });
      await db.em.flush();
    });

    it('refuse a second invoice line for one assignment', async () => {
      await expectRefused(UniqueConstraintViolationException, 'invoice_lines_pkey', (em) =>
        insert(em, () =>
          em.create(InvoiceLine, {
            invoice: invoice.id,
            assignment: assignment.id,
            dateNeeded: '2026-01-05',
            positionType: 'Operador de Caixa',
            freelancerName: ana.name,
            amountCents: 14_900,
          }),
        ),
      );
    });

    it('refuse a duplicate invoice number, a paid invoice without payment date and negative amounts', async () => {
      const fields = {
        invoiceType: 'restaurant_custom_invoice' as const,
        restaurant: restaurant.id,
        amountCents: 100,
        issueDate: '2026-01-14',
        dueDate: '2026-01-21',
      };
      await expectRefused(UniqueConstraintViolationException, 'invoices_invoice_number_unique', (em) =>
        insert(em, () => em.create(Invoice, { ...fields, invoiceNumber: 'TUR-2026-W02-0001' })),
      );
      await expectRefused(CheckConstraintViolationException, 'invoices_paid_has_payment_date', (em) =>
        insert(em, () =>
          em.create(Invoice, { ...fields, invoiceNumber: 'TUR-2026-W02-0002', status: 'paid' }),
        ),
      );
      await expectRefused(CheckConstraintViolationException, 'invoices_amount_not_negative', (em) =>
        insert(em, () =>
          em.create(Invoice, { ...fields, invoiceNumber: 'TUR-2026-W02-0003', amountCents: -1 }),
        ),
      );
    });

    it('keep billed work: an invoiced job or a restaurant with invoices cannot be deleted', async () => {
      const job = assignment.job.id;
      const error = await db.orm.em
        .fork()
        .nativeDelete(Job, { id: job })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ForeignKeyConstraintViolationException);
      const restaurantError = await db.orm.em
        .fork()
        .nativeDelete(Restaurant, { id: restaurant.id })
        .catch((caught: unknown) => caught);
      expect(restaurantError).toBeInstanceOf(ForeignKeyConstraintViolationException);
    });

    it('refuse an unknown invoice status', async () => {
      await expectRefused(CheckConstraintViolationException, 'invoices_status_check', (em) =>
        em.execute(`update invoices set status = 'cancelled' where id = ?`, [invoice.id]),
      );
    });

    describe('ratings', () => {
      const rating = (
        raterType: 'restaurant' | 'freelancer',
        stars: number,
        comment: string | null = null,
      ) => ({
        assignment: assignment.id,
        raterType,
        rating: stars,
        comment,
      });

      it('refuse a second rating by the same rater, not one by the other side', async () => {
        await insert(db.orm.em.fork(), (em) => em.create(Rating, rating('restaurant', 5)));
        await expectRefused(UniqueConstraintViolationException, 'ratings_assignment_rater_unique', (em) =>
          insert(em, () => em.create(Rating, rating('restaurant', 4))),
        );
        await insert(db.orm.em.fork(), (em) => em.create(Rating, rating('freelancer', 4, 'Boa equipe.')));
      });

      it('refuse a rating of 6 or 0 and a comment over 500 characters', async () => {
        const job = await insertJob(db.em, restaurant, { status: 'completed' });
        const other = await insertCompletedAssignment(db.em, job, bruno);
        const on = (fields: ReturnType<typeof rating>) => ({ ...fields, assignment: other.id });
        await expectRefused(CheckConstraintViolationException, 'ratings_rating_range', (em) =>
          insert(em, () => em.create(Rating, on(rating('restaurant', 6)))),
        );
        await expectRefused(CheckConstraintViolationException, 'ratings_rating_range', (em) =>
          insert(em, () => em.create(Rating, on(rating('restaurant', 0)))),
        );
        await expectRefused(CheckConstraintViolationException, 'ratings_comment_length', (em) =>
          insert(em, () => em.create(Rating, on(rating('restaurant', 5, 'a'.repeat(501))))),
        );
        await insert(db.orm.em.fork(), (em) =>
          em.create(Rating, on(rating('restaurant', 5, 'a'.repeat(500)))),
        );
      });
    });
  });

  it('delete what hangs off a job when the job is deleted', async () => {
    const job = await insertJob(db.em, restaurant);
    await insert(db.orm.em.fork(), (em) => {
      em.create(Application, application(job, ana, 'accepted'));
      em.create(Assignment, { job: job.id, freelancer: ana.id, status: 'assigned' });
    });
    await db.orm.em.fork().nativeDelete(Job, { id: job.id });
    expect(await db.orm.em.fork().count(Application, { job: job.id })).toBe(0);
    expect(await db.orm.em.fork().count(Assignment, { job: job.id })).toBe(0);
  });

  it('refuse a second block of one freelancer at one restaurant', async () => {
    await insert(db.orm.em.fork(), (em) =>
      em.create(Block, { freelancer: bruno.id, restaurant: restaurant.id, blockedBy: 'restaurant' }),
    );
    await expectRefused(UniqueConstraintViolationException, 'blocks_freelancer_restaurant_unique', (em) =>
      insert(em, () =>
        em.create(Block, { freelancer: bruno.id, restaurant: restaurant.id, blockedBy: 'admin' }),
      ),
    );
  });

  it('refuse a second user for one OpenID issuer and subject', async () => {
    const identity = (em: EntityManager) => ({
      user: em.create(User, { name: 'Alguém' }),
      issuer: 'http://localhost:4400',
      subject: 'same-subject',
    });
    await insert(db.orm.em.fork(), (em) => em.create(Identity, identity(em)));
    await expectRefused(UniqueConstraintViolationException, 'identities_issuer_subject_unique', (em) =>
      insert(em, () => em.create(Identity, identity(em))),
    );
  });

  it('refuse out-of-range freelancer and job values', async () => {
    await expectRefused(CheckConstraintViolationException, 'freelancers_experience_years_range', (em) =>
      em.nativeUpdate('Freelancer', { id: ana.id }, { experienceYears: 51 }),
    );
    await expectRefused(CheckConstraintViolationException, 'jobs_start_time_format', (em) =>
      insertJob(em, restaurant, { startTime: '24:00' }),
    );
    await expectRefused(CheckConstraintViolationException, 'jobs_charge_cents_not_negative', (em) =>
      insertJob(em, restaurant, { chargeCents: -14_900 }),
    );
    await expectRefused(CheckConstraintViolationException, 'jobs_status_check', (em) =>
      em.execute(
        `insert into jobs (restaurant_id, title, position_type, date_needed, start_time, end_time,
        workload_minutes, charge_cents, status) values (?, 'x', 'x', '2026-01-05', '08:00', '14:00', 360, 14900, 'paused')`,
        [restaurant.id],
      ),
    );
  });
});
