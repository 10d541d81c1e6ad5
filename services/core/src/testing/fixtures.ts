import type { EntityManager } from '@mikro-orm/postgresql';
import { VETTING_DOCUMENT_KINDS } from '@turno/domain';
import {
  Assignment,
  Freelancer,
  FreelancerDocument,
  Job,
  Restaurant,
  RestaurantMember,
  RestaurantMemberStore,
  Store,
  User,
} from '../model';
import type { BusinessMemberRole } from '@turno/domain';
import { storeForNewVacancy } from '../rows/store-of-vacancy';
import { wholeBusiness } from '../shared/business-scope';

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

/**
 * A member of `restaurant` other than its owner (issue 28), with a user of their own and the given
 * stores (default: the business's first store); flushed. Sign in as them with
 * `{ role: 'restaurant', restaurantId, userId: member.user.id, member: … }`: the session's caller
 * reads their role and stores from the database.
 */
export async function insertBusinessMember(
  em: EntityManager,
  restaurant: Restaurant,
  role: Exclude<BusinessMemberRole, 'owner'>,
  storeIds?: number[],
): Promise<{ member: RestaurantMember; user: User; storeIds: number[] }> {
  const n = next();
  const user = em.create(User, {
    email: `membro${n}@example.com`,
    name: `Membro ${n}`,
    userType: 'restaurant',
  });
  const member = em.create(RestaurantMember, { restaurant, user, role });
  const stores =
    storeIds ??
    (await em.find(Store, { restaurant: restaurant.id }, { orderBy: { id: 'asc' }, limit: 1 })).map(
      (s) => s.id,
    );
  for (const storeId of stores)
    em.create(RestaurantMemberStore, { member, store: em.getReference(Store, storeId) });
  await em.flush();
  return { member, user, storeIds: stores };
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

/**
 * A pending freelancer whose vetting checklist is complete (issue 27: CPF, Pix key, photo, RG, its
 * sides and the selfie as rows; no files stored), so an approval is accepted (flushed).
 */
export async function insertVettedFreelancer(
  em: EntityManager,
  fields: Partial<Freelancer> = {},
): Promise<Freelancer> {
  const freelancer = await insertFreelancer(em, {
    isApproved: false,
    cpf: '52998224725',
    pixKey: 'vetted@pix.example',
    profilePhotoUrl: '/static/avatars/test.svg',
    identityDocumentType: 'rg',
    vettingStatus: 'submitted',
    vettingSubmittedAt: new Date(),
    ...fields,
  });
  for (const kind of VETTING_DOCUMENT_KINDS)
    em.create(FreelancerDocument, {
      freelancer,
      kind,
      storageKey: `documents/freelancers/${freelancer.id}/${kind}-test.jpg`,
      contentType: 'image/jpeg',
      bytes: 2048,
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
    store: fields.store ?? (await storeForNewVacancy(em, wholeBusiness(restaurant.id))),
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
