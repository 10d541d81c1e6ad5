import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEVELOPMENT_ADMIN_MFA_KEY, PUBLIC_ADMIN_MFA_KEYS } from '@turno/core';
import { shellSettingsFromEnv } from './settings';

const REPO_ROOT = join(__dirname, '..', '..', '..');
/** The placeholder the k8s Secret template ships with (what a hurried deploy would apply as is). */
const k8sPlaceholder = /^\s*ADMIN_MFA_KEY:\s*(\S+)\s*$/m.exec(
  readFileSync(join(REPO_ROOT, 'infra', 'k8s', 'base', 'secret.template.yaml'), 'utf8'),
)?.[1];

const production = (key: string) => ({
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://turno.example',
  OIDC_ISSUER: 'https://accounts.example',
  OIDC_CLIENT_SECRET: 'not-used-here',
  ADMIN_MFA_KEY: key,
});

describe('ADMIN_MFA_KEY at start', () => {
  it('refuses, in production, every public or placeholder key and any key under 32 characters', () => {
    expect(k8sPlaceholder).toBeDefined();
    const refused = [
      DEVELOPMENT_ADMIN_MFA_KEY,
      'turno-compose-local-only-admin-mfa-key-change-me',
      k8sPlaceholder!,
      ...PUBLIC_ADMIN_MFA_KEYS,
      `${randomBytes(24).toString('base64url')}-CHANGE-ME`,
    ];
    for (const key of refused)
      expect(() => shellSettingsFromEnv(production(key))).toThrow(/ADMIN_MFA_KEY is a public or placeholder/);
    expect(() => shellSettingsFromEnv(production('x'.repeat(31)))).toThrow(/at least 32 characters/);
    expect(() => shellSettingsFromEnv(production(''))).toThrow(/ADMIN_MFA_KEY is required in production/);
    // A key of its own starts; outside production the development key is the default.
    const own = randomBytes(48).toString('base64');
    expect(shellSettingsFromEnv(production(own)).adminMfa.masterKey).toBe(own);
    expect(shellSettingsFromEnv({ OIDC_CLIENT_SECRET: 'x' }).adminMfa.masterKey).toBe(
      DEVELOPMENT_ADMIN_MFA_KEY,
    );
  });

  it('stops the shell BFF process with one clear line', () => {
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'bffs/shell/src/main.ts'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, ...production(DEVELOPMENT_ADMIN_MFA_KEY), PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr.trim()).toBe(
      'bff-shell: ADMIN_MFA_KEY is a public or placeholder value from the repository, refused in production: set 32+ random characters, e.g. `openssl rand -base64 48`',
    );
  });
});
