import { randomBytes } from 'node:crypto';
import { TOTP, Secret } from 'otpauth';
import { Admin, AdminRecoveryCode, Identity, User } from '../model';
import { AdminMfaKeys } from '../accounts/admin-mfa-keys';
import { hashPassword } from '../accounts/password';
import {
  createTestDatabase,
  insertFreelancer,
  insertRestaurant,
  useTestPasswordCost,
  type TestDatabase,
} from '../testing';
import {
  adminForLogin,
  adminPasswordMatches,
  recordAdminPasswordAccepted,
  setAdminPassword,
} from './admin-login.service';
import {
  acceptTotpStep,
  consumeRecoveryCode,
  enrolAdminTotp,
  newTotpSecret,
  recordAdminSignIn,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  totpStepOf,
  totpUri,
} from './admin-mfa.service';
import { audienceOf, latestEventId } from '../events/audience';
import { recordEvent } from '../events/record-event';
import {
  loadAdminActor,
  loadAdminActorWithVersion,
  loadUserCaller,
  loadUserCallerWithVersion,
} from './caller.queries';
import { userForIdentity } from './sign-in.service';
import { OWNER_MEMBERSHIP } from '../shared/actor';

describe('identity', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();
  const keys = new AdminMfaKeys('identity-test-key');
  let serial = 0;
  const subject = () => `subject-${++serial}-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    // Admin passwords are hashed and checked at TEST_PASSWORD_COST: these tests are not about scrypt.
    await useTestPasswordCost();
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  async function insertAdmin(fields: Partial<Admin> = {}): Promise<Admin> {
    const setup = em();
    const admin = setup.create(Admin, {
      email: `admin${++serial}@example.com`,
      name: 'Admin',
      passwordHash: await hashPassword('senha certa'),
      ...fields,
    });
    await setup.flush();
    return admin;
  }

  describe('userForIdentity', () => {
    const issuer = 'https://issuer.example.com';

    it('creates a user without profile at the first sign-in, keyed by issuer + subject', async () => {
      const sub = subject();
      const userId = await userForIdentity(em(), {
        issuer,
        subject: sub,
        email: 'a@example.com',
        name: 'Ana',
      });
      const user = await em().findOneOrFail(User, { id: userId });
      expect(user).toMatchObject({ email: 'a@example.com', name: 'Ana', userType: null });
      expect(await em().count(Identity, { issuer, subject: sub, user: userId })).toBe(1);
    });

    it('finds the same user again and follows the provider’s e-mail and name (null keeps them)', async () => {
      const sub = subject();
      const first = await userForIdentity(em(), {
        issuer,
        subject: sub,
        email: 'old@example.com',
        name: 'Old',
      });
      const again = await userForIdentity(em(), {
        issuer,
        subject: sub,
        email: 'new@example.com',
        name: null,
      });
      expect(again).toBe(first);
      expect(await em().findOneOrFail(User, { id: first })).toMatchObject({
        email: 'new@example.com',
        name: 'Old',
      });
    });

    it('never links by e-mail: the same subject at another issuer, or the same e-mail, is another user', async () => {
      const sub = subject();
      const one = await userForIdentity(em(), {
        issuer,
        subject: sub,
        email: 'same@example.com',
        name: null,
      });
      const other = await userForIdentity(em(), {
        issuer: 'https://other.example.com',
        subject: sub,
        email: 'same@example.com',
        name: null,
      });
      expect(other).not.toBe(one);
    });

    it('two first sign-ins at once make one user', async () => {
      const sub = subject();
      const identity = { issuer, subject: sub, email: null, name: null };
      const [a, b] = await Promise.all([userForIdentity(em(), identity), userForIdentity(em(), identity)]);
      expect(a).toBe(b);
      expect(await em().count(Identity, { issuer, subject: sub })).toBe(1);
    });
  });

  describe('loadUserCaller / loadAdminActor', () => {
    it('reads the profile and whether it is deactivated, at every call', async () => {
      const setup = em();
      const restaurant = await insertRestaurant(setup);
      const userId = restaurant.user.id;
      expect(await loadUserCaller(em(), userId)).toEqual({
        role: 'user',
        userId,
        profile: { role: 'restaurant', restaurantId: restaurant.id, userId, member: OWNER_MEMBERSHIP },
        deactivated: false,
      });
      await em().nativeUpdate('Restaurant', { id: restaurant.id }, { isActive: false });
      expect((await loadUserCaller(em(), userId))?.deactivated).toBe(true);
    });

    it('a freelancer neither approved nor available is deactivated; a user without profile has none', async () => {
      const freelancer = await insertFreelancer(em(), { isApproved: false, isAvailable: false });
      const userId = freelancer.user.id;
      expect(await loadUserCaller(em(), userId)).toEqual({
        role: 'user',
        userId,
        profile: { role: 'freelancer', freelancerId: freelancer.id, userId },
        deactivated: true,
      });
      const setup = em();
      const bare = setup.create(User, { email: null, name: null, userType: null });
      await setup.flush();
      expect(await loadUserCaller(em(), bare.id)).toEqual({
        role: 'user',
        userId: bare.id,
        profile: null,
        deactivated: false,
      });
    });

    it('a deleted user, or a disabled or deleted admin, is no caller', async () => {
      const setup = em();
      const user = setup.create(User, { email: null, name: null, userType: null });
      await setup.flush();
      await em().nativeDelete(User, { id: user.id });
      expect(await loadUserCaller(em(), user.id)).toBeNull();

      const admin = await insertAdmin();
      expect(await loadAdminActor(em(), admin.id)).toEqual({ role: 'admin', adminId: admin.id });
      await em().nativeUpdate(Admin, { id: admin.id }, { disabledAt: new Date() });
      expect(await loadAdminActor(em(), admin.id)).toBeNull();
      expect(await loadAdminActor(em(), 999_999)).toBeNull();
    });
  });

  describe('the caller with their data version, in one statement', () => {
    it('reads what latestEventId reads for the caller’s audience, and follows new events', async () => {
      const restaurant = await insertRestaurant(em());
      const freelancer = await insertFreelancer(em());
      const other = await insertRestaurant(em());
      const admin = await insertAdmin();
      const expectSame = async () => {
        const asRestaurant = await loadUserCallerWithVersion(em(), restaurant.user.id);
        const asFreelancer = await loadUserCallerWithVersion(em(), freelancer.user.id);
        const asAdmin = await loadAdminActorWithVersion(em(), admin.id);
        expect(asRestaurant.caller).toEqual(await loadUserCaller(em(), restaurant.user.id));
        expect(asFreelancer.caller).toEqual(await loadUserCaller(em(), freelancer.user.id));
        expect(asAdmin.actor).toEqual({ role: 'admin', adminId: admin.id });
        expect(asRestaurant.dataVersion).toBe(
          await latestEventId(
            em(),
            audienceOf({
              role: 'restaurant',
              restaurantId: restaurant.id,
              userId: 0,
              member: OWNER_MEMBERSHIP,
            }),
          ),
        );
        expect(asFreelancer.dataVersion).toBe(
          await latestEventId(
            em(),
            audienceOf({ role: 'freelancer', freelancerId: freelancer.id, userId: 0 }),
          ),
        );
        expect(asAdmin.dataVersion).toBe(
          await latestEventId(em(), audienceOf({ role: 'admin', adminId: admin.id })),
        );
        return {
          restaurant: asRestaurant.dataVersion,
          freelancer: asFreelancer.dataVersion,
          admin: asAdmin.dataVersion,
        };
      };
      const before = await expectSame();
      await em().transactional((tx) =>
        recordEvent(tx, {
          type: 'block_changed',
          restaurantId: restaurant.id,
          freelancerId: freelancer.id,
          payload: {},
        }),
      );
      const after = await expectSame();
      expect(after.restaurant).toBeGreaterThan(before.restaurant);
      expect(after.freelancer).toBeGreaterThan(before.freelancer);
      expect(after.admin).toBeGreaterThan(before.admin);
      // Another restaurant's change is not this restaurant's.
      await em().transactional((tx) =>
        recordEvent(tx, { type: 'block_changed', restaurantId: other.id, payload: {} }),
      );
      expect((await expectSame()).restaurant).toBe(after.restaurant);

      const setup = em();
      const bare = setup.create(User, { email: null, name: null, userType: null });
      await setup.flush();
      expect(await loadUserCallerWithVersion(em(), bare.id)).toMatchObject({ dataVersion: 0 });
      expect(await loadUserCallerWithVersion(em(), 999_999)).toEqual({ caller: null, dataVersion: 0 });
      await em().nativeUpdate(Admin, { id: admin.id }, { disabledAt: new Date() });
      expect(await loadAdminActorWithVersion(em(), admin.id)).toEqual({ actor: null, dataVersion: 0 });
    });
  });

  describe('admin password', () => {
    it('finds the admin by e-mail in any case and checks the password (an unknown admin never matches)', async () => {
      const admin = await insertAdmin();
      const found = await adminForLogin(em(), `  ${admin.email.toUpperCase()} `);
      expect(found).toMatchObject({ id: admin.id, mfaEnabled: false, disabled: false, deviceSecret: null });
      expect(await adminPasswordMatches('senha certa', found!.passwordHash)).toBe(true);
      expect(await adminPasswordMatches('senha errada', found!.passwordHash)).toBe(false);
      expect(await adminForLogin(em(), 'nobody@example.com')).toBeNull();
      expect(await adminPasswordMatches('senha certa', undefined)).toBe(false);
    });

    it('records the last login only for a completed sign-in, and a re-hash when given', async () => {
      const admin = await insertAdmin();
      const now = new Date('2026-11-26T10:00:00Z');
      await recordAdminPasswordAccepted(em(), admin.id, { complete: false, now, rehashed: null });
      expect((await em().findOneOrFail(Admin, admin.id)).lastLoginAt ?? null).toBeNull();
      await recordAdminPasswordAccepted(em(), admin.id, { complete: true, now, rehashed: 'new-hash' });
      const after = await em().findOneOrFail(Admin, admin.id, { fields: ['lastLoginAt', 'passwordHash'] });
      expect(after.lastLoginAt).toEqual(now);
      expect(after.passwordHash).toBe('new-hash');
    });

    it('a new password rotates the device secret', async () => {
      const admin = await insertAdmin({ deviceSecret: 'a'.repeat(64) });
      await setAdminPassword(em(), admin.id, 'other-hash');
      const after = await em().findOneOrFail(Admin, admin.id, { fields: ['passwordHash', 'deviceSecret'] });
      expect(after.passwordHash).toBe('other-hash');
      expect(after.deviceSecret).toMatch(/^[0-9a-f]{64}$/);
      expect(after.deviceSecret).not.toBe('a'.repeat(64));
    });
  });

  describe('admin second factor', () => {
    it('accepts a valid code’s step once, never an earlier one', async () => {
      const secret = newTotpSecret();
      const now = Date.now();
      const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: now });
      const step = totpStepOf(secret, code, now);
      expect(step).not.toBeNull();
      expect(totpStepOf(secret, code === '000000' ? '111111' : '000000', now)).toBeNull();
      expect(totpUri(secret, 'Turno', 'a@example.com')).toContain('otpauth://totp/Turno:a%40example.com');

      const admin = await insertAdmin();
      expect(await enrolAdminTotp(em(), keys, admin.id, secret, step!)).toBe(true);
      // Enrolled already: a second enrolment does not replace the factor.
      expect(await enrolAdminTotp(em(), keys, admin.id, newTotpSecret(), step! + 5)).toBe(false);
      const stored = await adminForLogin(em(), admin.email);
      expect(stored?.mfaEnabled).toBe(true);
      expect(keys.open('totp-secret', stored?.mfaSecret)).toBe(secret);
      expect(stored?.deviceSecret).toMatch(/^[0-9a-f]{64}$/);

      expect(await acceptTotpStep(em(), admin.id, step!)).toBe(false);
      expect(await acceptTotpStep(em(), admin.id, step! - 1)).toBe(false);
      expect(await acceptTotpStep(em(), admin.id, step! + 1)).toBe(true);
      expect(await recordAdminSignIn(em(), admin.id)).toBe(stored?.deviceSecret);
    });

    it('recovery codes: 10, each accepted once, replaced all at once', async () => {
      const admin = await insertAdmin();
      const codes = await replaceRecoveryCodes(em(), keys, admin.id);
      expect(codes).toHaveLength(10);
      expect(await recoveryCodesLeft(em(), admin.id)).toBe(10);
      expect(await consumeRecoveryCode(em(), keys, admin.id, codes[0]!.toLowerCase())).toBe(true);
      expect(await consumeRecoveryCode(em(), keys, admin.id, codes[0]!)).toBe(false);
      expect(await recoveryCodesLeft(em(), admin.id)).toBe(9);
      await replaceRecoveryCodes(em(), keys, admin.id);
      expect(await consumeRecoveryCode(em(), keys, admin.id, codes[1]!)).toBe(false);
      expect(await em().count(AdminRecoveryCode, { admin: admin.id })).toBe(10);
    });
  });
});
