import { DEVELOPMENT_PRESENCE_CODE_KEY, PresenceKeys, presenceCodeKeyFromEnv } from './presence-keys';
import { matchPresenceCode, newPresenceSecret, presenceCodeAt } from './presence-code';

describe('PRESENCE_CODE_KEY', () => {
  it('has a public development default, refused in production with every public or placeholder value', () => {
    expect(presenceCodeKeyFromEnv({})).toBe(DEVELOPMENT_PRESENCE_CODE_KEY);
    expect(() => presenceCodeKeyFromEnv({ NODE_ENV: 'production' })).toThrow(/required in production/);
    expect(() =>
      presenceCodeKeyFromEnv({ NODE_ENV: 'production', PRESENCE_CODE_KEY: DEVELOPMENT_PRESENCE_CODE_KEY }),
    ).toThrow(/public or placeholder/);
    expect(() =>
      presenceCodeKeyFromEnv({
        NODE_ENV: 'production',
        PRESENCE_CODE_KEY: 'CHANGE-ME-AT-LEAST-32-RANDOM-CHARACTERS',
      }),
    ).toThrow(/public or placeholder/);
    expect(() => presenceCodeKeyFromEnv({ PRESENCE_CODE_KEY: 'short' })).toThrow(/at least 32/);
    const own = 'x'.repeat(20) + 'an-own-random-key-42';
    expect(presenceCodeKeyFromEnv({ NODE_ENV: 'production', PRESENCE_CODE_KEY: own })).toBe(own);
  });
});

describe('sealed presence secrets', () => {
  it('open for their own store under their own key only', () => {
    const keys = new PresenceKeys('a-test-presence-key-of-at-least-thirty-two-characters');
    const secret = newPresenceSecret();
    const sealed = keys.seal(7, secret);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(secret);
    expect(keys.open(7, sealed)).toBe(secret);
    expect(keys.open(8, sealed)).toBeNull();
    expect(new PresenceKeys('another-presence-key-of-at-least-thirty-two-chars').open(7, sealed)).toBeNull();
    expect(keys.open(7, `${sealed.slice(0, -2)}AA`)).toBeNull();
    expect(keys.open(7, null)).toBeNull();
  });
});

describe('presence code (TOTP, 30 s)', () => {
  it('takes the code of its step and of the step before, not two before nor the next one', () => {
    const secret = newPresenceSecret();
    const now = new Date(Date.UTC(2026, 10, 26, 12, 0, 10));
    const at = (seconds: number) => presenceCodeAt(secret, new Date(now.getTime() + seconds * 1000));
    expect(matchPresenceCode(secret, at(0).code, now)).toBe(at(0).step);
    expect(matchPresenceCode(secret, at(-30).code, now)).toBe(at(0).step - 1);
    const twoBefore = at(-60).code;
    if (twoBefore !== at(0).code && twoBefore !== at(-30).code)
      expect(matchPresenceCode(secret, twoBefore, now)).toBeNull();
    const next = at(30).code;
    if (next !== at(0).code && next !== at(-30).code) expect(matchPresenceCode(secret, next, now)).toBeNull();
  });
});
