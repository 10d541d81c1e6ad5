import { randomBytes, scryptSync } from 'node:crypto';
import { hashPassword, needsRehash, verifyPassword } from './password';

// Each scrypt hash or check at the OWASP cost (N=2^17) takes about 2 s on the 2-core CI machine.
jest.setTimeout(60_000);

describe('admin passwords', () => {
  it('verify the password they were made from and nothing else', async () => {
    const hash = await hashPassword('s3nha forte!');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain('s3nha');
    await expect(verifyPassword('s3nha forte!', hash)).resolves.toBe(true);
    await expect(verifyPassword('s3nha forte', hash)).resolves.toBe(false);
  });

  it('salt every hash', async () => {
    expect(await hashPassword('mesma')).not.toEqual(await hashPassword('mesma'));
  });

  it('never match a malformed hash', async () => {
    await expect(verifyPassword('x', '')).resolves.toBe(false);
    await expect(verifyPassword('x', 'scrypt$1$1$1$AAAA$AAAA')).resolves.toBe(false);
    await expect(verifyPassword('x', 'bcrypt$whatever')).resolves.toBe(false);
  });

  it('still verify a hash of the older, lower cost, and ask for it to be made again', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('antiga', salt, 64, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const old = ['scrypt', 2 ** 15, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    await expect(verifyPassword('antiga', old)).resolves.toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword('antiga'))).toBe(false);
  });

  it('refuse to hash an empty password', async () => {
    await expect(hashPassword('')).rejects.toThrow();
  });
});
