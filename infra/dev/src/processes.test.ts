import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { restartDelayMs, superviseProcess, waitUntilReady } from './processes';

describe('restartDelayMs', () => {
  it('doubles from half a second up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((crashes) => restartDelayMs(crashes))).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('superviseProcess', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'turno-supervise-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts a process that exits on its own again, backing off while it keeps crashing, until stopped', async () => {
    const script = join(dir, 'crash.ts');
    writeFileSync(script, 'process.exit(3);\n');
    const events: { code: number | null; delayMs: number }[] = [];
    const supervised = superviseProcess({ name: 'crasher', script, env: {} }, 0, () => undefined, {
      baseDelayMs: 50,
      onRestart: ({ code, delayMs }) => events.push({ code, delayMs }),
    });
    while (supervised.restarts < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    await supervised.stop(1_000);
    const restartsAtStop = supervised.restarts;
    expect(events.slice(0, 3)).toEqual([
      { code: 3, delayMs: 50 },
      { code: 3, delayMs: 100 },
      { code: 3, delayMs: 200 },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(supervised.restarts).toBe(restartsAtStop);
  });

  it('leaves a process that exited with code 0 (stopped on purpose) stopped', async () => {
    const script = join(dir, 'done.ts');
    writeFileSync(script, 'process.exit(0);\n');
    const restarted: string[] = [];
    const stopped: string[] = [];
    const supervised = superviseProcess({ name: 'done', script, env: {} }, 0, () => undefined, {
      baseDelayMs: 50,
      onRestart: ({ name }) => restarted.push(name),
      onStopped: ({ name }) => stopped.push(name),
    });
    expect(await supervised.current.exited).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(restarted).toEqual([]);
    expect(stopped).toEqual(['done']);
    expect(supervised.restarts).toBe(0);
  });

  it('does not start a process it was told to stop', async () => {
    const script = join(dir, 'server.ts');
    writeFileSync(script, 'setInterval(() => undefined, 1000);\n');
    const restarted: string[] = [];
    const supervised = superviseProcess({ name: 'server', script, env: {} }, 0, () => undefined, {
      baseDelayMs: 50,
      onRestart: ({ name }) => restarted.push(name),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await supervised.stop(2_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(supervised.current.child.signalCode).toBe('SIGTERM');
    expect(restarted).toEqual([]);
  });
});

describe('waitUntilReady', () => {
  it('goes on probing when a probe never answers (the next one that answers counts)', async () => {
    let probes = 0;
    // The first probe is accepted and never answered; the next ones answer 200.
    const server = createServer((request, response) => {
      probes += 1;
      if (probes > 1) response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      await waitUntilReady(
        {
          spec: { name: 'silent-once', script: '', env: {}, readyUrl: `http://127.0.0.1:${port}/` },
          child,
          exited: new Promise(() => undefined),
        },
        60_000,
      );
      expect(probes).toBeGreaterThanOrEqual(2);
    } finally {
      child.kill();
      server.closeAllConnections();
      server.close();
    }
  }, 120_000);

  it('stops at once on a port fetch refuses (6000, X11: a "bad port"), naming it', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      await expect(
        waitUntilReady(
          {
            spec: { name: 'x11', script: '', env: {}, readyUrl: 'http://127.0.0.1:6000/readyz' },
            child,
            exited: new Promise(() => undefined),
          },
          600_000,
        ),
      ).rejects.toThrow('x11: fetch refuses port 6000 (a "bad port"); choose another PORT_OFFSET');
    } finally {
      child.kill();
    }
  });
});
