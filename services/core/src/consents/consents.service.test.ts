import { PRIVACY_MESSAGES, PRIVACY_NOTICE_VERSION, TERMS_VERSION } from '@turno/domain';
import { User } from '../model';
import { createTestDatabase, type TestDatabase } from '../testing';
import { expectRefusal } from '../shared/test-kit';
import {
  acceptTerms,
  consentHistory,
  consentStates,
  optionalConsentWithdrawn,
  setOptionalConsent,
  termsAcceptance,
} from './consents.service';

const CURRENT = { termsVersion: TERMS_VERSION, privacyNoticeVersion: PRIVACY_NOTICE_VERSION };
const CONTEXT = { client: 'host/setup; Mozilla/5.0 (test)', ipHash: 'a1b2c3d4e5f60718', requestId: 'req-1' };
const AT = new Date('2026-11-27T12:00:00Z');

describe('consents service (issue 27)', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();
  const sql = <T>(query: string, params: unknown[] = []) => em().getConnection().execute<T[]>(query, params);

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  async function newUser(): Promise<number> {
    const setup = em();
    const user = setup.create(User, { email: `c${Math.random()}@example.com`, name: 'Pessoa' });
    await setup.flush();
    return user.id;
  }

  it('records the acceptance of the terms and the notice in force: version, when, client, hashed IP, audit', async () => {
    const userId = await newUser();
    expect((await termsAcceptance(em(), userId)).missing).toBe(true);

    const acceptance = await acceptTerms(em(), userId, CURRENT, CONTEXT, AT);

    expect(acceptance).toEqual({
      termsVersion: TERMS_VERSION,
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
      acceptedTermsVersion: TERMS_VERSION,
      acceptedPrivacyNoticeVersion: PRIVACY_NOTICE_VERSION,
      missing: false,
    });
    const rows = await sql<Record<string, unknown>>(
      "select kind, version, action, client, ip_hash, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS') as created_at from consents where user_id = ? order by kind",
      [userId],
    );
    expect(rows).toEqual([
      {
        kind: 'privacy_notice',
        version: PRIVACY_NOTICE_VERSION,
        action: 'accepted',
        client: CONTEXT.client,
        ip_hash: CONTEXT.ipHash,
        created_at: '2026-11-27T12:00:00',
      },
      {
        kind: 'terms',
        version: TERMS_VERSION,
        action: 'accepted',
        client: CONTEXT.client,
        ip_hash: CONTEXT.ipHash,
        created_at: '2026-11-27T12:00:00',
      },
    ]);
    const audit = await sql<{ action: string; actor_kind: string; details: Record<string, unknown> }>(
      "select action, actor_kind, details from audit_events where actor_id = ? and target_type = 'consent' order by id",
      [userId],
    );
    expect(audit.map((row) => [row.actor_kind, row.action, row.details.kind])).toEqual([
      ['user', 'consent.accepted', 'terms'],
      ['user', 'consent.accepted', 'privacy_notice'],
    ]);
  });

  it('refuses versions that are not in force and records nothing', async () => {
    const userId = await newUser();
    await expectRefusal(
      acceptTerms(em(), userId, { ...CURRENT, termsVersion: '2020-01-01' }, CONTEXT),
      400,
      PRIVACY_MESSAGES.outdatedVersion,
    );
    await expectRefusal(
      acceptTerms(em(), userId, { ...CURRENT, privacyNoticeVersion: '2020-01-01' }, CONTEXT),
      400,
      PRIVACY_MESSAGES.outdatedVersion,
    );
    expect(await sql('select id from consents where user_id = ?', [userId])).toEqual([]);
  });

  it('asks again when the version in force is newer than the one accepted (a new version of the terms)', async () => {
    const userId = await newUser();
    // Accepted last year's texts: the texts in force are newer, so acceptance is missing again.
    await sql(
      "insert into consents (user_id, kind, version, action, created_at) values (?, 'terms', '2025-01-01', 'accepted', now()), (?, 'privacy_notice', ?, 'accepted', now())",
      [userId, userId, PRIVACY_NOTICE_VERSION],
    );
    const before = await termsAcceptance(em(), userId);
    expect(before).toMatchObject({ acceptedTermsVersion: '2025-01-01', missing: true });

    await acceptTerms(em(), userId, CURRENT, CONTEXT);
    expect((await termsAcceptance(em(), userId)).missing).toBe(false);
    // The old acceptance stays in the history.
    expect((await consentHistory(em(), userId, 100)).map((row) => row.version)).toContain('2025-01-01');
  });

  it('grants and withdraws each optional use on its own, recording when; the same state twice records once', async () => {
    const userId = await newUser();
    const t1 = new Date('2026-11-27T12:00:00Z');
    const t2 = new Date('2026-11-27T13:00:00Z');

    // Withdrawing what was never granted records nothing.
    await setOptionalConsent(em(), userId, 'freelancer', 'marketing_notifications', false, CONTEXT, t1);
    expect(await consentStates(em(), userId)).toEqual([]);

    await setOptionalConsent(em(), userId, 'freelancer', 'location_check_in', true, CONTEXT, t1);
    await setOptionalConsent(em(), userId, 'freelancer', 'location_check_in', true, CONTEXT, t2);
    await setOptionalConsent(em(), userId, 'freelancer', 'marketing_notifications', true, CONTEXT, t1);
    const states = await setOptionalConsent(
      em(),
      userId,
      'freelancer',
      'marketing_notifications',
      false,
      CONTEXT,
      t2,
    );

    expect(states).toEqual([
      { kind: 'location_check_in', action: 'accepted', version: PRIVACY_NOTICE_VERSION, at: t1 },
      { kind: 'marketing_notifications', action: 'withdrawn', version: PRIVACY_NOTICE_VERSION, at: t2 },
    ]);
    expect(await sql('select id from consents where user_id = ?', [userId])).toHaveLength(3);
    // Never asked is not withdrawn; the newest record decides.
    expect(await optionalConsentWithdrawn(em(), userId, 'marketing_notifications')).toBe(true);
    expect(await optionalConsentWithdrawn(em(), userId, 'location_check_in')).toBe(false);
    expect(await optionalConsentWithdrawn(em(), await newUser(), 'location_check_in')).toBe(false);
    const audit = await sql<{ action: string }>(
      "select action from audit_events where actor_id = ? and target_type = 'consent' order by id",
      [userId],
    );
    expect(audit.map((row) => row.action)).toEqual([
      'consent.accepted',
      'consent.accepted',
      'consent.withdrawn',
    ]);
  });

  it('refuses a use that does not apply to the profile, a required document, and anything before setup', async () => {
    const userId = await newUser();
    await expectRefusal(
      setOptionalConsent(em(), userId, 'restaurant', 'location_check_in', true, CONTEXT),
      400,
      PRIVACY_MESSAGES.notApplicable,
    );
    await expectRefusal(
      setOptionalConsent(em(), userId, null, 'marketing_notifications', true, CONTEXT),
      400,
      PRIVACY_MESSAGES.notApplicable,
    );
    await expectRefusal(
      setOptionalConsent(em(), userId, 'freelancer', 'terms', false, CONTEXT),
      400,
      PRIVACY_MESSAGES.notOptional,
    );
    expect(await sql('select id from consents where user_id = ?', [userId])).toEqual([]);
  });
});
