import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPOSE_FILE, checkServices, ensureServices } from './preflight';

/** A port nobody listens on (the OS picks a free one, which is then closed). */
function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A fake `docker` on PATH: records its arguments; `docker info` exits with FAKE_DOCKER_INFO_EXIT;
 * `docker compose` refuses to run without ADMIN_MFA_KEY, as infra/compose.yaml makes it; `… up` opens the published ports (POSTGRES_PORT / REDIS_PORT) for 20 s, as the
 * containers would, and records that listener's pid so the test can stop it.
 */
function fakeDocker(dir: string): string {
  const script = join(dir, 'docker');
  writeFileSync(
    script,
    `#!/bin/sh
echo "$*" >> "$FAKE_DOCKER_LOG"
case "$1" in
  info) exit "\${FAKE_DOCKER_INFO_EXIT:-0}" ;;
  compose)
    # As compose does: infra/compose.yaml requires ADMIN_MFA_KEY (\${ADMIN_MFA_KEY:?…}) whatever is started.
    [ -n "$ADMIN_MFA_KEY" ] || { echo 'required variable ADMIN_MFA_KEY is missing a value' >&2; exit 15; }
    "$FAKE_NODE" -e "const net = require('net'); for (const p of process.argv.slice(1)) if (p) net.createServer((s) => s.end()).listen(Number(p), '127.0.0.1'); setTimeout(() => process.exit(0), 20000);" "$POSTGRES_PORT" "$REDIS_PORT" </dev/null >/dev/null 2>&1 &
    echo "pid $!" >> "$FAKE_DOCKER_LOG"
    exit 0 ;;
esac
exit 1
`,
  );
  chmodSync(script, 0o755);
  return script;
}

describe('preflight', () => {
  let dir: string;
  let log: string;
  const said: string[] = [];
  const say = (line: string) => said.push(line);
  const env = (infoExit: number) => ({
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'ADMIN_MFA_KEY')),
    PATH: `${dir}:${process.env.PATH ?? ''}`,
    FAKE_DOCKER_LOG: log,
    FAKE_DOCKER_INFO_EXIT: String(infoExit),
    FAKE_NODE: process.execPath,
  });
  const logLines = () => readFileSync(log, 'utf8').trim().split('\n');

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'turno-preflight-'));
    log = join(dir, 'docker.log');
    writeFileSync(log, '');
    fakeDocker(dir);
    said.length = 0;
  });
  afterEach(() => {
    for (const line of logLines()) {
      const pid = /^pid (\d+)$/.exec(line)?.[1];
      if (pid) {
        try {
          process.kill(Number(pid));
        } catch {
          // already gone
        }
      }
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the local PostgreSQL and Redis', async () => {
    expect(
      await checkServices(
        process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/turno',
        process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      ),
    ).toEqual([]);
  });

  it('says in one line per missing server how to install and start it on Debian/Ubuntu and macOS', async () => {
    const problems = await checkServices('postgresql://postgres@127.0.0.1:1/turno', 'redis://127.0.0.1:2');
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^PostgreSQL is not reachable at 127\.0\.0\.1:1 — install and start it: /);
    expect(problems[0]).toContain('Debian/Ubuntu `sudo apt-get install -y postgresql && ');
    expect(problems[0]).toContain(
      'macOS (Homebrew) `brew install postgresql@16 && brew services start postgresql@16',
    );
    expect(problems[1]).toMatch(/^Redis is not reachable at 127\.0\.0\.1:2 — install and start it: /);
    expect(problems[1]).toContain('Debian/Ubuntu `sudo apt-get install -y redis-server && redis-server');
    expect(problems[1]).toContain('macOS (Homebrew) `brew install redis && brew services start redis`');
    for (const line of problems) expect(line).not.toContain('\n');
  });

  it('starts the missing servers with docker compose when a Docker engine runs, and waits until they answer', async () => {
    const [pgPort, redisPort] = [await unusedPort(), await unusedPort()];
    const problems = await ensureServices(
      `postgresql://postgres@127.0.0.1:${pgPort}/turno`,
      `redis://127.0.0.1:${redisPort}`,
      { say, env: env(0), waitMs: 15_000 },
    );
    expect(problems).toEqual([]);
    const calls = logLines().filter((line) => !line.startsWith('pid '));
    expect(calls).toEqual(['info', `compose -f ${COMPOSE_FILE} up -d --wait postgres redis`]);
    expect(said).toEqual([
      'PostgreSQL and Redis not running: starting them with Docker (infra/compose.yaml)…',
    ]);
    // Both answer now: a second start finds them and never calls docker.
    writeFileSync(log, '');
    expect(
      await ensureServices(
        `postgresql://postgres@127.0.0.1:${pgPort}/turno`,
        `redis://127.0.0.1:${redisPort}`,
        {
          say,
          env: env(0),
        },
      ),
    ).toEqual([]);
    expect(readFileSync(log, 'utf8')).toBe('');
  });

  it('starts only the server that is missing', async () => {
    const redisPort = await unusedPort();
    const problems = await ensureServices(
      process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/turno',
      `redis://127.0.0.1:${redisPort}`,
      { say, env: env(0), waitMs: 15_000 },
    );
    expect(problems).toEqual([]);
    expect(logLines()).toContain(`compose -f ${COMPOSE_FILE} up -d --wait redis`);
  });

  it('prints the install commands and starts nothing when no Docker engine runs', async () => {
    const [pgPort, redisPort] = [await unusedPort(), await unusedPort()];
    const problems = await ensureServices(
      `postgresql://postgres@127.0.0.1:${pgPort}/turno`,
      `redis://127.0.0.1:${redisPort}`,
      { say, env: env(1) },
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      new RegExp(`^PostgreSQL is not reachable at 127\\.0\\.0\\.1:${pgPort} — install`),
    );
    expect(problems[1]).toMatch(
      new RegExp(`^Redis is not reachable at 127\\.0\\.0\\.1:${redisPort} — install`),
    );
    expect(logLines()).toEqual(['info']);
    expect(said).toEqual([]);
  });

  it('never starts a container for a server on another host', async () => {
    const problems = await ensureServices(
      'postgresql://postgres@192.0.2.1:1/turno',
      process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      { say, env: env(0) },
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PostgreSQL is not reachable at 192\.0\.2\.1:1 — install/);
    expect(readFileSync(log, 'utf8')).toBe('');
  });
});
