import { Block, type Freelancer, type Job, type Restaurant } from '../model';
import {
  createTestDatabase,
  insertCompletedAssignment,
  insertRestaurant,
  type TestDatabase,
} from '../testing';
import { TODAY, TOMORROW, admin, insertEligibleFreelancer, insertTodayJob, NOW } from '../shared/test-kit';
import { type DomainError } from '../shared/domain-error';
import { assignableToJobSql, assignFreelancer } from './staffing.service';

/**
 * `assignableToJobSql` lists whom the assign dialog offers: exactly those `assignFreelancer` accepts.
 * Each freelancer below holds a different situation; the list and the command must agree on all.
 */
describe('assignableToJobSql', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  /** `freelancer` holds (is assigned to) a shift at `restaurant` with these fields. */
  async function holding(restaurant: Restaurant, freelancer: Freelancer, fields: Partial<Job>) {
    const held = await insertTodayJob(em(), restaurant, fields);
    await assignFreelancer(em(), admin, { jobId: held.id, freelancerId: freelancer.id }, NOW);
  }

  it('offers exactly the freelancers the assign command accepts for that job', async () => {
    const restaurant = await insertRestaurant(em());
    const elsewhere = await insertRestaurant(em());
    // The job: tomorrow 08:00–14:00.
    const job = await insertTodayJob(em(), restaurant, {
      dateNeeded: TOMORROW,
      startTime: '08:00',
      endTime: '14:00',
    });

    const free = await insertEligibleFreelancer(em(), { name: 'Livre' });
    const notApproved = await insertEligibleFreelancer(em(), { name: 'Não aprovado', isApproved: false });
    const unavailable = await insertEligibleFreelancer(em(), { name: 'Indisponível', isAvailable: false });
    const blockedHere = await insertEligibleFreelancer(em(), { name: 'Bloqueado aqui' });
    const blockedElsewhere = await insertEligibleFreelancer(em(), { name: 'Bloqueado noutro mercado' });
    const setup = em();
    setup.create(Block, { freelancer: blockedHere.id, restaurant: restaurant.id, blockedBy: 'restaurant' });
    setup.create(Block, {
      freelancer: blockedElsewhere.id,
      restaurant: elsewhere.id,
      blockedBy: 'restaurant',
    });
    await setup.flush();

    const overlapping = await insertEligibleFreelancer(em(), { name: 'Turno sobreposto' });
    await holding(elsewhere, overlapping, { dateNeeded: TOMORROW, startTime: '13:00', endTime: '19:00' });
    const touching = await insertEligibleFreelancer(em(), { name: 'Turno encostado' });
    await holding(elsewhere, touching, { dateNeeded: TOMORROW, startTime: '14:00', endTime: '20:00' });
    const overnight = await insertEligibleFreelancer(em(), { name: 'Noturno da véspera' });
    await holding(elsewhere, overnight, { dateNeeded: TODAY, startTime: '22:00', endTime: '09:00' });
    const overnightEndingAtStart = await insertEligibleFreelancer(em(), { name: 'Noturno até as 8h' });
    await holding(elsewhere, overnightEndingAtStart, {
      dateNeeded: TODAY,
      startTime: '22:00',
      endTime: '08:00',
    });
    const completedSameTime = await insertEligibleFreelancer(em(), { name: 'Concluído no mesmo horário' });
    const done = await insertTodayJob(em(), elsewhere, { dateNeeded: TOMORROW, status: 'assigned' });
    await insertCompletedAssignment(em(), done, completedSameTime);

    const condition = assignableToJobSql(job.id);
    const rows = await em()
      .getConnection()
      .execute<{ name: string }[]>(
        `select f.name from freelancers f where ${condition.sql} and f.id = any(?::int[])`,
        [
          ...condition.params,
          `{${[free, notApproved, unavailable, blockedHere, blockedElsewhere, overlapping, touching, overnight, overnightEndingAtStart, completedSameTime].map((f) => f.id).join(',')}}`,
        ],
      );
    const offered = rows.map((row) => row.name).sort();
    expect(offered).toEqual(
      [
        'Livre',
        'Bloqueado noutro mercado',
        'Turno encostado',
        'Noturno até as 8h',
        'Concluído no mesmo horário',
      ].sort(),
    );

    // The command agrees: each one left out is refused (and the job stays open)…
    for (const refused of [notApproved, unavailable, blockedHere, overlapping, overnight]) {
      await expect(
        assignFreelancer(em(), admin, { jobId: job.id, freelancerId: refused.id }, NOW),
      ).rejects.toMatchObject({ status: 409 } satisfies Partial<DomainError>);
    }
    // … and each one offered is accepted (cancelled again each time, so the job is open for the next).
    for (const accepted of [free, blockedElsewhere, touching, overnightEndingAtStart, completedSameTime]) {
      const tx = em();
      await tx.begin();
      try {
        await expect(
          assignFreelancer(tx, admin, { jobId: job.id, freelancerId: accepted.id }, NOW),
        ).resolves.toMatchObject({ freelancerId: accepted.id });
      } finally {
        await tx.rollback();
      }
    }
  });
});
