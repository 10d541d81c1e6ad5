import {
  ESTABLISHMENT_TYPES,
  SPECIALTIES,
  WORKLOADS,
  billingWeek,
  freelancerPayoutCents,
  isValidCpf,
  isValidPhone,
  isValidPixKey,
  saoPauloDateTimeToInstant,
  shiftEndTime,
  shiftPriceCents,
  workloadMinutes,
} from '@turno/domain';
import { verifyPassword } from '../accounts/password';
import { Admin, Freelancer, Identity, Job, Restaurant } from '../model';
import { createTestDatabase, useTestPasswordCost, type TestDatabase } from '../testing';
import { DEMO_ACCOUNTS, demoIssuer } from '../identity/demo-accounts';
import { seedDemoDataOnce } from './seed-once';

// The admin's password is hashed and checked at TEST_PASSWORD_COST (@turno/core/testing): this file
// is about seeding, not scrypt (services/core's password.test asserts the production cost).
jest.setTimeout(60_000);
beforeAll(useTestPasswordCost);

const TABLES = [
  'users',
  'identities',
  'restaurants',
  'freelancers',
  'jobs',
  'applications',
  'assignments',
  'ratings',
  'blocks',
  'invoices',
  'invoice_lines',
];

async function rowCounts(db: TestDatabase): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await db.em.execute<{ count: string }[]>(`select count(*) from ${table}`);
    counts[table] = Number(row?.count);
  }
  return counts;
}

async function values(db: TestDatabase, sql: string): Promise<string[]> {
  const rows = await db.em.execute<{ value: string }[]>(sql);
  return rows.map((row) => row.value).sort();
}

describe('demo seeding', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('seeds once, even when started twice at the same moment, and then does nothing', async () => {
    const env = {};
    const first = await Promise.all([
      seedDemoDataOnce({ orm: db.orm, env }),
      seedDemoDataOnce({ orm: db.orm, env }),
    ]);
    expect(first.map((outcome) => outcome.demoSeeded).sort()).toEqual([false, true]);
    const counts = await rowCounts(db);
    expect(counts.jobs).toBeGreaterThan(20);

    await expect(seedDemoDataOnce({ orm: db.orm, env })).resolves.toEqual({
      demoSeeded: false,
      adminCreated: false,
    });
    expect(await rowCounts(db)).toEqual(counts);
  });

  it('creates the first admin only from ADMIN_EMAIL and ADMIN_PASSWORD, once', async () => {
    expect(await db.em.count(Admin, {})).toBe(0);
    const env = { ADMIN_EMAIL: ' Admin@Turno.Example.com ', ADMIN_PASSWORD: 'uma senha longa e só minha' };
    await expect(seedDemoDataOnce({ orm: db.orm, env })).resolves.toEqual({
      demoSeeded: false,
      adminCreated: true,
    });
    await expect(seedDemoDataOnce({ orm: db.orm, env })).resolves.toEqual({
      demoSeeded: false,
      adminCreated: false,
    });

    const admin = await db.orm.em.fork().findOneOrFail(Admin, { email: 'admin@turno.example.com' });
    expect(admin.passwordHash).not.toContain(env.ADMIN_PASSWORD);
    await expect(verifyPassword(env.ADMIN_PASSWORD, admin.passwordHash)).resolves.toBe(true);
  });

  it('links the demo identities to their accounts', async () => {
    const em = db.orm.em.fork();
    const userOf = async (subject: string) =>
      (await em.findOneOrFail(Identity, { issuer: demoIssuer(), subject })).user.id;
    const restaurant = await em.findOneOrFail(Restaurant, { user: await userOf(DEMO_ACCOUNTS.restaurant) });
    expect(restaurant).toMatchObject({
      businessName: 'Supermercado Bom Preço',
      isApproved: true,
      isActive: true,
    });
    const ana = await em.findOneOrFail(Freelancer, { user: await userOf(DEMO_ACCOUNTS.freelancer) });
    expect(ana).toMatchObject({ isApproved: true, isAvailable: true, profilePhotoUrl: expect.any(String) });
    const pending = await em.findOneOrFail(Freelancer, {
      user: await userOf(DEMO_ACCOUNTS.pendingFreelancer),
    });
    expect(pending).toMatchObject({ isApproved: false, isAvailable: true });
  });

  it('covers every account state, status and shift stage', async () => {
    expect(
      await values(
        db,
        `select distinct case when is_approved then 'approved' when is_active then 'pending' else 'rejected' end as value from restaurants`,
      ),
    ).toEqual(['approved', 'pending', 'rejected']);
    expect(
      await values(
        db,
        `select distinct case when is_approved and profile_photo_url is not null then 'approved with photo'
           when is_approved then 'approved without photo' when is_available then 'pending' else 'rejected' end as value
         from freelancers`,
      ),
    ).toEqual(['approved with photo', 'approved without photo', 'pending', 'rejected']);
    expect(await values(db, 'select distinct status as value from jobs')).toEqual([
      'assigned',
      'cancelled',
      'completed',
      'open',
    ]);
    expect(await values(db, 'select distinct status as value from applications')).toEqual([
      'accepted',
      'expired',
      'pending',
      'rejected',
    ]);
    expect(
      await values(
        db,
        `select distinct case
           when status <> 'assigned' then status
           when checkin_requested_at is not null then 'checkin_requested'
           when on_the_way_at is not null then 'on_the_way'
           else 'assigned' end
         || case when status = 'in_progress' and checkout_requested_at is not null then '+checkout_requested' else '' end as value
         from assignments`,
      ),
    ).toEqual([
      'assigned',
      'cancelled',
      'checkin_requested',
      'completed',
      'in_progress',
      'in_progress+checkout_requested',
      'on_the_way',
    ]);
    expect(await values(db, 'select distinct rater_type as value from ratings')).toEqual([
      'freelancer',
      'restaurant',
    ]);
    expect(await values(db, 'select distinct blocked_by as value from blocks')).toEqual([
      'admin',
      'restaurant',
    ]);
    expect(await values(db, 'select distinct status as value from invoices')).toEqual([
      'overdue',
      'paid',
      'pending',
    ]);
  });

  it('uses valid CPFs, PIX keys, phones, establishment types and specialties', async () => {
    const em = db.orm.em.fork();
    for (const freelancer of await em.find(Freelancer, {})) {
      expect(isValidCpf(freelancer.cpf)).toBe(true);
      expect(isValidPixKey(freelancer.pixKey)).toBe(true);
      expect(isValidPhone(freelancer.phone)).toBe(true);
      expect(freelancer.specialties.length).toBeGreaterThan(0);
      for (const specialty of freelancer.specialties) expect(SPECIALTIES).toContain(specialty);
    }
    for (const restaurant of await em.find(Restaurant, {})) {
      expect(ESTABLISHMENT_TYPES).toContain(restaurant.cuisineType);
      expect(isValidPhone(restaurant.phone)).toBe(true);
    }
  });
});

/** A few instants around the billing-week boundary, plus now. */
const SEED_INSTANTS: [string, Date][] = [
  ['now', new Date()],
  ['Monday 00:10 in Sao Paulo', saoPauloDateTimeToInstant('2026-11-16', '00:10')],
  ['Sunday 23:50 in Sao Paulo', saoPauloDateTimeToInstant('2026-11-22', '23:50')],
  ['Wednesday 17:00 in Sao Paulo', saoPauloDateTimeToInstant('2026-11-18', '17:00')],
];

describe.each(SEED_INSTANTS)('demo data seeded at %s', (_label, now) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
    await seedDemoDataOnce({ orm: db.orm, now, env: {} });
  });
  afterAll(async () => {
    await db.drop();
  });

  it('prices every job with the domain rules', async () => {
    for (const job of await db.orm.em.fork().find(Job, {})) {
      const hours = WORKLOADS.find((workload) => workloadMinutes(workload) === job.workloadMinutes);
      expect(hours).toBeDefined();
      expect(job.endTime).toBe(shiftEndTime(job.startTime, hours ?? 0));
      expect(job.chargeCents).toBe(shiftPriceCents(hours, job.startTime));
    }
    const wrongPayouts = await db.em.execute<{ id: number; charge: number; payout: number }[]>(
      `select a.id, a.restaurant_charge_cents as charge, a.freelancer_payout_cents as payout
       from assignments a join jobs j on j.id = a.job_id
       where a.status = 'completed' and a.restaurant_charge_cents <> j.charge_cents`,
    );
    expect(wrongPayouts).toEqual([]);
    const payouts = await db.em.execute<{ charge: number; payout: number }[]>(
      `select restaurant_charge_cents as charge, freelancer_payout_cents as payout from assignments where status = 'completed'`,
    );
    for (const { charge, payout } of payouts) expect(payout).toBe(freelancerPayoutCents(charge));
  });

  it('bills every completed shift of the ended weeks exactly once, and nothing of the current week', async () => {
    const currentWeekStart = billingWeek(now).weekStart;
    const unbilled = await db.em.execute(
      `select a.id from assignments a join jobs j on j.id = a.job_id left join invoice_lines l on l.assignment_id = a.id
       where a.status = 'completed' and j.date_needed < ? and l.assignment_id is null`,
      [currentWeekStart],
    );
    expect(unbilled).toEqual([]);
    const billedTooEarly = await db.em.execute(
      `select l.assignment_id from invoice_lines l join assignments a on a.id = l.assignment_id join jobs j on j.id = a.job_id
       where j.date_needed >= ? or a.status <> 'completed'`,
      [currentWeekStart],
    );
    expect(billedTooEarly).toEqual([]);
    const wrongTotals = await db.em.execute(
      `select i.id from invoices i left join invoice_lines l on l.invoice_id = i.id
       group by i.id having i.amount_cents <> coalesce(sum(l.amount_cents), 0)`,
    );
    expect(wrongTotals).toEqual([]);
  });

  it('pays every completed shift once by Pix, its amount to its freelancer', async () => {
    const wrong = await db.em.execute(
      `select a.id from assignments a left join payouts p on p.assignment_id = a.id
       where a.status = 'completed' and (p.id is null or p.status <> 'paid'
         or p.amount_cents <> a.freelancer_payout_cents or p.freelancer_id <> a.freelancer_id)`,
    );
    expect(wrong).toEqual([]);
    const counted = await db.em.execute<{ n: string }[]>(`select count(*) as n from payouts`);
    expect(Number(counted[0]?.n)).toBeGreaterThan(0);
  });

  it('puts no past event after the seeding instant', async () => {
    const future = await db.em.execute(
      `select id from assignments where greatest(on_the_way_at, checkin_requested_at, check_in_at, checkout_requested_at,
         check_out_at, completed_at, created_at) > ?
       union all select id from applications where greatest(applied_at, reviewed_at) > ?
       union all select id from ratings where created_at > ?
       union all select id from jobs where created_at > ?
       union all select id from invoices where created_at > ? or payment_date > ?
       union all select id from payouts where greatest(created_at, sending_since, paid_at) > ?`,
      [now, now, now, now, now, now.toISOString().slice(0, 10), now],
    );
    expect(future).toEqual([]);
  });

  it('keeps freelancer totals in line with completed shifts and ratings', async () => {
    const mismatched = await db.em.execute(
      `select f.id from freelancers f
       where f.total_jobs <> (select count(*) from assignments a where a.freelancer_id = f.id and a.status = 'completed')`,
    );
    expect(mismatched).toEqual([]);
  });
});
