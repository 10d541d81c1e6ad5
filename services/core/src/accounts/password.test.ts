import { hashPassword, verifyPassword } from './password';

describe('admin passwords', () => {
  it('verify the password they were made from and nothing else', async () => {
    const hash = await hashPassword('s3nha forte!');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
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

  it('refuse to hash an empty password', async () => {
    await expect(hashPassword('')).rejects.toThrow();
  });
});
