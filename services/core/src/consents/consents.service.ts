import type { EntityManager } from '@mikro-orm/postgresql';
import {
  CONSENT_CLIENT_MAX_LENGTH,
  OPTIONAL_CONSENT_KINDS,
  PRIVACY_MESSAGES,
  PRIVACY_NOTICE_VERSION,
  REQUIRED_CONSENT_KINDS,
  TERMS_VERSION,
  currentConsentVersion,
  optionalConsentsFor,
  type ConsentAction,
  type ConsentKind,
  type OptionalConsentKind,
} from '@turno/domain';
import { recordAudit } from '../audit/record-audit';
import { invalid, notFound } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';

/** Where an acceptance or a withdrawal came from (kept with the record, LGPD art. 8 §2: proof). */
export interface ConsentContext {
  /** The app and the browser's user agent (cut to 200 characters). */
  client?: string | null;
  /** HMAC of the client address under the server's key; never the address itself. */
  ipHash?: string | null;
  /** X-Request-Id, joined to the audit trail's entry. */
  requestId?: string | null;
}

/** The newest record of one kind: the person's present state for it. */
export interface ConsentState {
  kind: ConsentKind;
  action: ConsentAction;
  version: string;
  at: Date;
}

/** The person's records, newest first (at most `limit`): the history "Privacidade" shows. */
export async function consentHistory(
  em: EntityManager,
  userId: number,
  limit: number,
): Promise<{ kind: ConsentKind; action: ConsentAction; version: string; at: Date }[]> {
  const rows = await em
    .getConnection()
    .execute<{ kind: ConsentKind; action: ConsentAction; version: string; created_at: Date | string }[]>(
      'select kind, action, version, created_at from consents where user_id = ? order by id desc limit ?',
      [userId, limit],
    );
  return rows.map((row) => ({
    kind: row.kind,
    action: row.action,
    version: row.version,
    at: new Date(row.created_at),
  }));
}

/** Whether the person still has to accept the terms or the privacy notice in force. */
export interface TermsAcceptance {
  termsVersion: string;
  privacyNoticeVersion: string;
  /** The versions the person accepted last (null: never). */
  acceptedTermsVersion: string | null;
  acceptedPrivacyNoticeVersion: string | null;
  /** True when either accepted version is not the one in force. */
  missing: boolean;
}

const clientOf = (context: ConsentContext) => context.client?.slice(0, CONSENT_CLIENT_MAX_LENGTH) ?? null;

/** The newest record of each kind of one person (one index range per kind). */
export async function consentStates(em: EntityManager, userId: number): Promise<ConsentState[]> {
  const rows = await em
    .getConnection()
    .execute<{ kind: ConsentKind; action: ConsentAction; version: string; created_at: Date | string }[]>(
      'select distinct on (kind) kind, action, version, created_at from consents where user_id = ? order by kind, id desc',
      [userId],
    );
  return rows.map((row) => ({
    kind: row.kind,
    action: row.action,
    version: row.version,
    at: new Date(row.created_at),
  }));
}

/** The acceptance of the versions in force (libs/domain privacy.ts), from the person's states. */
export function termsAcceptanceOf(states: readonly ConsentState[]): TermsAcceptance {
  const accepted = (kind: ConsentKind) => {
    const state = states.find((candidate) => candidate.kind === kind);
    return state?.action === 'accepted' ? state.version : null;
  };
  const acceptedTermsVersion = accepted('terms');
  const acceptedPrivacyNoticeVersion = accepted('privacy_notice');
  return {
    termsVersion: TERMS_VERSION,
    privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    acceptedTermsVersion,
    acceptedPrivacyNoticeVersion,
    missing:
      acceptedTermsVersion !== TERMS_VERSION || acceptedPrivacyNoticeVersion !== PRIVACY_NOTICE_VERSION,
  };
}

/**
 * Whether the person withdrew an optional use (their newest record of it says so). Never asked is
 * not withdrawn: the check-in's position is then governed by the browser's own permission prompt.
 */
export async function optionalConsentWithdrawn(
  em: EntityManager,
  userId: number,
  kind: OptionalConsentKind,
): Promise<boolean> {
  const [latest] = await em
    .getConnection()
    .execute<{ action: ConsentAction }[]>(
      'select action from consents where user_id = ? and kind = ? order by id desc limit 1',
      [userId, kind],
    );
  return latest?.action === 'withdrawn';
}

/** `termsAcceptanceOf(consentStates(…))`: read by GET /api/users/me at every session check. */
export async function termsAcceptance(em: EntityManager, userId: number): Promise<TermsAcceptance> {
  return termsAcceptanceOf(await consentStates(em, userId));
}

/**
 * Appends records (inside the caller's transaction) and one audit entry per record (actor: the
 * person; counts of nothing personal: kind, version, action).
 */
async function appendConsents(
  tx: EntityManager,
  userId: number,
  records: readonly { kind: ConsentKind; action: ConsentAction; version: string }[],
  context: ConsentContext,
  now: Date,
): Promise<void> {
  for (const record of records) {
    const [row] = await tx
      .getConnection()
      .execute<{ id: number }[]>(
        'insert into consents (user_id, kind, version, action, client, ip_hash, created_at) values (?, ?, ?, ?, ?, ?, ?) returning id',
        [userId, record.kind, record.version, record.action, clientOf(context), context.ipHash ?? null, now],
      );
    await recordAudit(tx, {
      actorKind: 'user',
      actorId: userId,
      action: `consent.${record.action}`,
      outcome: 'success',
      targetType: 'consent',
      targetId: row?.id ?? null,
      details: { kind: record.kind, version: record.version, client: clientOf(context) },
      requestId: context.requestId ?? null,
      ipHash: context.ipHash ?? null,
    });
  }
}

/** Refuses (400, pt-BR) versions of the terms or the notice that are not the ones in force. */
export function assertCurrentTermsVersions(versions: {
  termsVersion: string;
  privacyNoticeVersion: string;
}): void {
  if (versions.termsVersion !== TERMS_VERSION || versions.privacyNoticeVersion !== PRIVACY_NOTICE_VERSION) {
    throw invalid('terms_outdated', PRIVACY_MESSAGES.outdatedVersion);
  }
}

/**
 * The person accepts the terms of use and the privacy notice. `versions` are those the person read
 * (the page sends them): one that is not in force is refused (409), so nobody accepts a text they
 * did not see. Used at setup and by the page that asks again after a new version.
 */
export async function acceptTerms(
  em: EntityManager,
  userId: number,
  versions: { termsVersion: string; privacyNoticeVersion: string },
  context: ConsentContext,
  now = new Date(),
): Promise<TermsAcceptance> {
  assertCurrentTermsVersions(versions);
  await inTransaction(em, async (tx) => {
    const users = await tx
      .getConnection()
      .execute<{ id: number }[]>('select id from users where id = ? for update', [userId]);
    if (users.length === 0) throw notFound('user_not_found', PRIVACY_MESSAGES.acceptFailed);
    await appendConsents(
      tx,
      userId,
      REQUIRED_CONSENT_KINDS.map((kind) => ({
        kind,
        action: 'accepted' as const,
        version: currentConsentVersion(kind),
      })),
      context,
      now,
    );
  });
  return termsAcceptance(em.fork(), userId);
}

/**
 * Grants or withdraws one optional use (Perfil → "Privacidade"). Only the optional kinds that apply
 * to the person's profile; the same state again records nothing (the answer is the state as it is).
 */
export async function setOptionalConsent(
  em: EntityManager,
  userId: number,
  /** The person's profile (null before setup: no optional use applies yet). */
  userType: 'restaurant' | 'freelancer' | null,
  kind: ConsentKind,
  granted: boolean,
  context: ConsentContext,
  now = new Date(),
): Promise<ConsentState[]> {
  if (!(OPTIONAL_CONSENT_KINDS as readonly string[]).includes(kind)) {
    throw invalid('consent_not_optional', PRIVACY_MESSAGES.notOptional);
  }
  if (!userType || !optionalConsentsFor(userType).includes(kind as OptionalConsentKind)) {
    throw invalid('consent_not_applicable', PRIVACY_MESSAGES.notApplicable);
  }
  const action: ConsentAction = granted ? 'accepted' : 'withdrawn';
  await inTransaction(em, async (tx) => {
    // The person's row serialises two toggles of one person (the newest state is read after it).
    await tx.getConnection().execute('select id from users where id = ? for update', [userId]);
    const [latest] = await tx
      .getConnection()
      .execute<{ action: ConsentAction }[]>(
        'select action from consents where user_id = ? and kind = ? order by id desc limit 1',
        [userId, kind],
      );
    // Never granted and asked to withdraw, or the same state again: nothing to record.
    if ((latest?.action ?? 'withdrawn') === action) return;
    await appendConsents(tx, userId, [{ kind, action, version: currentConsentVersion(kind) }], context, now);
  });
  return consentStates(em.fork(), userId);
}
