// Installs dependencies when node_modules is missing or older than package-lock.json,
// so `npm start` and `npm test` work from a fresh clone with no other step.
// Plain JavaScript on purpose: it runs before anything is installed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const lockFile = join(root, 'package-lock.json');
const stamp = join(root, 'node_modules', '.turno-install-stamp');

execSync('node infra/dev/complete-lockfile.mjs', { cwd: root, stdio: 'inherit' });
const lockHash = createHash('sha256').update(readFileSync(lockFile)).digest('hex');
const installed = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';

if (installed !== lockHash) {
  console.log(
    existsSync(join(root, 'node_modules'))
      ? '[turno] package-lock.json changed: reinstalling dependencies (npm ci)…'
      : '[turno] Installing dependencies (npm ci)…',
  );
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, lockHash + '\n');
}
