/**
 * `npm run compose:emulate` — `docker compose -f infra/compose.yaml up` without a Docker engine, for
 * machines that have none (this project's CI machine among them). Every service that compose builds
 * is built here by running its Dockerfile's own steps (infra/docker/*.Dockerfile: each stage in a
 * folder of its own standing for its filesystem, COPY from the production build context that
 * /.dockerignore leaves, `RUN` through sh, `COPY --from` between stages), then started as compose
 * would start it: the image's ENV, compose's `environment` (defaults of `${VAR:-default}`), its CMD,
 * as user 1000 (the images' `node`) when this runs as root, in `depends_on` order, each waited for
 * by the image's own HEALTHCHECK command. Last, it reads the portal through the gateway on
 * http://localhost:8080 as a browser would (the page, /remotes.json, each remote's manifest, each
 * BFF's 401) and stops everything.
 *
 * What it cannot stand for: the base image (node:20.19-bookworm-slim; this machine's Node is used),
 * the read-only root filesystem (files are root's and only readable by user 1000, /tmp writable),
 * and compose's network: service names resolve to 127.0.0.1 here (postgres and redis are this
 * machine's servers, with a database and Redis prefixes of the run's own).
 *
 *   export ADMIN_MFA_KEY="$(openssl rand -base64 48)"   # required by infra/compose.yaml, as by compose
 *   export PRESENCE_CODE_KEY="$(openssl rand -base64 48)"   # the same
 *   npm run compose:emulate                 # every service, ~15 min (four rspack builds and eleven installs)
 *   npm run compose:emulate -- bff-freelancer workers
 *                                           # only these images, started without the gateway's smoke checks
 * COMPOSE_EMULATION_DIR (default $TMPDIR/turno-compose-emulation) keeps the built folders;
 * COMPOSE_EMULATION_REUSE=1 starts from the folders a previous run built; COMPOSE_EMULATION_KEEP=1 keeps
 * the portal running after the checks, to open it in a browser, until Ctrl-C.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { Redis } from 'ioredis';
import { parse } from 'yaml';
import { databaseUrl, dropDatabase, ensureDatabaseExists, withDatabaseName } from '@turno/core';
import { deleteKeys } from '@turno/bff-kit/testing';
import { REPO_ROOT } from './config';
import { parseDockerfile, productionContext, type Stage } from './dockerfiles';

interface ComposeService {
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
}

/** What an emulated image is: its root folder and what its runtime stage says. */
interface BuiltImage {
  service: string;
  root: string;
  workdir: string;
  env: Record<string, string>;
  user?: string;
  cmd: string[];
  healthcheck?: string[];
  buildSeconds: number;
}

const OUT = process.env.COMPOSE_EMULATION_DIR ?? join(tmpdir(), 'turno-compose-emulation');
const REUSE = process.env.COMPOSE_EMULATION_REUSE === '1';
const RUN_ID = randomBytes(4).toString('hex');
const DATABASE = `turno_compose_emulation_${RUN_ID}`;
const REDIS_PREFIX = `turno-compose-emulation-${RUN_ID}`;

const print = (line: string) => process.stdout.write(`${line}\n`);

/**
 * `${NAME:-default}` as compose reads it when NAME is unset (this machine's variables are not compose's,
 * so the defaults are what is emulated); `${NAME:?message}`, a variable compose requires, from this
 * machine's environment (ADMIN_MFA_KEY: `ADMIN_MFA_KEY="$(openssl rand -base64 48)" npm run
 * compose:emulate`), else compose's own refusal.
 */
export function withComposeDefaults(value: string, env: NodeJS.ProcessEnv = process.env): string {
  return value.replace(
    /\$\{(\w+)(?:(:-|:\?)([^}]*))?\}/g,
    (_, name: string, operator?: string, argument?: string) => {
      if (operator !== ':?') return argument ?? '';
      const given = env[name];
      if (!given) throw new Error(`required variable ${name} is missing a value: ${argument ?? ''}`);
      return given;
    },
  );
}

/** Compose's network on this machine: service names are 127.0.0.1; the run's own database and prefixes. */
function onThisMachine(env: Record<string, string>): Record<string, string> {
  const local: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    local[name] = value
      .replace(/@postgres:5432\/turno$/, `@127.0.0.1:5432/${DATABASE}`)
      .replace(/^redis:\/\/redis:6379/, 'redis://127.0.0.1:6379')
      .replace(/^http:\/\/(bff-[a-z-]+):(\d+)/, 'http://127.0.0.1:$2');
  }
  if ('QUEUE_PREFIX' in local) local.QUEUE_PREFIX = REDIS_PREFIX;
  if ('REDIS_URL' in local) local.SESSION_KEY_PREFIX = `${REDIS_PREFIX}:auth:`;
  return local;
}

/** `KEY=value KEY2="value 2"` of an ENV instruction. */
function envPairs(args: string): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const match of args.matchAll(/(\w+)=("([^"]*)"|\S*)/g)) pairs[match[1]!] = match[3] ?? match[2]!;
  return pairs;
}

const expand = (text: string, env: Record<string, string>) =>
  text.replace(/\$(\w+)|\$\{(\w+)\}/g, (_, a?: string, b?: string) => env[(a ?? b)!] ?? '');

/** Runs one Dockerfile's stages in folders under `out`; answers its runtime (last) stage. */
function buildImage(service: string, dockerfile: string, context: readonly string[]): BuiltImage {
  const started = Date.now();
  const stages = parseDockerfile(readFileSync(join(REPO_ROOT, dockerfile), 'utf8'));
  const out = join(OUT, service);
  const stageRoot = (stage: Stage) => join(out, stage.name);
  let image: BuiltImage | undefined;
  if (!REUSE) rmSync(out, { recursive: true, force: true });
  for (const stage of stages) {
    const root = stageRoot(stage);
    let workdir = '/';
    const env: Record<string, string> = {};
    let user: string | undefined;
    let cmd: string[] = [];
    let healthcheck: string[] | undefined;
    const inRoot = (path: string) => join(root, posix.isAbsolute(path) ? path : posix.join(workdir, path));
    for (const { keyword, args } of stage.instructions) {
      if (keyword === 'WORKDIR') {
        workdir = args;
        mkdirSync(inRoot('.'), { recursive: true, mode: 0o755 });
      } else if (keyword === 'ENV') Object.assign(env, envPairs(args));
      else if (keyword === 'USER') user = args;
      else if (keyword === 'CMD') cmd = JSON.parse(args) as string[];
      else if (keyword === 'HEALTHCHECK') {
        const json = /CMD (\[.*\])$/.exec(args)?.[1];
        healthcheck = json ? (JSON.parse(json) as string[]) : undefined;
      } else if (REUSE) continue;
      else if (keyword === 'COPY') copy(args, inRoot, (name) => join(out, name), context);
      else if (keyword === 'RUN') {
        print(`[${service}] ${stage.name}: RUN ${args}`);
        const result = spawnSync('sh', ['-c', args], {
          cwd: inRoot('.'),
          env: {
            ...process.env,
            ...env,
            npm_config_cache: join(OUT, '.npm-cache'),
            npm_config_update_notifier: 'false',
          },
          stdio: ['ignore', 'inherit', 'inherit'],
        });
        if (result.status !== 0) throw new Error(`${service}: RUN ${args} exited with ${result.status}`);
      }
    }
    image = {
      service,
      root,
      workdir: inRoot('.'),
      env,
      user,
      cmd,
      healthcheck,
      buildSeconds: (Date.now() - started) / 1000,
    };
  }
  if (!image) throw new Error(`${dockerfile} has no stage`);
  return image;
}

/** COPY [--from=stage] source… dest, with Docker's rules for folders (`dir/` copies what is in it). */
function copy(
  args: string,
  inRoot: (path: string) => string,
  stageDir: (name: string) => string,
  context: readonly string[],
): void {
  const from = /--from=(\S+)/.exec(args)?.[1];
  const parts = args
    .replace(/--\S+\s*/g, '')
    .trim()
    .split(/\s+/);
  const dest = parts.pop()!;
  for (const source of parts) {
    if (from) {
      // Symlinks as they are (npm's workspace links are relative), as Docker copies them.
      cpSync(join(stageDir(from), source), inRoot(dest), { recursive: true, verbatimSymlinks: true });
      continue;
    }
    const prefix = source === '.' ? '' : source.replace(/\/$/, '');
    const files = context.filter((file) => prefix === '' || file === prefix || file.startsWith(`${prefix}/`));
    if (files.length === 0) throw new Error(`COPY ${source}: not in the build context`);
    for (const file of files) {
      const rest = file === prefix ? posix.basename(file) : file.slice(prefix ? prefix.length + 1 : 0);
      const target = inRoot(
        dest.endsWith('/') || parts.length > 1 || file !== prefix ? posix.join(dest, rest) : dest,
      );
      mkdirSync(dirname(target), { recursive: true, mode: 0o755 });
      cpSync(join(REPO_ROOT, file), target);
    }
  }
}

/** Starts an image's CMD as compose would (its user, its ENV, then compose's environment). */
function startContainer(image: BuiltImage, environment: Record<string, string>): ChildProcess {
  const env = { PATH: process.env.PATH ?? '', HOME: '/tmp', ...image.env, ...environment };
  const [command, ...args] = image.cmd;
  const asImageUser =
    process.getuid?.() === 0 && image.user === 'node'
      ? ['setpriv', '--reuid=1000', '--regid=1000', '--clear-groups', '--']
      : [];
  const argv = [...asImageUser, command!, ...args];
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: image.workdir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        print(`  [${image.service}] ${line.slice(0, 300)}`);
    });
  }
  return child;
}

/** The image's HEALTHCHECK until it passes (or `timeoutMs`), with the container's environment. */
async function healthy(
  image: BuiltImage,
  env: Record<string, string>,
  child: ChildProcess,
  timeoutMs = 90_000,
): Promise<boolean> {
  if (!image.healthcheck) return true;
  const [command, ...args] = image.healthcheck.map((part) => expand(part, { ...image.env, ...env }));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    const result = spawnSync(command!, args, {
      cwd: image.workdir,
      env: { ...process.env, ...image.env, ...env },
    });
    if (result.status === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return false;
}

/** Services in `depends_on` order (each after what it depends on). */
function startOrder(services: Record<string, ComposeService>, names: string[]): string[] {
  const ordered: string[] = [];
  const visit = (name: string) => {
    if (ordered.includes(name) || !names.includes(name)) return;
    for (const dependency of Object.keys(services[name]?.depends_on ?? {})) visit(dependency);
    ordered.push(name);
  };
  names.forEach(visit);
  return ordered;
}

async function smokeChecks(): Promise<string[]> {
  const failures: string[] = [];
  const check = async (what: string, url: string, expect: (response: Response, body: string) => boolean) => {
    try {
      const response = await fetch(url);
      const body = await response.text();
      const ok = expect(response, body);
      print(`  ${ok ? 'ok  ' : 'FAIL'} ${what}: ${response.status} ${url}`);
      if (!ok) failures.push(`${what}: ${response.status} ${body.slice(0, 200)}`);
    } catch (error) {
      print(`  FAIL ${what}: ${String(error)}`);
      failures.push(`${what}: ${String(error)}`);
    }
  };
  const gateway = 'http://localhost:8080';
  await check(
    'the portal page',
    `${gateway}/`,
    (r, body) => r.status === 200 && body.includes('<div id="root">'),
  );
  let remotes: { remotes?: { name: string; entry: string }[] } = {};
  await check('the remotes configuration', `${gateway}/remotes.json`, (r, body) => {
    remotes = JSON.parse(body) as typeof remotes;
    return r.status === 200 && (remotes.remotes?.length ?? 0) === 4;
  });
  for (const remote of remotes.remotes ?? []) {
    await check(
      `the ${remote.name} remote's manifest`,
      remote.entry,
      (r, body) => r.status === 200 && body.includes('"remoteEntry"'),
    );
  }
  await check('the shell BFF (signed out)', `${gateway}/api/users/me`, (r) => r.status === 401);
  const signedOutPaths = {
    freelancer: '/api/jobs',
    restaurant: '/api/jobs',
    'admin-ops': '/api/admin/restaurants',
    'admin-billing': '/api/admin/invoices',
  };
  for (const [role, path] of Object.entries(signedOutPaths)) {
    await check(`the ${role} BFF (signed out)`, `${gateway}/bff/${role}${path}`, (r) => r.status === 401);
  }
  return failures;
}

async function main(): Promise<void> {
  const compose = parse(readFileSync(join(REPO_ROOT, 'infra', 'compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  const built = Object.entries(compose.services)
    .filter(([, service]) => service.build)
    .map(([name]) => name);
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !built.includes(name));
  if (unknown.length > 0) throw new Error(`not a built service of infra/compose.yaml: ${unknown.join(', ')}`);
  const names = startOrder(compose.services, asked.length > 0 ? [...new Set(['migrate', ...asked])] : built);
  mkdirSync(OUT, { recursive: true, mode: 0o755 });
  writeFileSync(
    join(OUT, 'README.txt'),
    'Folders of `npm run compose:emulate` (infra/dev/src/compose-emulation.ts).\n',
  );

  print(`Building ${names.length} images by their Dockerfiles' steps in ${OUT}`);
  const context = productionContext();
  const images = new Map<string, BuiltImage>();
  for (const name of names) {
    const image = buildImage(name, compose.services[name]!.build!.dockerfile.replace(/^\.\.\//, ''), context);
    images.set(name, image);
    print(`[${name}] built in ${image.buildSeconds.toFixed(0)} s`);
  }

  const url = withDatabaseName(databaseUrl(), DATABASE);
  await ensureDatabaseExists(url);
  const running: ChildProcess[] = [];
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const summary: string[] = [];
  let failures: string[] = [];
  try {
    for (const name of names) {
      const image = images.get(name)!;
      const env = onThisMachine(
        Object.fromEntries(
          Object.entries(compose.services[name]!.environment ?? {}).map(([key, value]) => [
            key,
            withComposeDefaults(String(value)),
          ]),
        ),
      );
      const started = Date.now();
      const child = startContainer(image, env);
      const who =
        process.getuid?.() === 0 && image.user === 'node' ? 'as uid 1000' : `as ${image.user ?? 'this user'}`;
      running.push(child);
      if (name === 'migrate') {
        const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
        summary.push(`${name}: built ${image.buildSeconds.toFixed(0)} s, ran ${who} to exit code ${code}`);
        if (code !== 0) throw new Error('the migrate job failed');
        continue;
      }
      const ok = await healthy(image, env, child);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      summary.push(
        `${name}: built ${image.buildSeconds.toFixed(0)} s, ran ${who}, ${ok ? `healthy after ${seconds} s` : 'NOT healthy'}`,
      );
      if (!ok) failures.push(`${name} not healthy`);
    }
    if (asked.length === 0 && failures.length === 0) {
      print('Through the gateway, as a browser:');
      failures = await smokeChecks();
    }
    if (process.env.COMPOSE_EMULATION_KEEP === '1') {
      print('Running: http://localhost:8080 (Ctrl-C stops everything)');
      // `on`, not `once`: a Ctrl-C reaches this process twice (from the terminal and relayed by tsx), and a
      // second SIGINT without a listener would end it before the clean-up below.
      await new Promise((resolve) => process.on('SIGINT', resolve));
    }
  } finally {
    for (const child of running) if (child.exitCode === null) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
    await deleteKeys(redis, `${REDIS_PREFIX}*`);
    await redis.quit();
    await dropDatabase(url);
  }
  print('');
  for (const line of summary) print(line);
  print(
    failures.length === 0
      ? 'compose emulation: every service healthy, the portal answers'
      : `FAILED: ${failures.join('; ')}`,
  );
  process.exitCode = failures.length === 0 ? 0 : 1;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    print(`compose emulation failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
