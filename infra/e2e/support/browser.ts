import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium (`chromium`): the desktop browser, run headless. */
export const FULL_CHROMIUM = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The suite's browser: CHROMIUM_PATH, else Debian's chromium-headless-shell when installed
 * (ensure-chromium.mjs installs it: the same Blink without the desktop browser around it, a quarter
 * less CPU for the same tests), else Debian's Chromium.
 */
export const SUITE_BROWSER =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** How the suite launches its browser (playwright.config.ts). */
export const SUITE_LAUNCH: LaunchOptions = { executablePath: SUITE_BROWSER, args: ARGS };

/**
 * For a spec whose page shows system notifications or subscribes to push:
 * `test.use({ launchOptions: WITH_NOTIFICATIONS })`. The headless shell reads `Notification.permission`
 * as "denied" even when the context granted it (its requestPermission() says "granted"), so such a
 * spec runs in the full Chromium (unless CHROMIUM_PATH names a browser).
 */
export const WITH_NOTIFICATIONS: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? FULL_CHROMIUM,
  args: ARGS,
};
