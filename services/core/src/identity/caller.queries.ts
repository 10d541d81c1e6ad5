import type { EntityManager } from '@mikro-orm/postgresql';
import { isBusinessMemberRole, isDeactivatedAccount, type BusinessMemberRole } from '@turno/domain';
import type { AdminActor, FreelancerActor, RestaurantActor } from '../shared/access';
import { OWNER_MEMBERSHIP, type BusinessMembership } from '../shared/actor';
import { ADMIN_DATA_VERSION_SQL, dataVersionOf, withUserDataVersion } from '../shared/data-version';

/** A signed-in business or freelancer; `profile` is null until profile setup. */
export interface UserCaller {
  role: 'user';
  userId: number;
  profile: RestaurantActor | FreelancerActor | null;
  /** A rejected or deactivated profile (libs/domain account-access): reads only. */
  deactivated: boolean;
}

/** One row of USER_CALLER_SQL. */
export interface UserCallerRow {
  user_id: number;
  restaurant_id: number | null;
  restaurant_active: boolean | null;
  /** The caller's role in the business (restaurant_members), and the stores given to a non-owner. */
  member_role: BusinessMemberRole | null;
  member_store_ids: number[] | null;
  freelancer_id: number | null;
  freelancer_approved: boolean | null;
  freelancer_available: boolean | null;
}

/**
 * The user and their profile in one indexed statement (users.id, restaurant_members.user_id and
 * freelancers.user_id are unique; one parameter: the user id): a business's member, with their role
 * and, unless an owner, the stores given to them (issue 28), or a freelancer. Exported so that a
 * caller can fold it with another read of the same request (e.g. as a CTE beside a data-version
 * read) and hand the row to `userCallerOf`.
 */
export const USER_CALLER_SQL =
  'select u.id as user_id, r.id as restaurant_id, r.is_active as restaurant_active, m.role as member_role, ' +
  "case when m.role <> 'owner' then array(select ms.store_id from restaurant_member_stores ms " +
  'where ms.member_id = m.id order by ms.store_id) end as member_store_ids, ' +
  'f.id as freelancer_id, f.is_approved as freelancer_approved, f.is_available as freelancer_available from users u ' +
  'left join restaurant_members m on m.user_id = u.id left join restaurants r on r.id = m.restaurant_id ' +
  'left join freelancers f on f.user_id = u.id where u.id = ?';

function membershipOf(row: UserCallerRow): BusinessMembership {
  const role = isBusinessMemberRole(row.member_role) ? row.member_role : 'supervisor';
  if (role === 'owner') return OWNER_MEMBERSHIP;
  return { role, storeIds: (row.member_store_ids ?? []).map(Number) };
}

/** The caller a USER_CALLER_SQL row describes (null: no row, the user no longer exists). */
export function userCallerOf(row: UserCallerRow | undefined): UserCaller | null {
  if (!row) return null;
  const userId = Number(row.user_id);
  const profile: UserCaller['profile'] =
    row.restaurant_id !== null
      ? { role: 'restaurant', restaurantId: Number(row.restaurant_id), userId, member: membershipOf(row) }
      : row.freelancer_id !== null
        ? { role: 'freelancer', freelancerId: Number(row.freelancer_id), userId }
        : null;
  const deactivated =
    row.restaurant_id !== null
      ? isDeactivatedAccount({ kind: 'restaurant', isActive: Boolean(row.restaurant_active) })
      : row.freelancer_id !== null
        ? isDeactivatedAccount({
            kind: 'freelancer',
            isApproved: Boolean(row.freelancer_approved),
            isAvailable: Boolean(row.freelancer_available),
          })
        : false;
  return { role: 'user', userId, profile, deactivated };
}

/**
 * The user of a session and their profile (USER_CALLER_SQL): read at every request, so an approval,
 * a deactivation or a deletion applies at once. Null when the user no longer exists.
 */
export async function loadUserCaller(em: EntityManager, userId: number): Promise<UserCaller | null> {
  const rows = await em.getConnection().execute<UserCallerRow[]>(USER_CALLER_SQL, [userId]);
  return userCallerOf(rows[0]);
}

/** The admin of a session, or null when they are gone or disabled (`npm run admin -- disable`). */
export async function loadAdminActor(em: EntityManager, adminId: number): Promise<AdminActor | null> {
  const rows = await em
    .getConnection()
    .execute<{ id: number }[]>('select id from admins where id = ? and disabled_at is null', [adminId]);
  return rows[0] ? { role: 'admin', adminId } : null;
}

/**
 * The caller and their data version (latestEventId of their audience, what a list's ETag names) in
 * the one statement of the caller's lookup: a versioned list request then needs no statement of its
 * own for the version. `dataVersion` is 0 when there is no caller.
 */
export async function loadUserCallerWithVersion(
  em: EntityManager,
  userId: number,
): Promise<{ caller: UserCaller | null; dataVersion: number }> {
  const rows = await em
    .getConnection()
    .execute<(UserCallerRow & { data_version: string })[]>(withUserDataVersion(USER_CALLER_SQL), [userId]);
  return { caller: userCallerOf(rows[0]), dataVersion: dataVersionOf(rows[0]) };
}

/** `loadAdminActor` and the admin's data version (the latest domain event) in one statement. */
export async function loadAdminActorWithVersion(
  em: EntityManager,
  adminId: number,
): Promise<{ actor: AdminActor | null; dataVersion: number }> {
  const rows = await em
    .getConnection()
    .execute<{ data_version: string }[]>(
      `select ${ADMIN_DATA_VERSION_SQL} as data_version from admins where id = ? and disabled_at is null`,
      [adminId],
    );
  return { actor: rows[0] ? { role: 'admin', adminId } : null, dataVersion: dataVersionOf(rows[0]) };
}
