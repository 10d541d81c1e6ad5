/**
 * Who may change things: a rejected or deactivated account (a business with is_active false, a
 * freelancer neither approved nor available) can still sign in and read its own screens (the
 * "Perfil inativo" banner says what to do) but every state-changing call is refused with this text.
 * A pending account may still complete its profile and photo (what approval needs); what needs
 * approval (creating vacancies, applying) is refused by the domain with its own message.
 */
export const ACCOUNT_ACCESS_MESSAGES = {
  deactivated: 'Sua conta está desativada. Entre em contato com o suporte.',
} as const;

export function isDeactivatedAccount(
  profile:
    | { kind: 'restaurant'; isActive: boolean }
    | { kind: 'freelancer'; isApproved: boolean; isAvailable: boolean },
): boolean {
  return profile.kind === 'restaurant' ? !profile.isActive : !profile.isApproved && !profile.isAvailable;
}
