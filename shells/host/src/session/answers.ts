import {
  type AdminVerifyResponse,
  type CurrentUser,
  type TermsStatus,
  type UserProfile,
} from '@turno/contracts';
import { USER_TYPES } from '@turno/domain';

/**
 * The shell BFF's answers that the host reads, checked by hand against the shapes of
 * libs/contracts/src/session.ts (`CurrentUserSchema`, `RedirectUrlResponseSchema`,
 * `AdminVerifyResponseSchema`): the landing page is read on every visit and a few checks serve
 * where zod (about 26 KB gzip) would not pay for itself. answers.test.ts keeps both in agreement.
 * Each returns the value with only the contract's fields (as zod does), or undefined.
 */

type Record_ = Record<string, unknown>;
const isRecord = (value: unknown): value is Record_ =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
const isNullableString = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

function userProfile(value: unknown): UserProfile | undefined {
  if (!isRecord(value)) return undefined;
  const { user_type, id, name, is_approved, is_active, business_name } = value;
  if (!USER_TYPES.includes(user_type as UserProfile['user_type'])) return undefined;
  if (!isInt(id) || typeof name !== 'string' || typeof is_approved !== 'boolean') return undefined;
  if (typeof is_active !== 'boolean' || !isNullableString(business_name)) return undefined;
  return {
    user_type: user_type as UserProfile['user_type'],
    id,
    name,
    is_approved,
    is_active,
    business_name,
  };
}

function termsStatus(value: unknown): TermsStatus | undefined {
  if (!isRecord(value)) return undefined;
  const { accepted, terms_version, privacy_notice_version } = value;
  if (typeof accepted !== 'boolean' || typeof terms_version !== 'string') return undefined;
  if (typeof privacy_notice_version !== 'string') return undefined;
  return { accepted, terms_version, privacy_notice_version };
}

/** GET /api/users/me. */
export function currentUserOf(value: unknown): CurrentUser | undefined {
  if (!isRecord(value)) return undefined;
  const { id, email, name } = value;
  if (!isInt(id) || !isNullableString(email) || !isNullableString(name)) return undefined;
  if (!('profile' in value)) return undefined;
  const profile = value.profile === null ? null : userProfile(value.profile);
  if (profile === undefined) return undefined;
  // Issue 27: the terms' acceptance; absent from an older shell BFF (then nothing is asked).
  // Issue 27: a one-time notice (a deletion called off by signing in again); absent most of the time.
  if (value.notice !== undefined && typeof value.notice !== 'string') return undefined;
  const notice = typeof value.notice === 'string' ? { notice: value.notice } : {};
  if (value.terms === undefined) return { id, email, name, profile, ...notice };
  const terms = termsStatus(value.terms);
  if (terms === undefined) return undefined;
  return { id, email, name, profile, terms, ...notice };
}

/** GET /api/oauth/google/redirect_url: an absolute URL. */
export function redirectUrlOf(value: unknown): string | undefined {
  if (!isRecord(value) || typeof value.redirectUrl !== 'string') return undefined;
  try {
    new URL(value.redirectUrl);
  } catch {
    return undefined;
  }
  return value.redirectUrl;
}

/** GET /api/admin/verify. */
export function adminVerifyOf(value: unknown): AdminVerifyResponse | undefined {
  if (!isRecord(value) || value.ok !== true || !isRecord(value.admin)) return undefined;
  const { id, email, name } = value.admin;
  if (!isInt(id) || typeof email !== 'string' || !isNullableString(name)) return undefined;
  return { ok: true, admin: { id, email, name } };
}
