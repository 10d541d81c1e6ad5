import {
  AdminInvoicesPageSchema,
  AdminInvoicesQuerySchema,
  AdminJobsPageSchema,
  AdminJobsQuerySchema,
  AdminRestaurantsPageSchema,
  AdminRestaurantsQuerySchema,
  FreelancerJobsPageSchema,
  RestaurantJobsPageSchema,
  RestaurantJobsQuerySchema,
} from '@turno/contracts';
import { restaurantAccountState, saoPauloDate, vacancyArea } from '@turno/domain';
import { Block, Freelancer, Restaurant } from './model';
import { wholeBusiness } from './shared/business-scope';
import { seedDemoDataOnce } from './seeders/seed-once';
import { createTestDatabase, type TestDatabase } from './testing';
import { findDemoFreelancerId, findDemoRestaurantId } from './identity/demo.queries';
import { listAdminInvoicesPage } from './invoices/invoices.queries';
import { listAdminJobsPage, listOpenJobsPage, listRestaurantJobsPage } from './jobs/jobs.queries';
import { listAdminRestaurantsPage } from './accounts/restaurants.queries';

/** The demo data is small: one page of the largest size holds each whole list. */
const WHOLE = { limit: 200 };

describe('read queries on the demo data', () => {
  let db: TestDatabase;
  const now = new Date();
  const today = saoPauloDate(now);
  const em = () => db.orm.em.fork();
  /** Every job of one restaurant, any date (the admin's view of it). */
  const restaurantJobs = async (restaurantId: number) =>
    AdminJobsPageSchema.parse(
      await listAdminJobsPage(em(), AdminJobsQuerySchema.parse({ ...WHOLE, restaurantId }), { now }),
    ).items.sort(
      (a, b) => (a.date_needed + a.start_time).localeCompare(b.date_needed + b.start_time) || a.id - b.id,
    );
  const allJobs = async () =>
    AdminJobsPageSchema.parse(await listAdminJobsPage(em(), AdminJobsQuerySchema.parse(WHOLE), { now }))
      .items;
  const openJobs = async (freelancerId: number, at: Date) =>
    FreelancerJobsPageSchema.parse(await listOpenJobsPage(em(), freelancerId, WHOLE, { now: at })).items;
  const restaurants = async () =>
    AdminRestaurantsPageSchema.parse(
      await listAdminRestaurantsPage(em(), AdminRestaurantsQuerySchema.parse(WHOLE)),
    ).items;
  const invoices = async () =>
    AdminInvoicesPageSchema.parse(await listAdminInvoicesPage(em(), AdminInvoicesQuerySchema.parse(WHOLE)))
      .items;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('find no demo accounts before seeding', async () => {
    await expect(findDemoRestaurantId(em())).resolves.toBeNull();
    await expect(findDemoFreelancerId(em())).resolves.toBeNull();
    await expect(restaurantJobs(1)).resolves.toEqual([]);
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
    const jobs = await restaurantJobs(restaurantId);

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

  it("show this week's agenda by default", async () => {
    const restaurantId = (await findDemoRestaurantId(em())) ?? 0;
    const page = RestaurantJobsPageSchema.parse(
      await listRestaurantJobsPage(em(), wholeBusiness(restaurantId), RestaurantJobsQuerySchema.parse({}), {
        now,
      }),
    );
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.total).toBe(page.items.length);
    expect(page.counts.all).toBe(page.total);
  });

  it('list every job for the admin', async () => {
    const jobs = await allJobs();
    expect(new Set(jobs.map((job) => job.restaurant_name)).size).toBe(3);
    expect(jobs.some((job) => job.created_by_admin)).toBe(true);
  });

  it('list open jobs from today on for a freelancer, without addresses', async () => {
    const freelancerId = (await findDemoFreelancerId(em())) ?? 0;
    const jobs = await openJobs(freelancerId, now);

    expect(jobs.length).toBeGreaterThan(5);
    expect(jobs.every((job) => job.date_needed >= today)).toBe(true);
    expect(new Set(jobs.map((job) => job.restaurant_neighborhood))).toEqual(
      new Set(['Vila Mariana', 'Vila Madalena', 'Perdizes']),
    );
    expect(jobs[0]).not.toHaveProperty('restaurant_address');
    expect(jobs[0]).not.toHaveProperty('restaurant_name');
    const night = jobs.find((job) => job.hourly_rate === 179);
    expect(night?.freelancer_payment_amount).toBe(150);
    expect(jobs.find((job) => job.hourly_rate === 149)?.freelancer_payment_amount).toBe(120);

    // Nothing before today, even days later.
    const later = new Date(now.getTime() + 3 * 24 * 3600 * 1000);
    const laterJobs = await openJobs(freelancerId, later);
    expect(laterJobs.every((job) => job.date_needed >= saoPauloDate(later))).toBe(true);
    expect(laterJobs.length).toBeLessThan(jobs.length);
  });

  it('hide the jobs of restaurants that blocked the freelancer', async () => {
    const block = await em().findOneOrFail(
      Block,
      { blockedBy: 'admin' },
      { populate: ['freelancer', 'restaurant'] },
    );
    const jobs = await openJobs(block.freelancer.id, now);
    const areas = new Set(jobs.map((job) => job.restaurant_neighborhood));
    expect(areas.has(vacancyArea(block.restaurant.$.address).neighborhood)).toBe(false);
    expect(areas.size).toBe(2);
  });

  it('list restaurants in every account state for the admin', async () => {
    const all = await restaurants();
    expect(all).toHaveLength(6);
    expect(new Set(all.map(restaurantAccountState))).toEqual(new Set(['approved', 'pending', 'rejected']));
    for (const restaurant of all) {
      expect(restaurant.approved_at === null).toBe(!restaurant.is_approved);
      expect(new Date(restaurant.created_at).toISOString()).toBe(restaurant.created_at);
    }
  });

  it('list invoices with their restaurant, in reais, for the admin', async () => {
    const list = await invoices();
    expect(new Set(list.map((invoice) => invoice.status))).toEqual(new Set(['pending', 'paid', 'overdue']));
    expect(list.every((invoice) => /^TUR-\d{4}-W\d{2}-\d{4}$/.test(invoice.invoice_number))).toBe(true);
    for (const invoice of list) {
      expect(invoice.payment_date === null).toBe(invoice.status !== 'paid');
      expect(invoice.due_date > invoice.issue_date).toBe(true);
      expect(Number.isInteger(Math.round(invoice.amount * 100))).toBe(true);
    }
    const issueDates = list.map((invoice) => invoice.issue_date);
    expect(issueDates).toEqual([...issueDates].sort().reverse());
  });
});
