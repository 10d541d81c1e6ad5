import type { EntityManager } from '@mikro-orm/postgresql';
import { Assignment, Freelancer, Job, Restaurant, User } from '../model';

let sequence = 0;
const next = () => ++sequence;

/** An approved, active restaurant with its owner user (flushed). */
export async function insertRestaurant(
  em: EntityManager,
  fields: Partial<Restaurant> = {},
): Promise<Restaurant> {
  const n = next();
  const user = em.create(User, { email: `owner${n}@example.com`, name: `Dono ${n}`, userType: 'restaurant' });
  const restaurant = em.create(Restaurant, {
    user,
    name: `Dono ${n}`,
    businessName: `Mercado ${n}`,
    isApproved: true,
    isActive: true,
    ...fields,
  });
  await em.flush();
  return restaurant;
}

/** An approved, available freelancer with its user (flushed). */
export async function insertFreelancer(
  em: EntityManager,
  fields: Partial<Freelancer> = {},
): Promise<Freelancer> {
  const n = next();
  const user = em.create(User, {
    email: `freela${n}@example.com`,
    name: `Freela ${n}`,
    userType: 'freelancer',
  });
  const freelancer = em.create(Freelancer, {
    user,
    name: `Freela ${n}`,
    specialties: ['Operador de Caixa'],
    isApproved: true,
    isAvailable: true,
    ...fields,
  });
  await em.flush();
  return freelancer;
}

/** An open 6 h job (08:00–14:00, R$ 149,00) at `restaurant` (flushed). */
export async function insertJob(
  em: EntityManager,
  restaurant: Restaurant,
  fields: Partial<Job> = {},
): Promise<Job> {
  const job = em.create(Job, {
    restaurant,
    title: 'Operador de Caixa',
    positionType: 'Operador de Caixa',
    dateNeeded: '2026-01-05',
    startTime: '08:00',
    endTime: '14:00',
    workloadMinutes: 360,
    chargeCents: 14_900,
    status: 'open',
    ...fields,
  });
  await em.flush();
  return job;
}

/** A completed assignment of `freelancer` to `job` with the 6 h day amounts (flushed). */
export async function insertCompletedAssignment(
  em: EntityManager,
  job: Job,
  freelancer: Freelancer,
  fields: Partial<Assignment> = {},
): Promise<Assignment> {
  const assignment = em.create(Assignment, {
    job,
    freelancer,
    status: 'completed',
    restaurantChargeCents: 14_900,
    freelancerPayoutCents: 12_000,
    commissionCents: 2_900,
    completedAt: new Date(),
    ...fields,
  });
  await em.flush();
  return assignment;
}
