/* eslint-disable no-console -- this is the command-line entry of `npm start`: printing is its job */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { initOrm, migrateDatabase, seedDemoDataOnce } from '@turno/core';
import { REPO_ROOT, portalConfig } from './config';
import { devVapidKeys } from './dev-vapid';
import { adminCredentials, otpauthUrl, syncDevAdminPassword, type AdminCredentials } from './dev-admin';
import { ensureServices } from './preflight';
import { portalProcesses } from './portal-processes';
import { superviseProcess, waitUntilReady, type ProcessSpec, type SupervisedProcess } from './processes';

const FRONT_END_PROJECTS = [
  '@turno/host',
  '@turno/remote-freelancer',
  '@turno/remote-restaurant',
  '@turno/remote-admin-ops',
  '@turno/remote-admin-billing',
];

function say(message: string): void {
  console.log(`[turno] ${message}`);
}

/** Builds the host and the remotes through Nx (cached: an unchanged app is not rebuilt). */
function buildFrontEnds(): void {
  say('Building the host shell and the four remotes (Nx cache makes unchanged apps instant)…');
  const result = spawnSync(
    process.execPath,
    [
      require.resolve('nx/bin/nx'),
      'run-many',
      '-t',
      'build',
      '-p',
      ...FRONT_END_PROJECTS,
      '--outputStyle=stream',
    ],
    { cwd: REPO_ROOT, stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false' } },
  );
  if (result.status !== 0) throw new Error('the front-end build failed (see above)');
}

/** Where each process runs (pids), for tools and tests that stop or restart one of them. */
function writeStateFile(path: string, publicUrl: string, running: SupervisedProcess[]): void {
  mkdirSync(dirname(path), { recursive: true });
  const processes = running.map((p) => ({ ...p.spec, pid: p.current.child.pid }));
  writeFileSync(path, JSON.stringify({ publicUrl, processes }, null, 2));
}

/** The first admin: ADMIN_EMAIL / ADMIN_PASSWORD, or the development admin of .turno/dev-admin.json. */
async function prepareAdmin(databaseUrl: string): Promise<AdminCredentials> {
  const admin = adminCredentials(process.env, join(REPO_ROOT, '.turno', 'dev-admin.json'));
  await seedDemoDataOnce({
    url: databaseUrl,
    env: {
      ...process.env,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ...(admin.totpSecret ? { ADMIN_TOTP_SECRET: admin.totpSecret } : {}),
    },
  });
  if (admin.source !== 'env') {
    const orm = await initOrm({ url: databaseUrl, poolMax: 1 });
    try {
      await syncDevAdminPassword(orm.em.fork(), admin);
    } finally {
      await orm.close(true);
    }
  }
  return admin;
}

async function main(): Promise<void> {
  const config = portalConfig();
  // The shell BFF and the development provider share one client secret: random per start unless set.
  if (!config.oidc.clientSecret) config.oidc.clientSecret = randomBytes(32).toString('base64url');
  if (!config.psp.webhookSecret) config.psp.webhookSecret = randomBytes(32).toString('base64url');
  // Web push's VAPID keys: made once for development and kept in .turno/vapid-keys.json (dev-vapid.ts).
  config.notify.vapid = devVapidKeys(join(config.notify.folder, 'vapid-keys.json'));
  // The demo identities are seeded under the provider's issuer (demoIssuer() reads OIDC_ISSUER).
  process.env.OIDC_ISSUER = config.oidc.issuer;
  // A missing PostgreSQL or Redis is started with Docker when an engine runs; otherwise one line each says how to install it.
  const problems = await ensureServices(config.databaseUrl, config.redisUrl, { say });
  if (problems.length > 0) {
    problems.forEach((line) => console.error(`[turno] ${line}`));
    process.exit(1);
  }

  say('Migrating the database and seeding demo data (once)…');
  await migrateDatabase({ url: config.databaseUrl });
  const admin = await prepareAdmin(config.databaseUrl);

  if (process.env.TURNO_SKIP_BUILD !== '1') buildFrontEnds();

  const running: SupervisedProcess[] = [];
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('Stopping every process…');
    await Promise.all(running.map((proc) => proc.stop()));
    rmSync(config.stateFile, { force: true });
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  // A process that dies (crash, SIGKILL) is started again with a back-off (processes.ts); one
  // stopped on purpose (exit code 0 after SIGTERM) stays stopped.
  const launch = (spec: ProcessSpec) => {
    const proc = superviseProcess(spec, running.length, (line) => console.log(line), {
      onStopped: ({ name }) => {
        if (!stopping) say(`${name} stopped (exit code 0); the rest keeps running.`);
      },
      onRestart: ({ name, code, signal, delayMs }) => {
        if (stopping) return;
        say(`${name} stopped (${signal ?? `exit code ${code}`}); starting it again in ${delayMs / 1000} s.`);
        setTimeout(() => {
          if (!stopping) writeStateFile(config.stateFile, config.publicUrl, running);
        }, delayMs + 100).unref();
      },
    });
    running.push(proc);
    return proc;
  };

  // The gateway opens last: when the portal's URL answers, everything behind it is ready.
  const specs = portalProcesses(config);
  // How long each process may take to answer its ready URL (TURNO_READY_TIMEOUT_MS, default 60 s):
  // the e2e portal allows more, as a dozen processes starting at once on a loaded machine are slow, not hung.
  const readyTimeoutMs = Number(process.env.TURNO_READY_TIMEOUT_MS) || 60_000;
  const gateway = specs.filter((spec) => spec.name === 'gateway');
  const backends = specs.filter((spec) => spec.name !== 'gateway');
  try {
    await Promise.all(backends.map(launch).map((proc) => waitUntilReady(proc.current, readyTimeoutMs)));
    const gatewayProcesses = gateway.map(launch);
    writeStateFile(config.stateFile, config.publicUrl, running);
    await Promise.all(gatewayProcesses.map((proc) => waitUntilReady(proc.current, readyTimeoutMs)));
  } catch (error) {
    console.error(`[turno] ${(error as Error).message}`);
    await shutdown(1);
    return;
  }

  say(`Turno is running: open ${config.publicUrl}  (Ctrl-C stops everything)`);
  if (config.devIdp.enabled) {
    say(`Sign-in: the local OpenID provider at ${config.oidc.issuer} (demo accounts, no password)`);
  }
  say(
    admin.source === 'env'
      ? `Admin: ${admin.email} (password from ADMIN_PASSWORD) at ${config.publicUrl}/admin`
      : `Admin: ${admin.email} / ${admin.password}  at ${config.publicUrl}/admin  (kept in .turno/dev-admin.json)`,
  );
  if (config.notify.fake) {
    say(
      `E-mails: the local SMTP server on 127.0.0.1:${config.notify.smtpPort} keeps them; read them at http://127.0.0.1:${config.notify.mailPagePort}  (also ${join(config.notify.folder, `mail-${config.notify.smtpPort}`)})`,
    );
  }
  if (admin.totpSecret) {
    say(`Admin second factor (TOTP, development only): key ${admin.totpSecret}`);
    say(`  add it to an authenticator app, or open: ${otpauthUrl(admin.email, admin.totpSecret)}`);
  }
}

main().catch((error: unknown) => {
  console.error(`[turno] start failed: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
