/**
 * The admin's "Excluir" on a restaurant or a freelancer (spec 02 §5, issue 10): an account without
 * billing history is deleted with everything it owns (deleteRestaurant / deleteFreelancer); one with
 * completed work or invoices must not take the financial records with it, so it is anonymized and
 * deactivated instead: its personal data is erased, its sign-in user is deleted (identities go with
 * it, so every session of that person ends at its next request and its live streams end at once),
 * and the rows invoices and invoice lines point to stay, with the fiscal data they need (LGPD art.
 * 16, I: retention for a legal obligation). Either way the answer says which happened.
 */
import { LockMode, ref, type EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES } from '@turno/domain';
import { Application, Assignment, Block, FreelancerDocument, Job, Restaurant, User } from '../model';
import { photoStorage, type PhotoStorage } from '../photos';
import { requireRole } from '../shared/access';
import { lockFreelancer } from '../rows/freelancer-lock';
import type { Actor } from '../shared/actor';
import { DomainError, conflict, notFound } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';
import { recordEvent } from '../events/record-event';
import { deleteFreelancer, deleteRestaurant } from '../accounts/accounts.service';
import { closeDataExportsOfUser } from '../data-exports/data-exports.lifecycle';

export type AccountRemovalOutcome = 'deleted' | 'anonymized';

export interface AccountRemoval {
  id: number;
  outcome: AccountRemovalOutcome;
}

/** What an anonymized account is called where its name must still be shown (lists, old shifts). */
export const ANONYMIZED_RESPONSIBLE_NAME = 'Titular removido';
export const ANONYMIZED_FREELANCER_NAME = 'Freelancer removido';

/**
 * Deletes the restaurant, or anonymizes it when it has completed work or invoices. Either way the
 * person's data exports are closed and their files leave the storage first (issue 27).
 */
export async function removeRestaurantAccount(
  em: EntityManager,
  actor: Actor,
  restaurantId: number,
  storage: PhotoStorage = photoStorage(),
): Promise<AccountRemoval> {
  requireRole(actor, ['admin']);
  await closeExportsOfProfile(em, 'restaurants', restaurantId, storage);
  if (await deletedUnlessRefused(() => deleteRestaurant(em, actor, restaurantId), 'restaurant_has_billing')) {
    return { id: restaurantId, outcome: 'deleted' };
  }
  await anonymizeRestaurant(em, actor, restaurantId);
  return { id: restaurantId, outcome: 'anonymized' };
}

/**
 * Deletes the freelancer, or anonymizes them when they completed work. Either way their vetting
 * documents (issue 27) go: the rows with the account (or with the anonymization), then the files
 * from the storage's private prefix once that committed.
 */
export async function removeFreelancerAccount(
  em: EntityManager,
  actor: Actor,
  freelancerId: number,
  storage: PhotoStorage = photoStorage(),
): Promise<AccountRemoval> {
  requireRole(actor, ['admin']);
  const documents = await em
    .getConnection()
    .execute<{ storage_key: string }[]>(
      'select storage_key from freelancer_documents where freelancer_id = ?',
      [freelancerId],
    );
  const removeFiles = () =>
    Promise.all(documents.map((row) => storage.delete(row.storage_key).catch(() => undefined)));
  await closeExportsOfProfile(em, 'freelancers', freelancerId, storage);
  if (await deletedUnlessRefused(() => deleteFreelancer(em, actor, freelancerId), 'freelancer_has_work')) {
    await removeFiles();
    return { id: freelancerId, outcome: 'deleted' };
  }
  await anonymizeFreelancer(em, actor, freelancerId);
  await removeFiles();
  return { id: freelancerId, outcome: 'anonymized' };
}

/**
 * The data exports of the profile's sign-in user closed and their files removed (issue 27), before
 * the user goes with the removal (its rows go with the user). Nothing when the profile is unknown
 * (the removal answers 404).
 */
async function closeExportsOfProfile(
  em: EntityManager,
  table: 'restaurants' | 'freelancers',
  profileId: number,
  storage: PhotoStorage,
): Promise<void> {
  const [profile] = await em
    .getConnection()
    .execute<{ user_id: number }[]>(`select user_id from ${table} where id = ?`, [profileId]);
  if (profile) await closeDataExportsOfUser(em, profile.user_id, storage);
}

/** True when `remove` deleted the account; false when it refused because of billing history. */
async function deletedUnlessRefused(remove: () => Promise<unknown>, historyCode: string): Promise<boolean> {
  try {
    await remove();
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === historyCode) return false;
    throw error;
  }
}

/**
 * Anonymizes a restaurant with billing history: the responsible person's name, phone and contact
 * are erased, the account deactivated (rejected), its vacancies not yet worked deleted (nothing
 * billed is on them), its blocks removed, and its sign-in user replaced by an empty placeholder
 * (the person's user and identities are deleted). Business name and address stay: they are the
 * invoiced client's fiscal identity. Anonymizing twice changes nothing more.
 */
export async function anonymizeRestaurant(
  em: EntityManager,
  actor: Actor,
  restaurantId: number,
): Promise<{ restaurantId: number; removedJobs: number }> {
  requireRole(actor, ['admin']);
  return inTransaction(em, async (tx) => {
    const restaurant = await tx.findOne(
      Restaurant,
      { id: restaurantId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!restaurant) throw notFound('restaurant_not_found', MESSAGES.restaurants.notFound);
    // Jobs not worked: open ones and those whose freelancer has not finished (completed jobs stay).
    const removedJobs = await tx.nativeDelete(Job, {
      restaurant: restaurant.id,
      status: { $in: ['open', 'assigned', 'cancelled'] },
    });
    await tx.nativeDelete(Block, { restaurant: restaurant.id });
    const formerUserId = restaurant.user.id;
    const placeholder = tx.create(User, { email: null, name: null, userType: 'restaurant' });
    tx.assign(restaurant, {
      user: ref(placeholder),
      name: ANONYMIZED_RESPONSIBLE_NAME,
      phone: null,
      contactPerson: null,
      isApproved: false,
      isActive: false,
    });
    await tx.flush();
    await recordEvent(tx, {
      type: 'restaurant_deleted',
      restaurantId: restaurant.id,
      allFreelancers: true,
      payload: { restaurantId: restaurant.id, anonymized: true },
    });
    if (formerUserId !== placeholder.id) await tx.nativeDelete(User, { id: formerUserId });
    tx.clear();
    return { restaurantId: restaurant.id, removedJobs };
  });
}

/**
 * Anonymizes a freelancer with completed work: name, phone, address, CPF, PIX key, photo and
 * specialties erased, the account deactivated (rejected), their pending applications and blocks
 * removed, shifts they held and had not finished cancelled (the jobs open again), and their sign-in
 * user replaced by an empty placeholder. Completed shifts, their amounts and the invoice lines
 * (which keep the name as billed) stay.
 */
export async function anonymizeFreelancer(
  em: EntityManager,
  actor: Actor,
  freelancerId: number,
): Promise<{ freelancerId: number; reopenedJobs: number }> {
  requireRole(actor, ['admin']);
  return inTransaction(em, async (tx) => {
    const held = await tx.find(
      Assignment,
      { freelancer: freelancerId, status: { $in: ['assigned', 'in_progress'] } },
      { fields: ['job'] },
    );
    const jobIds = held.map((assignment) => assignment.job.id).sort((a, b) => a - b);
    // Lock order: jobs, then the freelancer (as accept, assign and deleteFreelancer do).
    const jobs = await tx.find(
      Job,
      { id: { $in: jobIds } },
      { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } },
    );
    const freelancer = await lockFreelancer(tx, freelancerId);
    const heldNow = await tx.count(Assignment, {
      freelancer: freelancer.id,
      status: { $in: ['assigned', 'in_progress'] },
      job: { $nin: jobIds.length > 0 ? jobIds : [0] },
    });
    if (heldNow > 0) throw conflict('changed', MESSAGES.common.conflict);
    await tx.nativeUpdate(
      Assignment,
      { freelancer: freelancer.id, status: { $in: ['assigned', 'in_progress'] } },
      { status: 'cancelled' },
    );
    for (const job of jobs) if (job.status === 'assigned') job.status = 'open';
    await tx.nativeDelete(Application, {
      freelancer: freelancer.id,
      status: { $in: ['pending', 'accepted'] },
    });
    await tx.nativeDelete(Block, { freelancer: freelancer.id });
    // The identity documents and selfie (issue 27): the rows here, the files after the commit.
    await tx.nativeDelete(FreelancerDocument, { freelancer: freelancer.id });
    const formerUserId = freelancer.user.id;
    const placeholder = tx.create(User, { email: null, name: null, userType: 'freelancer' });
    tx.assign(freelancer, {
      user: ref(placeholder),
      name: ANONYMIZED_FREELANCER_NAME,
      phone: null,
      address: null,
      cpf: null,
      pixKey: null,
      profilePhotoUrl: null,
      specialties: [],
      experienceYears: 0,
      isApproved: false,
      isAvailable: false,
      identityDocumentType: null,
      vettingRejectionNote: null,
    });
    await tx.flush();
    await recordEvent(tx, {
      type: 'freelancer_deleted',
      freelancerId: freelancer.id,
      allRestaurants: true,
      allFreelancers: jobs.length > 0,
      payload: { freelancerId: freelancer.id, anonymized: true, reopenedJobIds: jobs.map((job) => job.id) },
    });
    if (formerUserId !== placeholder.id) await tx.nativeDelete(User, { id: formerUserId });
    tx.clear();
    return { freelancerId: freelancer.id, reopenedJobs: jobs.length };
  });
}
