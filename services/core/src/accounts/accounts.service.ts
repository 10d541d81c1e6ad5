/**
 * Accounts: first-time profile setup, profile edits (own or by an admin), and the admin's review
 * (approve / reject), creation and deletion of restaurants and freelancers.
 * Account state (spec 02 §4): approved = is_approved; pending = not approved and active (restaurant
 * is_active, freelancer is_available); rejected = not active. Reject deactivates the account.
 */
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import {
  MESSAGES,
  VETTING_MESSAGES,
  isCpfLockedForFreelancer,
  freelancerAccountState,
  isValidEmail,
  parseExperienceYears,
  restaurantAccountState,
  type AccountState,
} from '@turno/domain';
import { Assignment, Freelancer, Invoice, Job, Restaurant, User } from '../model';
import {
  freelancerIdentityFields,
  freelancerOptionalFields,
  restaurantLegalFields,
  restaurantOptionalFields,
  specialtiesField,
  type FreelancerProfileInput,
  type RestaurantProfileInput,
} from './account-fields';
import { actsForFreelancer, actsForRestaurant, optionalText, requireRole } from '../shared/access';
import { lockFreelancer } from '../rows/freelancer-lock';
import type { Actor } from '../shared/actor';
import { DomainError, conflict, invalid, notFound } from '../shared/domain-error';
import { missingVettingItemsOf } from './vetting.service';
import { inTransaction } from '../shared/transaction';
import { recordEvent } from '../events/record-event';
import { geocodeQueryOf, markForGeocodingIfMoved } from '../rows/store-address';

export type { FreelancerProfileInput, RestaurantProfileInput } from './account-fields';

export interface AccountReviewResult {
  id: number;
  state: AccountState;
}

const restaurantNotFound = () => notFound('restaurant_not_found', MESSAGES.restaurants.notFound);
const freelancerNotFound = () => notFound('freelancer_not_found', MESSAGES.freelancers.notFound);

type Review = Exclude<AccountState, 'pending'>;

/** Admin approves a pending restaurant (sets approved_at). Approving an approved one changes nothing. */
export function approveRestaurant(
  em: EntityManager,
  actor: Actor,
  restaurantId: number,
  now: Date = new Date(),
): Promise<AccountReviewResult> {
  return reviewRestaurant(em, actor, restaurantId, 'approved', now);
}

/** Admin rejects a pending restaurant: it is deactivated. Rejecting a rejected one changes nothing. */
export function rejectRestaurant(
  em: EntityManager,
  actor: Actor,
  restaurantId: number,
): Promise<AccountReviewResult> {
  return reviewRestaurant(em, actor, restaurantId, 'rejected', new Date());
}

/** Admin approves a pending freelancer (sets approved_at). Approving an approved one changes nothing. */
export function approveFreelancer(
  em: EntityManager,
  actor: Actor,
  freelancerId: number,
  now: Date = new Date(),
): Promise<AccountReviewResult> {
  return reviewFreelancer(em, actor, freelancerId, 'approved', now);
}

/** Admin rejects a pending freelancer: is_available becomes false. Rejecting a rejected one changes nothing. */
export function rejectFreelancer(
  em: EntityManager,
  actor: Actor,
  freelancerId: number,
): Promise<AccountReviewResult> {
  return reviewFreelancer(em, actor, freelancerId, 'rejected', new Date());
}

/** Only a pending account is reviewed; one already in the target state is answered as is (a retry). */
async function reviewRestaurant(
  em: EntityManager,
  actor: Actor,
  restaurantId: number,
  target: Review,
  now: Date,
): Promise<AccountReviewResult> {
  requireRole(actor, ['admin']);
  return inTransaction(em, async (tx) => {
    const restaurant = await tx.findOne(Restaurant, restaurantId, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!restaurant) throw restaurantNotFound();
    const state = () =>
      restaurantAccountState({ is_approved: restaurant.isApproved, is_active: restaurant.isActive });
    if (state() === target) return { id: restaurant.id, state: target };
    if (state() !== 'pending') throw conflict('not_pending', MESSAGES.restaurants.onlyPendingCanBeReviewed);
    if (target === 'approved') tx.assign(restaurant, { isApproved: true, approvedAt: now });
    else restaurant.isActive = false;
    await recordEvent(tx, {
      type: 'restaurant_updated',
      restaurantId: restaurant.id,
      // Approval decides whether freelancers see the restaurant's vacancies.
      allFreelancers: true,
      payload: { restaurantId: restaurant.id, change: target },
    });
    return { id: restaurant.id, state: state() };
  });
}

async function reviewFreelancer(
  em: EntityManager,
  actor: Actor,
  freelancerId: number,
  target: Review,
  now: Date,
): Promise<AccountReviewResult> {
  requireRole(actor, ['admin']);
  return inTransaction(em, async (tx) => {
    const freelancer = await lockFreelancer(tx, freelancerId);
    const state = () =>
      freelancerAccountState({ is_approved: freelancer.isApproved, is_available: freelancer.isAvailable });
    if (state() === target) return { id: freelancer.id, state: target };
    if (state() !== 'pending') throw conflict('not_pending', MESSAGES.freelancers.onlyPendingCanBeReviewed);
    if (target === 'approved') {
      // Issue 27: only a complete checklist (CPF, Pix, photo, document and selfie) is approved,
      // whatever the client shows or sends.
      const missing = await missingVettingItemsOf(tx, freelancer);
      if (missing.length > 0) {
        throw new DomainError(422, 'vetting_incomplete', VETTING_MESSAGES.cannotApproveIncomplete);
      }
      tx.assign(freelancer, {
        isApproved: true,
        approvedAt: now,
        vettingStatus: 'approved',
        vettingReviewedAt: now,
        vettingRejectionReason: null,
        vettingRejectionNote: null,
      });
    } else freelancer.isAvailable = false;
    await recordFreelancerUpdated(tx, freelancer.id, target);
    return { id: freelancer.id, state: state() };
  });
}

export interface UpdateRestaurantInput extends RestaurantProfileInput {
  /** Admin only: the restaurant to edit (a business edits its own). */
  restaurantId?: number;
}

/**
 * A business edits its own profile, an admin any restaurant's. Responsible name and business name
 * are required; the other fields are optional (empty clears them), phone and CEP are checked. CNPJ
 * and razão social are checked and, once set, cannot be cleared (`restaurantLegalFields`).
 */
export async function updateRestaurantProfile(
  em: EntityManager,
  actor: Actor,
  input: UpdateRestaurantInput,
): Promise<{ restaurantId: number }> {
  requireRole(actor, ['admin', 'restaurant']);
  const restaurantId = actor.role === 'restaurant' ? actor.restaurantId : input.restaurantId;
  const name = optionalText(input.name);
  const businessName = optionalText(input.businessName);
  if (!name) throw invalid('name_required', MESSAGES.restaurants.nameRequired);
  if (!businessName) throw invalid('business_name_required', MESSAGES.restaurants.businessNameRequired);

  return inTransaction(em, async (tx) => {
    const restaurant = restaurantId ? await tx.findOne(Restaurant, { id: restaurantId }) : null;
    if (!restaurant || !actsForRestaurant(actor, restaurant.id)) throw restaurantNotFound();
    const addressBefore = geocodeQueryOf(restaurant);
    tx.assign(restaurant, {
      name,
      businessName,
      ...restaurantOptionalFields(input, restaurant.cuisineType),
      ...restaurantLegalFields(input, restaurant),
    });
    // A new address is geocoded again by the workers' sweep (issue 23).
    markForGeocodingIfMoved(restaurant, addressBefore);
    await recordEvent(tx, {
      type: 'restaurant_updated',
      restaurantId: restaurant.id,
      // The business name and address show on its vacancies and on freelancers' shifts.
      allFreelancers: true,
      payload: { restaurantId: restaurant.id, change: 'profile' },
    });
    return { restaurantId: restaurant.id };
  });
}

/**
 * Admin deletes a restaurant with its owner user (identities, jobs, applications and blocks go with
 * it). Refused while it has completed work or invoices: billing history is kept, reject instead.
 * Deleting twice answers 404.
 */
export async function deleteRestaurant(
  em: EntityManager,
  actor: Actor,
  restaurantId: number,
): Promise<{ restaurantId: number; deleted: true }> {
  requireRole(actor, ['admin']);
  const hasBilling = () => conflict('restaurant_has_billing', MESSAGES.restaurants.hasBillingCannotBeDeleted);
  return inTransaction(
    em,
    async (tx) => {
      const restaurant = await tx.findOne(
        Restaurant,
        { id: restaurantId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!restaurant) throw restaurantNotFound();
      const billed =
        (await tx.count(Invoice, { restaurant: restaurant.id })) +
        (await tx.count(Assignment, { job: { restaurant: restaurant.id }, status: 'completed' }));
      if (billed > 0) throw hasBilling();
      await recordEvent(tx, {
        type: 'restaurant_deleted',
        restaurantId: restaurant.id,
        allFreelancers: true,
        payload: { restaurantId: restaurant.id },
      });
      await tx.nativeDelete(User, { id: restaurant.user.id });
      tx.clear(); // forget the deleted rows: nothing stale is merged back into the caller's identity map
      return { restaurantId, deleted: true };
    },
    // Billing written by a concurrent invoice run keeps the restaurant.
    { invoices_restaurant_id_foreign: hasBilling, invoice_lines_assignment_id_foreign: hasBilling },
  );
}

export interface CreateFreelancerInput extends FreelancerProfileInput {
  /** The admin form sends a generated placeholder e-mail. */
  email?: string | null;
}

/**
 * Admin creates a freelancer (with its user). Name, CPF and PIX key are required and checked.
 * The admin vouches for the person: the account is created approved.
 */
export async function createFreelancer(
  em: EntityManager,
  actor: Actor,
  input: CreateFreelancerInput,
  now: Date = new Date(),
): Promise<{ freelancerId: number; userId: number }> {
  requireRole(actor, ['admin']);
  const identity = freelancerIdentityFields(input);
  const optional = freelancerOptionalFields(input);
  const email = optionalText(input.email);
  if (email && !isValidEmail(email)) throw invalid('invalid_email', MESSAGES.validation.invalidEmail);

  return inTransaction(em, async (tx) => {
    const user = tx.create(User, {
      email: email?.toLowerCase() ?? null,
      name: identity.name,
      userType: 'freelancer',
    });
    const freelancer = tx.create(Freelancer, {
      user,
      specialties: [],
      ...identity,
      ...optional,
      isApproved: true,
      isAvailable: true,
      approvedAt: now,
      // The admin vouches for the person (met in person): no document checklist.
      vettingStatus: 'approved',
      vettingReviewedAt: now,
    });
    await tx.flush();
    await recordFreelancerUpdated(tx, freelancer.id, 'created');
    return { freelancerId: freelancer.id, userId: user.id };
  });
}

export interface UpdateFreelancerInput extends FreelancerProfileInput {
  /** Admin only: the freelancer to edit (a freelancer edits their own). */
  freelancerId?: number;
}

/**
 * A freelancer edits their own profile, an admin anyone's: name, CPF and PIX key required and
 * checked (CPF stored as 11 digits); specialties among the seven (legacy ones already stored are kept).
 * A new Pix key in place of another is dated: payouts to it are held for 24 h.
 */
export async function updateFreelancerProfile(
  em: EntityManager,
  actor: Actor,
  input: UpdateFreelancerInput,
  now: Date = new Date(),
): Promise<{ freelancerId: number }> {
  requireRole(actor, ['admin', 'freelancer']);
  const freelancerId = actor.role === 'freelancer' ? actor.freelancerId : input.freelancerId;
  const identity = freelancerIdentityFields(input);

  return inTransaction(em, async (tx) => {
    const freelancer = freelancerId ? await tx.findOne(Freelancer, { id: freelancerId }) : null;
    if (!freelancer || !actsForFreelancer(actor, freelancer.id)) throw freelancerNotFound();
    // The CPF the admins checked against the document is theirs to change once submitted or approved.
    if (
      actor.role === 'freelancer' &&
      freelancer.cpf !== identity.cpf &&
      isCpfLockedForFreelancer(freelancer)
    )
      throw conflict('cpf_locked', VETTING_MESSAGES.cpfLocked);
    // A changed Pix key (not its first setting) holds the next payouts for 24 h (issue 25).
    const keyChanged =
      freelancer.pixKey !== null && freelancer.pixKey !== undefined && freelancer.pixKey !== identity.pixKey;
    tx.assign(freelancer, {
      ...identity,
      ...freelancerOptionalFields(input, freelancer.specialties),
      ...(keyChanged ? { pixKeyChangedAt: now } : {}),
    });
    await recordFreelancerUpdated(tx, freelancer.id, 'profile');
    return { freelancerId: freelancer.id };
  });
}

/**
 * Admin deletes a freelancer with their user. Refused when they completed work (it is billed and
 * paid: reject instead). Jobs they were assigned to (not completed) open again.
 */
export async function deleteFreelancer(
  em: EntityManager,
  actor: Actor,
  freelancerId: number,
): Promise<{ freelancerId: number; deleted: true; reopenedJobs: number }> {
  requireRole(actor, ['admin']);
  const hasWork = () => conflict('freelancer_has_work', MESSAGES.freelancers.hasCompletedWorkCannotBeDeleted);
  return inTransaction(
    em,
    async (tx) => {
      const heldJobIds = () => activeJobIds(tx, freelancerId);
      // Lock order: jobs, then the freelancer (as accept and assign do).
      const jobIds = await heldJobIds();
      const jobs = await tx.find(
        Job,
        { id: { $in: jobIds } },
        { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } },
      );
      const freelancer = await lockFreelancer(tx, freelancerId);
      if ((await tx.count(Assignment, { freelancer: freelancer.id, status: 'completed' })) > 0) {
        throw hasWork();
      }
      // A shift assigned meanwhile (its job not locked above): refuse rather than lock out of order.
      if ((await heldJobIds()).join() !== jobIds.join()) throw conflict('changed', MESSAGES.common.conflict);
      for (const job of jobs) if (job.status === 'assigned') job.status = 'open';
      await tx.flush();
      await recordEvent(tx, {
        type: 'freelancer_deleted',
        freelancerId: freelancer.id,
        // Restaurants pick among freelancers; the jobs they held are open vacancies again.
        allRestaurants: true,
        allFreelancers: jobs.length > 0,
        payload: { freelancerId: freelancer.id, reopenedJobIds: jobs.map((job) => job.id) },
      });
      await tx.nativeDelete(User, { id: freelancer.user.id });
      tx.clear(); // forget the deleted rows (see deleteRestaurant)
      return { freelancerId, deleted: true, reopenedJobs: jobs.length };
    },
    { invoice_lines_assignment_id_foreign: hasWork },
  );
}

/**
 * A freelancer account changed (created, reviewed, edited): the freelancer hears it, and so does
 * every restaurant, whose freelancer picker (block dialog) lists freelancers.
 */
function recordFreelancerUpdated(tx: EntityManager, freelancerId: number, change: string): Promise<void> {
  return recordEvent(tx, {
    type: 'freelancer_updated',
    freelancerId,
    allRestaurants: true,
    payload: { freelancerId, change },
  });
}

async function activeJobIds(tx: EntityManager, freelancerId: number): Promise<number[]> {
  const held = await tx.find(
    Assignment,
    { freelancer: freelancerId, status: { $in: ['assigned', 'in_progress'] } },
    { fields: ['job'] },
  );
  return held.map((assignment) => assignment.job.id).sort((a, b) => a - b);
}

/** The first-time profile setup payload (spec 01 §3). `hourlyRate` is accepted and ignored. */
export interface ProfileSetupInput {
  name?: string | null;
  phone?: string | null;
  userType?: string | null;
  businessName?: string | null;
  address?: string | null;
  addressNumber?: string | null;
  cuisineType?: string | null;
  contactPerson?: string | null;
  /** A business's CNPJ and razão social: required for a restaurant (issue 25). */
  cnpj?: string | null;
  legalName?: string | null;
  experienceYears?: unknown;
  specialties?: readonly string[] | null;
  hourlyRate?: unknown;
}

export type ProfileSetupResult =
  { userType: 'restaurant'; restaurantId: number } | { userType: 'freelancer'; freelancerId: number };

const alreadySetUp = () => conflict('already_set_up', MESSAGES.setup.alreadyCompleted);

/**
 * Creates the profile of a signed-in user who has none yet: a restaurant (business name, CNPJ and
 * razão social required: issue 25) or a freelancer, both awaiting approval. The user row is locked, so a double submit creates one
 * profile; the second answers "Seu perfil já foi criado.".
 */
export async function setupProfile(
  em: EntityManager,
  userId: number,
  input: ProfileSetupInput,
): Promise<ProfileSetupResult> {
  const name = optionalText(input.name);
  if (!name) throw invalid('name_required', MESSAGES.setup.nameRequired);
  const userType = input.userType;
  if (userType !== 'restaurant' && userType !== 'freelancer') {
    throw invalid('invalid_user_type', MESSAGES.setup.invalidUserType);
  }
  const businessName = optionalText(input.businessName);
  if (userType === 'restaurant' && !businessName) {
    throw invalid('business_name_required', MESSAGES.setup.businessNameRequired);
  }

  return inTransaction(
    em,
    async (tx) => {
      const user = await tx.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user) throw notFound('user_not_found', MESSAGES.common.notFound);
      const profiles =
        (await tx.count(Restaurant, { user: user.id })) + (await tx.count(Freelancer, { user: user.id }));
      if (user.userType || profiles > 0) throw alreadySetUp();
      user.name = name;
      user.userType = userType;

      if (userType === 'restaurant') {
        const restaurant = tx.create(Restaurant, {
          user,
          name,
          businessName: businessName as string,
          ...restaurantOptionalFields(input),
          ...restaurantLegalFields(input, {}, true),
          isApproved: false,
          isActive: true,
        });
        await tx.flush();
        await recordEvent(tx, {
          type: 'restaurant_updated',
          restaurantId: restaurant.id,
          payload: { restaurantId: restaurant.id, change: 'created' },
        });
        return { userType, restaurantId: restaurant.id };
      }
      const freelancer = tx.create(Freelancer, {
        user,
        name,
        ...freelancerOptionalFields({ phone: input.phone, address: input.address }),
        experienceYears: parseExperienceYears(input.experienceYears),
        specialties: specialtiesField(input.specialties) ?? [],
        isApproved: false,
        isAvailable: true,
      });
      await tx.flush();
      await recordFreelancerUpdated(tx, freelancer.id, 'created');
      return { userType, freelancerId: freelancer.id };
    },
    { restaurants_user_unique: alreadySetUp, freelancers_user_unique: alreadySetUp },
  );
}
