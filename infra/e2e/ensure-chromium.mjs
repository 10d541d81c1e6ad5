// The browser tests use Debian's Chromium (Playwright cannot download browsers here).
// Installs it through apt-get when it is missing; plain JavaScript so it runs before anything else.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  console.log('[turno] Chromium is missing: installing it with apt-get (Debian package "chromium")…');
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`,
    {
      stdio: 'inherit',
    },
  );
}
