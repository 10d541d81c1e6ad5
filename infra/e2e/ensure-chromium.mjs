// The browser tests use Debian's Chromium (Playwright cannot download browsers here): the
// `chromium` package, and beside it `chromium-headless-shell` (the same Blink without the desktop
// browser around it), which the suite drives when it is there: a quarter less CPU for the same
// tests on the 2-core CI machine. Installs what is missing through apt-get; a machine whose
// sources lack the headless shell runs the suite on `chromium`. Plain JavaScript so it runs
// before anything else. CHROMIUM_PATH names another browser and skips all of this.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const FULL = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
const apt = (packages) =>
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`,
    { stdio: 'inherit' },
  );

// playwright.config.ts picks the browser the same way: CHROMIUM_PATH, the headless shell, Chromium.
if (!process.env.CHROMIUM_PATH) {
  if (!existsSync(FULL)) {
    console.log(
      '[turno] Chromium is missing: installing it with apt-get (Debian packages "chromium", "chromium-headless-shell")…',
    );
    try {
      apt('chromium chromium-headless-shell');
    } catch {
      apt('chromium');
    }
  } else if (!existsSync(HEADLESS_SHELL)) {
    console.log('[turno] installing Debian\'s "chromium-headless-shell" for the browser tests…');
    try {
      apt('chromium-headless-shell');
    } catch {
      console.log('[turno] no chromium-headless-shell here: the browser tests use /usr/bin/chromium.');
    }
  }
}
