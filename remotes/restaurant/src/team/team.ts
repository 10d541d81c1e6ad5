import { type BusinessStore, type TeamMember } from '@turno/contracts';
import {
  ALL_STORES_LABEL,
  BUSINESS_MEMBER_ROLE_DUTIES,
  formatDateBR,
  parseInstant,
  saoPauloDate,
  seesEveryStore,
  type BusinessMemberRole,
} from '@turno/domain';
import { BFF } from '../shared/bff';

/** The owner's "Equipe" (issue 28): members, their roles and stores, open invitations. */
export const TEAM_URL = `${BFF}/restaurant/team`;
export const TEAM_INVITATIONS_URL = `${TEAM_URL}/invitations`;
export const TEAM_MEMBERS_URL = `${TEAM_URL}/members`;

/** The roles the owner gives (the owner's own is never given). */
export type InvitedRole = Exclude<BusinessMemberRole, 'owner'>;
export const INVITED_ROLES: readonly InvitedRole[] = ['manager', 'supervisor'];

/** What each role given may do, one line under its choice (libs/domain). */
export const ROLE_HINTS: Record<InvitedRole, string> = BUSINESS_MEMBER_ROLE_DUTIES;

/** A person as the list names them: their name, else their e-mail. */
export function memberName(member: Pick<TeamMember, 'name' | 'email'>): string {
  return member.name?.trim() || member.email || 'Pessoa sem nome';
}

/**
 * The stores of a member or invitation, by name: "Todas as lojas" for the owner; a deactivated
 * store says so; a store the panel does not know (yet) is left out.
 */
export function storeNamesText(
  role: BusinessMemberRole,
  storeIds: readonly number[],
  stores: readonly BusinessStore[],
): string {
  if (seesEveryStore(role)) return ALL_STORES_LABEL;
  const byId = new Map(stores.map((store) => [store.id, store]));
  return storeIds
    .map((id) => byId.get(id))
    .filter((store): store is BusinessStore => store !== undefined)
    .map((store) => (store.is_active ? store.name : `${store.name} (desativada)`))
    .join(', ');
}

/** "vale até 05/12/2026" (the day in Sao Paulo of a wire timestamp). */
export function validUntilText(expiresAt: string): string {
  const instant = parseInstant(expiresAt);
  return instant ? `vale até ${formatDateBR(saoPauloDate(instant))}` : '';
}

/** The invitation's full link, from the path the BFF answers (`/convite-equipe/<token>`). */
export function invitationLink(path: string, origin: string = globalThis.location?.origin ?? ''): string {
  return `${origin}${path}`;
}
