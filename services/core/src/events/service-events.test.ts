/**
 * Every write of the domain services records its live event in its own transaction, with the
 * audience whose screens (and list versions) it changes. Each test makes one kind of change and
 * reads back exactly what it recorded.
 */
import type { LiveEventType } from '@turno/domain';
import { expireDueApplications, rejectApplication } from '../applications/applications.service';
import {
  approveCheckIn,
  approveCheckOut,
  manualCheckIn,
  manualCheckOut,
  markOnTheWay,
  requestCheckIn,
  requestCheckOut,
  unassignFreelancer,
} from '../assignments/assignments.service';
import {
  approveRestaurant,
  createFreelancer,
  deleteFreelancer,
  deleteRestaurant,
  rejectFreelancer,
  setupProfile,
  updateFreelancerProfile,
  updateRestaurantProfile,
} from '../accounts/accounts.service';
import { blockFreelancer, unblockFreelancer } from '../blocks/blocks.service';
import { acceptMemberInvitation, inviteMember, removeMember } from '../accounts/members.service';
import { createStore, updateStore } from '../accounts/stores.service';
import { Assignment, User } from '../model';
import {
  SYSTEM_ACTOR,
  deleteInvoice,
  generateWeeklyInvoices,
  markInvoicePaid,
  markOverdueInvoices,
} from '../invoices/invoices.service';
import { completedShift, sp } from '../invoices/invoices-test-data';
import { createJobs, deleteJob, editJob } from '../jobs/jobs.service';
import { rateAssignment } from '../ratings/ratings.service';
import {
  HOUR,
  NOW,
  TODAY,
  admin,
  asFreelancer,
  asRestaurant,
  at,
  insertEligibleFreelancer,
  insertPendingApplication,
  insertTodayJob,
} from '../shared/test-kit';
import {
  createTestDatabase,
  insertCompletedAssignment,
  insertRestaurant,
  type TestDatabase,
} from '../testing';
import { eventsAfter } from './event-log';
import { acceptApplication, applyToJob, assignFreelancer } from '../workflows/staffing.service';

let db: TestDatabase;
const em = () => db.orm.em.fork();

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

interface Heard {
  type: LiveEventType;
  restaurantId: number | null;
  freelancerId: number | null;
  allFreelancers: boolean;
  allRestaurants: boolean;
  payload: Record<string, unknown>;
}

/** What `change` recorded, oldest first. */
async function recorded(change: () => Promise<unknown>): Promise<Heard[]> {
  const [mark] = await em().execute<{ id: string | null }[]>('select max(id) as id from domain_events');
  await change();
  const events = await eventsAfter(em(), { kind: 'admin' }, Number(mark?.id ?? 0), 1_000);
  return events.map(({ id: _id, type, ...rest }) => ({ type: type as LiveEventType, ...rest }));
}

/** The audience of an event: `[type, restaurant, freelancer, allFreelancers, allRestaurants]`. */
const audience = (events: Heard[]) =>
  events.map((event) => [
    event.type,
    event.restaurantId,
    event.freelancerId,
    event.allFreelancers,
    event.allRestaurants,
  ]);

async function marketplace() {
  const restaurant = await insertRestaurant(em());
  const freelancer = await insertEligibleFreelancer(em());
  return { restaurant, freelancer, business: asRestaurant(restaurant), worker: asFreelancer(freelancer) };
}

async function assignedShift() {
  const { restaurant, freelancer, business, worker } = await marketplace();
  const job = await insertTodayJob(em(), restaurant);
  const { assignmentId } = await assignFreelancer(em(), admin, {
    jobId: job.id,
    freelancerId: freelancer.id,
  });
  return { restaurant, freelancer, business, worker, job, assignmentId };
}

describe('jobs', () => {
  it('creating vacancies: the restaurant, and every freelancer when they can see them', async () => {
    const { restaurant, business } = await marketplace();
    const pending = await insertRestaurant(em(), { isApproved: false });
    const input = {
      positionType: 'Estoquista',
      dates: [TODAY],
      workload: 6,
      startTime: '14:00', // still ahead at NOW (09:00)
      quantity: 2,
    };

    let jobIds: number[] = [];
    const events = await recorded(async () => {
      jobIds = (await createJobs(em(), business, input, NOW)).jobIds;
    });
    expect(audience(events)).toEqual([['job_created', restaurant.id, null, true, false]]);
    expect(events[0]?.payload).toEqual({ jobIds });

    const hidden = await recorded(() => createJobs(em(), admin, { ...input, restaurantId: pending.id }, NOW));
    expect(audience(hidden)).toEqual([['job_created', pending.id, null, false, false]]);
  });

  it('editing a job: both restaurants when it moves, its freelancer and its applicants', async () => {
    const { restaurant, freelancer } = await marketplace();
    const other = await insertRestaurant(em());
    const applicant = await insertEligibleFreelancer(em());
    const job = await insertTodayJob(em(), restaurant);
    await insertPendingApplication(em(), job, applicant);
    await assignFreelancer(em(), admin, { jobId: job.id, freelancerId: freelancer.id }, NOW);

    const events = await recorded(() => editJob(em(), admin, { jobId: job.id, restaurantId: other.id }));
    expect(events.every((event) => event.type === 'job_updated' && event.payload.jobId === job.id)).toBe(
      true,
    );
    expect(new Set(events.map((event) => event.restaurantId))).toEqual(new Set([restaurant.id, other.id]));
    expect(new Set(events.map((event) => event.freelancerId))).toEqual(
      new Set([freelancer.id, applicant.id]),
    );
    // Assigned: not in the open vacancies.
    expect(events.some((event) => event.allFreelancers)).toBe(false);
  });

  it('deleting an open vacancy: its restaurant, its applicants and every freelancer', async () => {
    const { restaurant, freelancer, business } = await marketplace();
    const job = await insertTodayJob(em(), restaurant);
    await insertPendingApplication(em(), job, freelancer);
    const events = await recorded(() => deleteJob(em(), business, job.id));
    expect(audience(events)).toEqual([['job_deleted', restaurant.id, freelancer.id, true, false]]);
  });
});

describe('applications', () => {
  it('applying: the restaurant and the applicant', async () => {
    const { restaurant, freelancer, worker } = await marketplace();
    // A shift still ahead at NOW (09:00): one may apply to it.
    const job = await insertTodayJob(em(), restaurant, { startTime: '14:00', endTime: '20:00' });
    const events = await recorded(() => applyToJob(em(), worker, { jobId: job.id }, NOW));
    expect(audience(events)).toEqual([['job_application', restaurant.id, freelancer.id, false, false]]);
    expect(events[0]?.payload).toMatchObject({ jobId: job.id, applicationId: expect.any(Number) });
  });

  it('accepting: the assignment for everyone who sees the vacancy, and each applicant it rejected', async () => {
    const { restaurant, freelancer, business } = await marketplace();
    const job = await insertTodayJob(em(), restaurant);
    const chosen = await insertPendingApplication(em(), job, freelancer);
    const others = [await insertEligibleFreelancer(em()), await insertEligibleFreelancer(em())];
    for (const other of others) await insertPendingApplication(em(), job, other);

    const events = await recorded(() => acceptApplication(em(), business, chosen.id, NOW));
    expect(audience(events)).toEqual([
      ['job_assignment', restaurant.id, freelancer.id, true, false],
      ['job_application', null, others[0]!.id, false, false],
      ['job_application', null, others[1]!.id, false, false],
    ]);
    // A retry changes nothing and says nothing.
    expect(await recorded(() => acceptApplication(em(), business, chosen.id, NOW))).toEqual([]);
  });

  it('rejecting: the restaurant and the applicant, once', async () => {
    const { restaurant, freelancer, business } = await marketplace();
    const application = await insertPendingApplication(
      em(),
      await insertTodayJob(em(), restaurant),
      freelancer,
    );
    const events = await recorded(() => rejectApplication(em(), business, application.id, NOW));
    expect(audience(events)).toEqual([['job_application', restaurant.id, freelancer.id, false, false]]);
    expect(await recorded(() => rejectApplication(em(), business, application.id, NOW))).toEqual([]);
  });

  it('expiring: one event per expired application, to its restaurant and applicant', async () => {
    const { restaurant, freelancer } = await marketplace();
    const job = await insertTodayJob(em(), restaurant);
    const application = await insertPendingApplication(em(), job, freelancer, at(-3 * HOUR));
    const events = await recorded(() => expireDueApplications(em(), NOW));
    expect(audience(events)).toContainEqual(['job_application', restaurant.id, freelancer.id, false, false]);
    expect(events.find((event) => event.freelancerId === freelancer.id)?.payload).toEqual({
      jobId: job.id,
      applicationId: application.id,
    });
    expect(await recorded(() => expireDueApplications(em(), NOW))).toEqual([]);
  });
});

describe('assignments and the shift', () => {
  it("assigning and unassigning: the restaurant, the freelancer and every freelancer's vacancies", async () => {
    const { restaurant, freelancer } = await marketplace();
    const job = await insertTodayJob(em(), restaurant);
    const applicant = await insertEligibleFreelancer(em());
    await insertPendingApplication(em(), job, applicant);

    let assignmentId = 0;
    const assigned = await recorded(async () => {
      ({ assignmentId } = await assignFreelancer(em(), admin, {
        jobId: job.id,
        freelancerId: freelancer.id,
      }));
    });
    expect(audience(assigned)).toEqual([
      ['job_assignment', restaurant.id, freelancer.id, true, false],
      ['job_application', null, applicant.id, false, false],
    ]);
    const unassigned = await recorded(() => unassignFreelancer(em(), admin, assignmentId, NOW));
    expect(audience(unassigned)).toEqual([['job_assignment', restaurant.id, freelancer.id, true, false]]);
    expect(await recorded(() => unassignFreelancer(em(), admin, assignmentId, NOW))).toEqual([]);
  });

  it('each step of the shift once: on the way, check-in, check-out, completion', async () => {
    const { restaurant, freelancer, business, worker, job, assignmentId } = await assignedShift();
    const shiftEvent = (type: LiveEventType) => [[type, restaurant.id, freelancer.id, false, false]];
    const onTheWay = new Date('2026-03-02T10:00:00Z');

    expect(audience(await recorded(() => markOnTheWay(em(), worker, assignmentId, onTheWay)))).toEqual(
      shiftEvent('on_the_way'),
    );
    expect(await recorded(() => markOnTheWay(em(), worker, assignmentId, NOW))).toEqual([]);
    expect(audience(await recorded(() => requestCheckIn(em(), worker, assignmentId, NOW)))).toEqual(
      shiftEvent('check_in'),
    );
    expect(audience(await recorded(() => approveCheckIn(em(), business, assignmentId, NOW)))).toEqual(
      shiftEvent('check_in'),
    );
    expect(audience(await recorded(() => requestCheckOut(em(), worker, assignmentId, at(6 * HOUR))))).toEqual(
      shiftEvent('check_out'),
    );
    const completed = await recorded(() => approveCheckOut(em(), business, assignmentId, at(6 * HOUR)));
    // The completion, and the shift's payout for the freelancer's "Finanças" (issue 25).
    expect(audience(completed)).toEqual([
      ...shiftEvent('job_completed'),
      ['payout_updated', null, freelancer.id, false, false],
    ]);
    expect(completed[0]?.payload).toEqual({ jobId: job.id, assignmentId });
    expect(await recorded(() => approveCheckOut(em(), business, assignmentId, at(6 * HOUR)))).toEqual([]);
  });

  it("an admin's manual check-in and check-out", async () => {
    const { restaurant, freelancer, assignmentId } = await assignedShift();
    expect(audience(await recorded(() => manualCheckIn(em(), admin, assignmentId, NOW)))).toEqual([
      ['check_in', restaurant.id, freelancer.id, false, false],
    ]);
    expect(audience(await recorded(() => manualCheckOut(em(), admin, assignmentId, at(HOUR))))).toEqual([
      ['job_completed', restaurant.id, freelancer.id, false, false],
      ['payout_updated', null, freelancer.id, false, false],
    ]);
  });
});

describe('ratings and blocks', () => {
  it('rating: the restaurant and the freelancer of the shift', async () => {
    const { restaurant, freelancer, business } = await marketplace();
    const job = await insertTodayJob(em(), restaurant, { status: 'completed' });
    const assignment = await insertCompletedAssignment(em(), job, freelancer, { completedAt: NOW });
    const events = await recorded(() =>
      rateAssignment(em(), business, { assignmentId: assignment.id, rating: 5 }, NOW),
    );
    expect(audience(events)).toEqual([['rating_created', restaurant.id, freelancer.id, false, false]]);
  });

  it('blocking and unblocking: the restaurant and the freelancer', async () => {
    const { restaurant, freelancer, business } = await marketplace();
    const blocked = await recorded(() =>
      blockFreelancer(em(), business, { freelancerId: freelancer.id }, NOW),
    );
    expect(audience(blocked)).toEqual([['block_changed', restaurant.id, freelancer.id, false, false]]);
    expect(blocked[0]?.payload).toMatchObject({ blocked: true });
    const unblocked = await recorded(() =>
      unblockFreelancer(em(), business, { freelancerId: freelancer.id }),
    );
    expect(audience(unblocked)).toEqual([['block_changed', restaurant.id, freelancer.id, false, false]]);
  });
});

describe('accounts', () => {
  it("a restaurant's review, edit and deletion: the restaurant and every freelancer", async () => {
    const restaurant = await insertRestaurant(em(), { isApproved: false });
    const restaurantEvent = (type: LiveEventType) => [[type, restaurant.id, null, true, false]];
    expect(audience(await recorded(() => approveRestaurant(em(), admin, restaurant.id, NOW)))).toEqual(
      restaurantEvent('restaurant_updated'),
    );
    expect(await recorded(() => approveRestaurant(em(), admin, restaurant.id, NOW))).toEqual([]);
    const edit = { restaurantId: restaurant.id, name: 'Dona', businessName: 'Mercado Novo' };
    expect(audience(await recorded(() => updateRestaurantProfile(em(), admin, edit)))).toEqual(
      restaurantEvent('restaurant_updated'),
    );
    expect(audience(await recorded(() => deleteRestaurant(em(), admin, restaurant.id)))).toEqual(
      restaurantEvent('restaurant_deleted'),
    );
  });

  it("a freelancer's creation, review, edit and deletion: the freelancer and every restaurant", async () => {
    let freelancerId = 0;
    const created = await recorded(async () => {
      ({ freelancerId } = await createFreelancer(em(), admin, {
        name: 'Rita Lima',
        cpf: '52998224725',
        pixKey: 'rita@example.com',
      }));
    });
    expect(audience(created)).toEqual([['freelancer_updated', null, freelancerId, false, true]]);
    const edit = { freelancerId, name: 'Rita Lima', cpf: '52998224725', pixKey: 'rita@example.com' };
    expect(audience(await recorded(() => updateFreelancerProfile(em(), admin, edit)))).toEqual([
      ['freelancer_updated', null, freelancerId, false, true],
    ]);

    const pending = await insertEligibleFreelancer(em(), { isApproved: false });
    expect(audience(await recorded(() => rejectFreelancer(em(), admin, pending.id)))).toEqual([
      ['freelancer_updated', null, pending.id, false, true],
    ]);

    const { freelancer, job } = await assignedShift();
    const deleted = await recorded(() => deleteFreelancer(em(), admin, freelancer.id));
    // Their shift is an open vacancy again: every freelancer hears it too.
    expect(audience(deleted)).toEqual([['freelancer_deleted', null, freelancer.id, true, true]]);
    expect(deleted[0]?.payload).toEqual({ freelancerId: freelancer.id, reopenedJobIds: [job.id] });
  });

  it('profile setup: the new restaurant or freelancer (and every restaurant for a freelancer)', async () => {
    const users = [
      em().create(User, { email: `setup-a-${Date.now()}@example.com`, name: 'A' }),
      em().create(User, { email: `setup-b-${Date.now()}@example.com`, name: 'B' }),
    ];
    const fork = em();
    for (const user of users) fork.persist(user);
    await fork.flush();

    let restaurantId = 0;
    const restaurantSetup = await recorded(async () => {
      const result = await setupProfile(em(), users[0]!.id, {
        name: 'Ana',
        userType: 'restaurant',
        businessName: 'Mercado da Ana',
        cnpj: '11.222.333/0001-81',
        legalName: 'Mercado da Ana Ltda',
      });
      if (result.userType === 'restaurant') restaurantId = result.restaurantId;
    });
    expect(audience(restaurantSetup)).toEqual([['restaurant_updated', restaurantId, null, false, false]]);

    let freelancerId = 0;
    const freelancerSetup = await recorded(async () => {
      const result = await setupProfile(em(), users[1]!.id, { name: 'Bia', userType: 'freelancer' });
      if (result.userType === 'freelancer') freelancerId = result.freelancerId;
    });
    expect(audience(freelancerSetup)).toEqual([['freelancer_updated', null, freelancerId, false, true]]);
  });
});

describe('invoices', () => {
  it('generation, payment, overdue and deletion: the restaurant of each invoice', async () => {
    const { restaurant, freelancer } = await marketplace();
    const other = await insertRestaurant(em());
    await completedShift(em(), restaurant, freelancer, { date: '2026-11-17' });
    await completedShift(em(), other, freelancer, { date: '2026-11-18' });

    const generated = await recorded(() =>
      generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, sp('2026-11-23', '01:00')),
    );
    expect(audience(generated).sort()).toEqual(
      [
        ['invoice_generated', restaurant.id, null, false, false],
        ['invoice_generated', other.id, null, false, false],
      ].sort(),
    );
    const invoiceOf = (restaurantId: number) =>
      generated.find((event) => event.restaurantId === restaurantId)?.payload.invoiceId as number;

    const paid = await recorded(() => markInvoicePaid(em(), admin, invoiceOf(restaurant.id), NOW));
    expect(audience(paid)).toEqual([['invoice_paid', restaurant.id, null, false, false]]);
    expect(paid[0]?.payload).toEqual({ invoiceId: invoiceOf(restaurant.id) });

    const overdue = await recorded(() => markOverdueInvoices(em(), SYSTEM_ACTOR, sp('2026-12-10', '08:00')));
    expect(audience(overdue)).toEqual([['invoice_overdue', other.id, null, false, false]]);

    const deleted = await recorded(() => deleteInvoice(em(), admin, invoiceOf(other.id)));
    expect(audience(deleted)).toEqual([['invoice_deleted', other.id, null, false, false]]);
    expect(await em().count(Assignment, { freelancer: freelancer.id })).toBe(2);
  });
});

describe('stores and team (issue 28)', () => {
  it("each change of a business's stores and team: its own screens, once", async () => {
    const { restaurant, business } = await marketplace();
    const only = [['restaurant_updated', restaurant.id, null, false, false]];
    let storeId = 0;
    const added = await recorded(async () => {
      storeId = (await createStore(em(), business, { name: 'Loja Eventos' })).id;
    });
    expect(audience(added)).toEqual(only);
    expect(audience(await recorded(() => updateStore(em(), business, storeId, { isActive: false })))).toEqual(
      only,
    );

    let token = '';
    const invited = await recorded(async () => {
      const [main] = await em().execute<{ id: number }[]>(
        'select min(id) as id from stores where restaurant_id = ? and is_active',
        [restaurant.id],
      );
      ({ token } = await inviteMember(em(), business, {
        email: 'e@example.com',
        role: 'supervisor',
        storeIds: [main!.id],
      }));
    });
    expect(audience(invited)).toEqual(only);
    const people = em();
    const person = people.create(User, { email: 'e@example.com', name: 'Eva', userType: null });
    await people.flush();
    expect(audience(await recorded(() => acceptMemberInvitation(em(), person.id, token)))).toEqual(only);
    const [member] = await em().execute<{ id: number }[]>(
      'select id from restaurant_members where user_id = ?',
      [person.id],
    );
    expect(audience(await recorded(() => removeMember(em(), business, member!.id)))).toEqual(only);
  });
});
