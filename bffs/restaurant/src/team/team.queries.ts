import { UTC_ISO, type EntityManager } from '@turno/core';
import type { Team, TeamInvitation, TeamMember } from '@turno/contracts';
import { MAX_MEMBERS_PER_BUSINESS } from '@turno/domain';

/**
 * GET /api/restaurant/team (issue 28 "Equipe"): the business's members (owner first, then by name)
 * with the stores given to each, and its invitations still open (newest first). One statement,
 * bounded by MAX_MEMBERS_PER_BUSINESS each.
 */
export async function readTeam(
  em: EntityManager,
  restaurantId: number,
  callerUserId: number,
  now: Date = new Date(),
): Promise<Team> {
  const [row] = await em
    .getConnection()
    .execute<{ members: TeamMember[] | null; invitations: TeamInvitation[] | null }[]>(
      `select
       (select json_agg(m order by m.is_owner desc, m.name nulls last, m.id) from (
          select rm.id, u.name, u.email, rm.role, rm.role = 'owner' as is_owner, u.id = ? as is_you,
            array(select ms.store_id from restaurant_member_stores ms where ms.member_id = rm.id order by ms.store_id)
              as store_ids
            from restaurant_members rm join users u on u.id = rm.user_id
           where rm.restaurant_id = ?
           order by rm.id limit ?) m) as members,
       (select json_agg(i order by i.created_at desc, i.id desc) from (
          select id, email, role, created_at,
            array(select jsonb_array_elements_text(store_ids)::int) as store_ids,
            ${UTC_ISO('expires_at')} as expires_at
            from member_invitations
           where restaurant_id = ? and accepted_at is null and revoked_at is null and expires_at > ?
           order by id desc limit ?) i) as invitations`,
      [callerUserId, restaurantId, MAX_MEMBERS_PER_BUSINESS, restaurantId, now, MAX_MEMBERS_PER_BUSINESS],
    );
  return {
    members: (row?.members ?? []).map((member) => ({
      id: member.id,
      name: member.name,
      email: member.email,
      role: member.role,
      store_ids: member.store_ids,
      is_you: member.is_you,
    })),
    invitations: (row?.invitations ?? []).map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      store_ids: invitation.store_ids,
      expires_at: invitation.expires_at,
    })),
  };
}
