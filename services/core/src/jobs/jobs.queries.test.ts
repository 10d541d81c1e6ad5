import {
  AdminJobsPageSchema,
  AdminJobsQuerySchema,
  FreelancerJobsPageSchema,
  FreelancerJobsQuerySchema,
  RestaurantJobsPageSchema,
  RestaurantJobsQuerySchema,
} from '@turno/contracts';
import { Assignment, Block, type Freelancer, type Restaurant } from '../model';
import { DomainError } from '../shared/domain-error';
import { wholeBusiness } from '../shared/business-scope';
import {
  createTestDatabase,
  insertFreelancer,
  insertJob,
  insertRestaurant,
  type TestDatabase,
} from '../testing';
import { listAdminJobsPage, listOpenJobsPage, listRestaurantJobsPage } from './jobs.queries';

// Wednesday 2026-11-18, 12:00 in Sao Paulo: the week runs Monday 16 to Sunday 22.
const NOW = new Date('2026-11-18T15:00:00Z');
/** 07:00 the same day in Sao Paulo. */
const MORNING = new Date('2026-11-18T10:00:00Z');

describe('job list read models', () => {
  let db: TestDatabase;
  let market: Restaurant;
  let other: Restaurant;
  let ana: Freelancer;
  const em = () => db.orm.em.fork();
  const agenda = (query: Record<string, unknown> = {}, restaurant = market) =>
    listRestaurantJobsPage(em(), wholeBusiness(restaurant.id), RestaurantJobsQuerySchema.parse(query), {
      now: NOW,
    }).then((page) => RestaurantJobsPageSchema.parse(page));
  const adminJobs = (query: Record<string, unknown> = {}) =>
    listAdminJobsPage(em(), AdminJobsQuerySchema.parse(query), { now: NOW }).then((page) =>
      AdminJobsPageSchema.parse(page),
    );
  /** The vacancies a freelancer sees at `now` (07:00 of the same Wednesday: before its 08:00 starts). */
  const vacancies = (freelancer: Freelancer, query: Record<string, unknown> = {}, now = MORNING) =>
    listOpenJobsPage(em(), freelancer.id, FreelancerJobsQuerySchema.parse(query), { now }).then((page) =>
      FreelancerJobsPageSchema.parse(page),
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    const setup = em();
    market = await insertRestaurant(setup, { businessName: 'Empório São João' });
    other = await insertRestaurant(setup, {
      businessName: 'Açougue Boi Bom',
      address: 'Rua Cardeal Arcoverde, Pinheiros, São Paulo - SP',
      addressNumber: '900',
    });
    ana = await insertFreelancer(setup, { name: 'Ana Souza' });
    const day = (date: string, fields = {}) => insertJob(setup, market, { dateNeeded: date, ...fields });
    // This week (Mon 16 – Sun 22), in every status, at several start times.
    await day('2026-11-16', { startTime: '10:00', status: 'completed' });
    await day('2026-11-18', { startTime: '14:00' });
    await day('2026-11-18', { startTime: '08:00' });
    await day('2026-11-18', {
      startTime: '08:00',
      title: 'Aux de Açougueiro',
      positionType: 'Aux de Açougueiro',
    });
    const assigned = await day('2026-11-19', { startTime: '07:00', status: 'assigned' });
    await day('2026-11-22', { startTime: '22:00', status: 'cancelled' });
    // Earlier this month: a completed job the agenda hides by default, an open one it shows.
    await day('2026-11-03', { status: 'completed' });
    await day('2026-11-04');
    // Next month.
    await day('2026-12-01');
    // Another restaurant's job, the same day.
    await insertJob(setup, other, {
      dateNeeded: '2026-11-18',
      title: 'Estoquista',
      positionType: 'Estoquista',
    });
    setup.create(Assignment, { job: assigned, freelancer: ana, status: 'assigned' });
    await setup.flush();
  });
  afterAll(async () => {
    await db.drop();
  });

  describe('restaurant agenda', () => {
    it('shows the next 7 days by default (the dates the vacancy form offers), with the counts', async () => {
      const page = await agenda();
      // Today (Wednesday 18) to Tuesday 24: the completed Monday and the earlier days stay out.
      expect(page.items.map((job) => [job.date_needed, job.start_time])).toEqual([
        ['2026-11-18', '08:00'],
        ['2026-11-18', '08:00'],
        ['2026-11-18', '14:00'],
        ['2026-11-19', '07:00'],
        ['2026-11-22', '22:00'],
      ]);
      expect(page.counts).toEqual({ all: 5, open: 3, assigned: 1, completed: 0 });
      expect((await agenda({ period: 'next30' })).items.map((job) => job.date_needed)).toContain(
        '2026-12-01',
      );
      const history = await agenda({ period: 'last30' });
      expect(history.items.map((job) => job.date_needed)).toEqual(
        expect.arrayContaining(['2026-11-03', '2026-11-04', '2026-11-16', '2026-11-22']),
      );
      expect(history.items.map((job) => job.date_needed)).not.toContain('2026-12-01');
    });

    it("answers the earlier releases' current week, by date and start time, with the counts of each status", async () => {
      const page = await agenda({ period: 'week' });
      expect(page.items.map((job) => [job.date_needed, job.start_time])).toEqual([
        ['2026-11-16', '10:00'],
        ['2026-11-18', '08:00'],
        ['2026-11-18', '08:00'],
        ['2026-11-18', '14:00'],
        ['2026-11-19', '07:00'],
        ['2026-11-22', '22:00'],
      ]);
      expect(page.items.every((job) => job.restaurant_id === market.id)).toBe(true);
      expect(page).toMatchObject({ total: 6, nextCursor: null });
      expect(page.counts).toEqual({ all: 6, open: 3, assigned: 1, completed: 1 });
      const assigned = page.items.find((job) => job.status === 'assigned');
      expect(assigned).toMatchObject({
        is_assigned: true,
        freelancer_name: 'Ana Souza',
        assignment_status: 'assigned',
      });
    });

    it('hides completed jobs from before this week unless asked for completed ones', async () => {
      const month = await agenda({ period: 'month' });
      expect(month.items.map((job) => job.date_needed)).not.toContain('2026-11-03');
      expect(month.items.map((job) => job.date_needed)).toContain('2026-11-04');
      expect(month.total).toBe(7);
      expect(month.counts.completed).toBe(2);
      const completed = await agenda({ period: 'month', status: 'completed' });
      expect(completed.items.map((job) => job.date_needed)).toEqual(['2026-11-03', '2026-11-16']);
      expect(completed.total).toBe(2);
    });

    it('filters today, one date and a status', async () => {
      expect((await agenda({ period: 'today' })).total).toBe(3);
      expect((await agenda({ date: '2026-12-01' })).items.map((job) => job.date_needed)).toEqual([
        '2026-12-01',
      ]);
      expect((await agenda({ status: 'open' })).items.every((job) => job.status === 'open')).toBe(true);
    });

    it('searches title and position ignoring case and accents', async () => {
      const page = await agenda({ q: 'ACOUGUE' });
      expect(page.items.map((job) => job.title)).toEqual(['Aux de Açougueiro']);
      expect(page.total).toBe(1);
      expect((await agenda({ q: '100%_' })).total).toBe(0);
    });

    it('pages with a cursor: no row twice, none skipped, stable under equal keys', async () => {
      const all = await agenda({ limit: 200 });
      const seen: number[] = [];
      let cursor: string | undefined;
      do {
        const page = await agenda({ limit: 2, ...(cursor ? { cursor } : {}) });
        expect(page.items.length).toBeLessThanOrEqual(2);
        expect(page.total).toBe(all.total);
        seen.push(...page.items.map((job) => job.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(all.items.map((job) => job.id));
    });

    it('refuses a cursor it did not make, in pt-BR', async () => {
      for (const cursor of [
        'abc',
        Buffer.from('[1,2]').toString('base64url'),
        Buffer.from('{"a":1}').toString('base64url'),
      ]) {
        await expect(agenda({ cursor })).rejects.toMatchObject({
          status: 400,
          message: 'Página inválida. Recarregue a lista e tente novamente.',
        });
      }
      await expect(agenda({ cursor: 'abc' })).rejects.toBeInstanceOf(DomainError);
    });

    it("never shows another restaurant's jobs", async () => {
      const page = await agenda({ period: 'today' }, other);
      expect(page.items.map((job) => job.title)).toEqual(['Estoquista']);
    });
  });

  describe('admin command centre', () => {
    it('lists every job, newest date first, with a search across business and freelancer', async () => {
      const page = await adminJobs();
      expect(page.total).toBe(10);
      expect(page.items[0]?.date_needed).toBe('2026-12-01');
      expect(new Set(page.items.map((job) => job.restaurant_name))).toEqual(
        new Set(['Empório São João', 'Açougue Boi Bom']),
      );
      expect((await adminJobs({ q: 'emporio sao' })).total).toBe(9);
      expect((await adminJobs({ q: 'acougue' })).total).toBe(2);
      expect((await adminJobs({ q: 'ana souza' })).items.map((job) => job.status)).toEqual(['assigned']);
      expect((await adminJobs({ q: 'ana souza' })).counts).toEqual({
        all: 1,
        open: 0,
        assigned: 1,
        completed: 0,
      });
    });

    it('filters today, tomorrow, the next 7 days, one date, a status and a restaurant', async () => {
      expect((await adminJobs({ date: 'today' })).total).toBe(4);
      expect((await adminJobs({ date: 'tomorrow' })).items.map((job) => job.start_time)).toEqual(['07:00']);
      expect((await adminJobs({ date: 'next7' })).total).toBe(6);
      expect((await adminJobs({ date: '2026-11-03' })).total).toBe(1);
      expect((await adminJobs({ status: 'completed' })).total).toBe(2);
      expect((await adminJobs({ restaurantId: other.id })).items.map((job) => job.title)).toEqual([
        'Estoquista',
      ]);
      const today = await adminJobs({ date: 'today' });
      expect(today.items.map((job) => job.start_time)).toEqual(['08:00', '08:00', '08:00', '14:00']);
    });

    it('pages newest first without repeating a row', async () => {
      const first = await adminJobs({ limit: 4 });
      const second = await adminJobs({ limit: 4, cursor: first.nextCursor });
      const third = await adminJobs({ limit: 4, cursor: second.nextCursor });
      const ids = [...first.items, ...second.items, ...third.items].map((job) => job.id);
      expect(new Set(ids).size).toBe(10);
      expect(third.nextCursor).toBeNull();
      const dates = [...first.items, ...second.items, ...third.items].map((job) => job.date_needed);
      expect(dates).toEqual([...dates].sort().reverse());
    });
  });

  describe('freelancer vacancies', () => {
    it("leaves out today's shifts that have started: no one may apply to them any more", async () => {
      // At 12:00 the three 08:00 shifts of today have started; the 14:00 one has not.
      const page = await vacancies(ana, {}, NOW);
      expect(page.items.map((job) => [job.date_needed, job.start_time])).toEqual([
        ['2026-11-18', '14:00'],
        ['2026-12-01', '08:00'],
      ]);
      expect(page.total).toBe(2);
      const atTwo = await vacancies(ana, { date: '2026-11-18' }, new Date('2026-11-18T17:00:00Z'));
      expect(atTwo.items).toEqual([]); // 14:00 itself has started
      expect(atTwo.total).toBe(0);
    });

    it('lists open jobs from today on at approved, active restaurants that did not block them', async () => {
      const page = await vacancies(ana);
      // Issue 26: her specialty (Operador de Caixa) first, then the others; by date within each
      // (no distances: neither she nor the stores are placed here).
      expect(page.items.map((job) => [job.date_needed, job.position_type])).toEqual([
        ['2026-11-18', 'Operador de Caixa'],
        ['2026-11-18', 'Operador de Caixa'],
        ['2026-12-01', 'Operador de Caixa'],
        ['2026-11-18', 'Aux de Açougueiro'],
        ['2026-11-18', 'Estoquista'],
      ]);
      expect(page.items.every((job) => job.distance_km === null)).toBe(true);
      expect(page.area).toEqual({ origin: null, radius_km: 15 });
      expect(page.total).toBe(5);
      expect(page.items[0]).not.toHaveProperty('restaurant_address');
      expect(page.items[0]).not.toHaveProperty('restaurant_name');
      expect(page.items[0]).toMatchObject({ hourly_rate: 149, freelancer_payment_amount: 120 });
      const butcher = page.items.find((job) => job.title === 'Estoquista');
      expect(butcher).toMatchObject({
        restaurant_neighborhood: 'Pinheiros',
        restaurant_city: 'São Paulo - SP',
      });
      expect(JSON.stringify(page)).not.toMatch(/Cardeal|Boi Bom|900/);

      const blocked = await insertFreelancer(em());
      const setup = em();
      setup.create(Block, { freelancer: blocked.id, restaurant: other.id, blockedBy: 'restaurant' });
      await setup.flush();
      const seen = await vacancies(blocked);
      expect(seen.items.map((job) => job.restaurant_neighborhood)).not.toContain('Pinheiros');
      expect(seen.total).toBe(4);
    });

    it('filters one date (nothing before today) and searches title and position, not the business', async () => {
      expect((await vacancies(ana, { date: '2026-12-01' })).total).toBe(1);
      expect((await vacancies(ana, { date: '2026-11-04' })).total).toBe(0);
      expect((await vacancies(ana, { q: 'estoquista' })).items.map((job) => job.title)).toEqual([
        'Estoquista',
      ]);
      expect((await vacancies(ana, { q: 'boi bom' })).total).toBe(0);
    });
  });

  it('reads a page and its counts in one statement, whatever the number of rows', async () => {
    let statements = 0;
    const original = db.orm.config.get('onQuery');
    db.orm.config.set('onQuery', (sql, params) => {
      statements += 1;
      return original(sql, params);
    });
    try {
      for (const read of [
        () => agenda({ period: 'month' }),
        () => adminJobs({ q: 'a' }),
        () => vacancies(ana),
      ]) {
        statements = 0;
        await read();
        expect(statements).toBe(1);
      }
    } finally {
      db.orm.config.set('onQuery', original);
    }
  });

  it('keeps counts while the data version holds, recounts when it moves', async () => {
    const read = (dataVersion: number) =>
      listRestaurantJobsPage(em(), wholeBusiness(other.id), RestaurantJobsQuerySchema.parse({}), {
        now: NOW,
        dataVersion,
      });
    expect((await read(1)).total).toBe(1);
    await insertJob(em(), other, { dateNeeded: '2026-11-20' });
    expect((await read(1)).total).toBe(1);
    expect((await read(1)).items).toHaveLength(2);
    expect((await read(2)).total).toBe(2);
  });

  it("counts each freelancer's vacancies once per data version, in the page's statement", async () => {
    const counting = db.orm.config.get('onQuery');
    let sqls: string[] = [];
    db.orm.config.set('onQuery', (sql, params) => {
      sqls.push(sql);
      return counting(sql, params);
    });
    /** One statement per read; `counted`: whether it counted (else its total was kept). */
    const read = async (freelancer: Freelancer, dataVersion: number) => {
      sqls = [];
      const page = await listOpenJobsPage(em(), freelancer.id, FreelancerJobsQuerySchema.parse({}), {
        now: MORNING,
        dataVersion,
      });
      return { total: page.total, statements: sqls.length, counted: /as total/.test(sqls.join('\n')) };
    };
    try {
      const bruno = await insertFreelancer(em());
      const carla = await insertFreelancer(em());
      const setup = em();
      setup.create(Block, { freelancer: carla.id, restaurant: other.id, blockedBy: 'restaurant' });
      await setup.flush();
      const expected = async (freelancer: Freelancer) => (await vacancies(freelancer)).total;
      const [brunoSees, carlaSees] = [await expected(bruno), await expected(carla)];
      expect(carlaSees).toBeLessThan(brunoSees);

      expect(await read(bruno, 9_001)).toEqual({ total: brunoSees, statements: 1, counted: true });
      expect(await read(carla, 9_001)).toEqual({ total: carlaSees, statements: 1, counted: true });
      // Their own totals are kept while their version holds.
      expect(await read(carla, 9_001)).toEqual({ total: carlaSees, statements: 1, counted: false });

      // A new vacancy (and its event): counted again.
      await insertJob(em(), market, { dateNeeded: '2026-11-25' });
      expect(await read(carla, 9_002)).toEqual({ total: carlaSees + 1, statements: 1, counted: true });
    } finally {
      db.orm.config.set('onQuery', counting);
    }
  });
  describe('restaurant agenda, work still under way', () => {
    let night: Restaurant;
    beforeAll(async () => {
      const setup = em();
      night = await insertRestaurant(setup, { businessName: 'Mercado Noturno' });
      // Yesterday 22:00: an overnight shift still assigned (check-out not approved yet), and a
      // completed one and an open one of the same day.
      const running = await insertJob(setup, night, {
        dateNeeded: '2026-11-17',
        startTime: '22:00',
        status: 'assigned',
      });
      await insertJob(setup, night, { dateNeeded: '2026-11-17', startTime: '06:00', status: 'completed' });
      await insertJob(setup, night, { dateNeeded: '2026-11-17', startTime: '09:00' });
      // Two days ago, still assigned: only yesterday's shifts can still be running.
      const older = await insertJob(setup, night, {
        dateNeeded: '2026-11-16',
        startTime: '22:00',
        status: 'assigned',
      });
      setup.create(Assignment, { job: running, freelancer: ana, status: 'in_progress' });
      setup.create(Assignment, { job: older, freelancer: ana, status: 'in_progress' });
      await setup.flush();
    });

    it("keeps yesterday's unfinished shift in the next days' periods, not what is done or stale", async () => {
      for (const period of ['next7', 'next30']) {
        const page = await agenda({ period }, night);
        expect(page.items.map((job) => [job.date_needed, job.start_time, job.status])).toEqual([
          ['2026-11-17', '22:00', 'assigned'],
        ]);
        expect(page.counts).toEqual({ all: 1, open: 0, assigned: 1, completed: 0 });
      }
      expect((await agenda({ date: '2026-11-18' }, night)).total).toBe(0);
    });
  });
});
