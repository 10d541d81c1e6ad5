import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const root = join(__dirname, '..');

/** Runs test/run-fixture.ts; resolves with its log lines once `until` is seen or it exits. */
function runFixture(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'test', 'run-fixture.ts')], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', DATABASE_URL: 'postgresql://127.0.0.1:1/fixture', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Record<string, unknown>[] = [];
  const waiters: { msg: string; resolve: () => void }[] = [];
  createInterface({ input: child.stdout }).on('line', (text) => {
    const line = JSON.parse(text) as Record<string, unknown>;
    lines.push(line);
    for (const waiter of waiters.filter((w) => w.msg === line.msg)) waiter.resolve();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const logged = (msg: string) =>
    lines.some((line) => line.msg === msg)
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push({ msg, resolve }));
  return { child, lines, exited, logged, msgs: () => lines.map((line) => line.msg) };
}

describe('runProcess', () => {
  it('reads the environment, connects, logs ready, and on SIGTERM stops its work, then closes its connections and exits 0', async () => {
    const run = runFixture({});
    await run.logged('fixture ready');
    expect(run.lines.find((line) => line.msg === 'database opened')).toMatchObject({
      service: 'run-fixture',
      database: '/fixture',
    });
    expect(run.lines.find((line) => line.msg === 'fixture ready')).toMatchObject({
      service: 'run-fixture',
      level: 'info',
      pong: 'PONG',
      redis: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    });
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    const msgs = run.msgs();
    const after = msgs.slice(msgs.indexOf('fixture ready'));
    expect(after).toEqual(['fixture ready', 'shutting down', 'work stopped', 'database closed', 'stopped']);
    expect(run.lines.find((line) => line.msg === 'shutting down')).toMatchObject({ signal: 'SIGTERM' });
  });

  it('logs why it could not start and exits 1, never logging ready', async () => {
    const run = runFixture({ RUN_FIXTURE_FAIL: '1' });
    expect(await run.exited).toBe(1);
    expect(run.lines.find((line) => line.msg === 'failed to start')).toMatchObject({
      level: 'fatal',
      err: { message: 'cannot start' },
    });
    expect(run.msgs()).not.toContain('fixture ready');
  });

  it('checks its settings before connecting: a wrong one exits 1 with one line on stderr, nothing logged', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'test', 'run-fixture.ts')], {
      cwd: root,
      env: { ...process.env, RUN_FIXTURE_SETTING: 'abc', DATABASE_URL: 'postgresql://127.0.0.1:1/fixture' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', (exit) => resolve(exit)));
    expect(code).toBe(1);
    expect(stderr).toBe('run-fixture: RUN_FIXTURE_SETTING must be a whole number, got "abc"\n');
    expect(stdout).toBe('');
  });
});
