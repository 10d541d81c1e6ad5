import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A `redis-server` of a fault test's own, on a fixed port, that the test may kill and start again
 * (never the machine's shared Redis on 6379). With `appendOnly`, its data lives in an AOF in a
 * temporary folder fsynced on every write, so a SIGKILL loses nothing and a restart on the same
 * folder brings every key back: what production gets with `appendfsync everysec`, minus at most a
 * second.
 */
export interface PrivateRedis {
  port: number;
  url: string;
  /** Kills the server (SIGKILL by default) and waits until it is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and folder; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it for good and deletes its folder. */
  close(): Promise<void>;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startPrivateRedis(
  port: number,
  options: { appendOnly?: boolean } = {},
): Promise<PrivateRedis> {
  if (await canConnect(port)) throw new Error(`port ${port} is taken: a fault test needs its own Redis`);
  const dir = mkdtempSync(join(tmpdir(), 'turno-fault-redis-'));
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    ...(options.appendOnly ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']),
    '--maxmemory-policy',
    'noeviction',
  ];
  let server: ChildProcess | undefined;

  const start = async () => {
    const child = spawn('redis-server', args, { stdio: 'ignore' });
    server = child;
    // Listening or exited: no deadline of its own (the test's timeout is the hang guard).
    while (!(await canConnect(port))) {
      if (child.exitCode !== null) throw new Error(`redis-server on ${port} exited (${child.exitCode})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async (signal: NodeJS.Signals = 'SIGKILL') => {
    const child = server;
    server = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
