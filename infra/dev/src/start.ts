/* eslint-disable no-console -- this is the command-line entry of `npm start`: printing is its job */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { initOrm, migrateDatabase, seedDemoDataOnce } from '@turno/core';
import { REPO_ROOT, portalConfig } from './config';
import { adminCredentials, syncDevAdminPassword, type AdminCredentials } from './dev-admin';
import { checkServices } from './preflight';
import { portalProcesses } from './portal-processes';
import { startProcess, stopAll, waitUntilReady, type ProcessSpec, type RunningProcess } from './processes';

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
function writeStateFile(path: string, publicUrl: string, running: RunningProcess[]): void {
  mkdirSync(dirname(path), { recursive: true });
  const processes = running.map((p) => ({ ...p.spec, pid: p.child.pid }));
  writeFileSync(path, JSON.stringify({ publicUrl, processes }, null, 2));
}

/** The first admin: ADMIN_EMAIL / ADMIN_PASSWORD, or the development admin of .turno/dev-admin.json. */
async function prepareAdmin(databaseUrl: string): Promise<AdminCredentials> {
  const admin = adminCredentials(process.env, join(REPO_ROOT, '.turno', 'dev-admin.json'));
  await seedDemoDataOnce({
    url: databaseUrl,
    env: { ...process.env, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
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
  // The demo identities are seeded under the provider's issuer (demoIssuer() reads OIDC_ISSUER).
  process.env.OIDC_ISSUER = config.oidc.issuer;
  const problems = await checkServices(config.databaseUrl, config.redisUrl);
  if (problems.length > 0) {
    problems.forEach((line) => console.error(`[turno] ${line}`));
    process.exit(1);
  }

  say('Migrating the database and seeding demo data (once)…');
  await migrateDatabase({ url: config.databaseUrl });
  const admin = await prepareAdmin(config.databaseUrl);

  if (process.env.TURNO_SKIP_BUILD !== '1') buildFrontEnds();

  const running: RunningProcess[] = [];
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('Stopping every process…');
    await stopAll(running);
    rmSync(config.stateFile, { force: true });
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  const launch = (spec: ProcessSpec) => {
    const proc = startProcess(spec, running.length, (line) => console.log(line));
    running.push(proc);
    void proc.exited.then((code) => {
      if (!stopping) say(`${spec.name} stopped (exit code ${code ?? 'signal'}); the rest keeps running.`);
    });
    return proc;
  };

  // The gateway opens last: when the portal's URL answers, everything behind it is ready.
  const specs = portalProcesses(config);
  const gateway = specs.filter((spec) => spec.name === 'gateway');
  const backends = specs.filter((spec) => spec.name !== 'gateway');
  try {
    await Promise.all(backends.map(launch).map((proc) => waitUntilReady(proc)));
    const gatewayProcesses = gateway.map(launch);
    writeStateFile(config.stateFile, config.publicUrl, running);
    await Promise.all(gatewayProcesses.map((proc) => waitUntilReady(proc)));
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
}

main().catch((error: unknown) => {
  console.error(`[turno] start failed: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
