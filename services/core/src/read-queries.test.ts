import {
  AdminRestaurantListSchema,
  InvoiceListSchema,
  JobListSchema,
  OpenJobListSchema,
} from '@turno/contracts';
import { restaurantAccountState, saoPauloDate } from '@turno/domain';
import { Block, Freelancer, Restaurant } from './entities';
import { seedDemoDataOnce } from './seeders/seed-once';
import { createTestDatabase, type TestDatabase } from './testing';
import { findDemoFreelancerId, findDemoRestaurantId } from './accounts/demo.queries';
import { listInvoicesForAdmin } from './invoices/invoices.queries';
import { listJobsForAdmin, listOpenJobsForFreelancer, listRestaurantJobs } from './jobs/jobs.queries';
import { listRestaurantsForAdmin } from './accounts/restaurants.queries';

describe('read queries on the demo data', () => {
  let db: TestDatabase;
  const now = new Date();
  const today = saoPauloDate(now);
  const em = () => db.orm.em.fork();

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('find no demo accounts before seeding', async () => {
    await expect(findDemoRestaurantId(em())).resolves.toBeNull();
    await expect(findDemoFreelancerId(em())).resolves.toBeNull();
    await expect(listRestaurantJobs(em(), 1)).resolves.toEqual([]);
    await seedDemoDataOnce({ orm: db.orm, now, env: {} });
  });

  it('find the demo restaurant and freelancer through their identities', async () => {
    const restaurantId = await findDemoRestaurantId(em());
    const freelancerId = await findDemoFreelancerId(em());
    expect((await em().findOneOrFail(Restaurant, { id: restaurantId ?? 0 })).businessName).toBe(
      'Supermercado Bom Preço',
    );
    expect((await em().findOneOrFail(Freelancer, { id: freelancerId ?? 0 })).name).toBe('Ana Souza');
  });

  it("list a restaurant's jobs in every status, with the assignment and freelancer joined", async () => {
    const restaurantId = (await findDemoRestaurantId(em())) ?? 0;
    const jobs = JobListSchema.parse(await listRestaurantJobs(em(), restaurantId));

    expect(jobs.every((job) => job.restaurant_id === restaurantId)).toBe(true);
    expect(new Set(jobs.map((job) => job.status))).toEqual(
      new Set(['open', 'assigned', 'completed', 'cancelled']),
    );
    expect(new Set(jobs.map((job) => job.assignment_status))).toEqual(
      new Set([null, 'assigned', 'in_progress', 'completed']),
    );
    const sorted = [...jobs].sort((a, b) =>
      (a.date_needed + a.start_time).localeCompare(b.date_needed + b.start_time),
    );
    expect(jobs.map((job) => job.id)).toEqual(sorted.map((job) => job.id));

    const onTheWay = jobs.find((job) => job.freelancer_name === 'Ana Souza' && job.status === 'assigned');
    expect(onTheWay).toMatchObject({
      is_assigned: true,
      assignment_status: 'assigned',
      restaurant_name: 'Supermercado Bom Preço',
      restaurant_address: 'Rua Vergueiro, Vila Mariana, São Paulo - SP, 1500',
      freelancer_profile_photo_url: '/static/avatars/ana.svg',
      freelancer_user_id: expect.any(Number),
      on_the_way_time: expect.stringMatching(/Z$/),
      check_in_time: null,
    });
    const awaitingCheckout = jobs.find((job) => job.freelancer_checkout_request_time && !job.check_out_time);
    expect(awaitingCheckout).toMatchObject({
      assignment_status: 'in_progress',
      check_in_time: expect.any(String),
    });

    // The reopened job's cancelled assignment does not count.
    const open = jobs.filter((job) => job.status === 'open');
    expect(open.every((job) => !job.is_assigned && job.freelancer_name === null)).toBe(true);
    const completed = jobs.filter((job) => job.status === 'completed');
    expect(
      completed.every((job) => job.check_out_time !== null && job.assignment_status === 'completed'),
    ).toBe(true);
    expect(new Set(jobs.map((job) => job.hourly_rate))).toEqual(new Set([149, 179, 189]));
  });

  it('answer in a fixed number of queries, whatever the number of jobs (no N+1)', async () => {
    const restaurantId = (await findDemoRestaurantId(em())) ?? 0;
    const freelancerId = (await findDemoFreelancerId(em())) ?? 0;
    const counted = async (run: () => Promise<unknown[]>) => {
      let queries = 0;
      const original = db.orm.config.get('onQuery');
      db.orm.config.set('onQuery', (sql, params) => {
        queries += 1;
        return original(sql, params);
      });
      try {
        const rows = await run();
        return { rows: rows.length, queries };
      } finally {
        db.orm.config.set('onQuery', original);
      }
    };
    const restaurantJobs = await counted(() => listRestaurantJobs(em(), restaurantId));
    const adminJobs = await counted(() => listJobsForAdmin(em()));
    expect(adminJobs.rows).toBeGreaterThan(restaurantJobs.rows);
    expect(restaurantJobs.queries).toBeLessThanOrEqual(2);
    expect(adminJobs.queries).toBe(restaurantJobs.queries);
    expect(
      (await counted(() => listOpenJobsForFreelancer(em(), freelancerId, now))).queries,
    ).toBeLessThanOrEqual(2);
    expect((await counted(() => listInvoicesForAdmin(em()))).queries).toBe(1);
    expect((await counted(() => listRestaurantsForAdmin(em()))).queries).toBe(1);
  });

  it('list every job for the admin', async () => {
    const jobs = JobListSchema.parse(await listJobsForAdmin(em()));
    expect(new Set(jobs.map((job) => job.restaurant_name)).size).toBe(3);
    expect(jobs.some((job) => job.created_by_admin)).toBe(true);
  });

  it('list open jobs from today on for a freelancer, without addresses', async () => {
    const freelancerId = (await findDemoFreelancerId(em())) ?? 0;
    const jobs = OpenJobListSchema.parse(await listOpenJobsForFreelancer(em(), freelancerId, now));

    expect(jobs.length).toBeGreaterThan(5);
    expect(jobs.every((job) => job.date_needed >= today)).toBe(true);
    expect(new Set(jobs.map((job) => job.restaurant_name))).toEqual(
      new Set(['Supermercado Bom Preço', 'Hortifruti Vila Madalena', 'Padaria Pão Dourado']),
    );
    expect(jobs[0]).not.toHaveProperty('restaurant_address');
    const night = jobs.find((job) => job.hourly_rate === 179);
    expect(night?.freelancer_payment_amount).toBe(150);
    expect(jobs.find((job) => job.hourly_rate === 149)?.freelancer_payment_amount).toBe(120);

    // Nothing before today, even days later.
    const later = new Date(now.getTime() + 3 * 24 * 3600 * 1000);
    const laterJobs = await listOpenJobsForFreelancer(em(), freelancerId, later);
    expect(laterJobs.every((job) => job.date_needed >= saoPauloDate(later))).toBe(true);
    expect(laterJobs.length).toBeLessThan(jobs.length);
  });

  it('hide the jobs of restaurants that blocked the freelancer', async () => {
    const block = await em().findOneOrFail(
      Block,
      { blockedBy: 'admin' },
      { populate: ['freelancer', 'restaurant'] },
    );
    const jobs = await listOpenJobsForFreelancer(em(), block.freelancer.id, now);
    const names = new Set(jobs.map((job) => job.restaurant_name));
    expect(names.has(block.restaurant.$.businessName)).toBe(false);
    expect(names.size).toBe(2);
  });

  it('list restaurants in every account state for the admin', async () => {
    const restaurants = AdminRestaurantListSchema.parse(await listRestaurantsForAdmin(em()));
    expect(restaurants).toHaveLength(6);
    expect(new Set(restaurants.map(restaurantAccountState))).toEqual(
      new Set(['approved', 'pending', 'rejected']),
    );
    for (const restaurant of restaurants) {
      expect(restaurant.approved_at === null).toBe(!restaurant.is_approved);
      expect(new Date(restaurant.created_at).toISOString()).toBe(restaurant.created_at);
    }
  });

  it('list invoices with their restaurant, in reais, for the admin', async () => {
    const invoices = InvoiceListSchema.parse(await listInvoicesForAdmin(em()));
    expect(new Set(invoices.map((invoice) => invoice.status))).toEqual(
      new Set(['pending', 'paid', 'overdue']),
    );
    expect(invoices.every((invoice) => /^TUR-\d{4}-W\d{2}-\d{4}$/.test(invoice.invoice_number))).toBe(true);
    for (const invoice of invoices) {
      expect(invoice.payment_date === null).toBe(invoice.status !== 'paid');
      expect(invoice.due_date > invoice.issue_date).toBe(true);
      expect(Number.isInteger(Math.round(invoice.amount * 100))).toBe(true);
    }
    const issueDates = invoices.map((invoice) => invoice.issue_date);
    expect(issueDates).toEqual([...issueDates].sort().reverse());
  });
});
