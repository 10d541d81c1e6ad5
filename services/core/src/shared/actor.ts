import type { BusinessMemberRole } from '@turno/domain';

/**
 * A business member's part (issue 28): their role and the stores given to them; `storeIds` is null
 * for an owner, who has every store.
 */
export interface BusinessMembership {
  role: BusinessMemberRole;
  storeIds: readonly number[] | null;
}

/** The owner's membership: every action, every store (the account that set the business up). */
export const OWNER_MEMBERSHIP: BusinessMembership = Object.freeze({ role: 'owner', storeIds: null });

/**
 * Who is acting. Every domain-service method takes one and refuses what that role may not do;
 * restaurant and freelancer actors only ever reach their own rows (another owner's id → 404).
 * A restaurant actor is one of the business's members (`member`).
 */
export type Actor =
  | { role: 'admin'; adminId: number }
  | { role: 'restaurant'; restaurantId: number; userId: number; member: BusinessMembership }
  | { role: 'freelancer'; freelancerId: number; userId: number };

export type ActorRole = Actor['role'];
