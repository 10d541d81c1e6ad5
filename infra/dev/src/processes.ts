import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from './config';

/** One process of the portal: a TypeScript entry run with tsx, and the URL that says it is ready. */
export interface ProcessSpec {
  name: string;
  script: string;
  args?: string[];
  /** Node's own flags before the entry (e.g. the exporting BFFs' heap settings, or --cpu-prof to profile). */
  nodeFlags?: readonly string[];
  env: Record<string, string>;
  readyUrl?: string;
}

export interface RunningProcess {
  spec: ProcessSpec;
  child: ChildProcess;
  exited: Promise<number | null>;
}

const COLORS = [36, 32, 35, 33, 34, 96, 92, 95, 93, 94, 91];

/** Node's own argv to run a TypeScript entry (tsx registered as a loader: no extra wrapper process). */
export const tsxArgs = (spec: Pick<ProcessSpec, 'script' | 'args' | 'nodeFlags'>) => [
  ...(spec.nodeFlags ?? []),
  '--import',
  'tsx',
  spec.script,
  ...(spec.args ?? []),
];

export function startProcess(
  spec: ProcessSpec,
  index: number,
  print: (line: string) => void,
): RunningProcess {
  const child = spawn(process.execPath, tsxArgs(spec), {
    cwd: REPO_ROOT,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const color = COLORS[index % COLORS.length];
  const prefix = process.stdout.isTTY ? `\x1b[${color}m[${spec.name}]\x1b[0m` : `[${spec.name}]`;
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => print(`${prefix} ${line}`));
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { spec, child, exited };
}

/** Polls a URL until it answers 2xx (or the process dies, or time runs out). */
export async function waitUntilReady(running: RunningProcess, timeoutMs = 60_000): Promise<void> {
  const url = running.spec.readyUrl;
  if (!url) return;
  const deadline = Date.now() + timeoutMs;
  let dead = false;
  void running.exited.then(() => (dead = true));
  while (Date.now() < deadline) {
    if (dead) throw new Error(`${running.spec.name} exited before it was ready`);
    try {
      // Each probe has its own deadline: one that is accepted and never answered must not stall the loop.
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch (error) {
      // fetch refuses the ports browsers block (6000 for X11, 6665–6669…) before connecting: no
      // retry helps, and every probe would fail until the deadline.
      if ((error as { cause?: { message?: string } }).cause?.message === 'bad port')
        throw new Error(
          `${running.spec.name}: fetch refuses port ${new URL(url).port} (a "bad port"); choose another PORT_OFFSET`,
        );
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${running.spec.name} was not ready at ${url} after ${timeoutMs / 1000}s`);
}

/** SIGTERM to every process still alive, then SIGKILL to those that outlive the grace period. */
export async function stopAll(processes: RunningProcess[], graceMs = 15_000): Promise<void> {
  const alive = processes.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
  for (const p of alive) p.child.kill('SIGTERM');
  const timer = setTimeout(() => alive.forEach((p) => p.child.kill('SIGKILL')), graceMs);
  await Promise.all(alive.map((p) => p.exited));
  clearTimeout(timer);
}

/** How long to wait before restart number `crashes` (1, 2, …) of a crashed process: 0.5 s doubling, at most 30 s. */
export function restartDelayMs(crashes: number, baseMs = 500, maxMs = 30_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, crashes - 1));
}

export interface SuperviseOptions {
  /** First restart delay and cap of the doubling back-off (restartDelayMs). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A process that ran this long before it crashed counts as healthy: the back-off starts over. Default 30 s. */
  stableAfterMs?: number;
  /** Told of each restart (the process that exited, its exit code or signal, the delay chosen). */
  onRestart?: (event: {
    name: string;
    code: number | null;
    signal: NodeJS.Signals | null;
    delayMs: number;
  }) => void;
  /** Told when the process exited with code 0 on its own (not by `stop()`): it stays stopped. */
  onStopped?: (event: { name: string }) => void;
}

/** A process kept running: started again with a back-off whenever it exits on its own. */
export interface SupervisedProcess {
  spec: ProcessSpec;
  /** The process running now (a new one after each restart). */
  readonly current: RunningProcess;
  /** How many times it was started again. */
  readonly restarts: number;
  /** Stops restarting it and stops the current process (SIGTERM, SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Runs a process of the portal and starts it again when it dies — a non-zero exit code (a crash)
 * or a signal it did not handle (SIGKILL, an out-of-memory kill) — after 0.5 s, 1 s, 2 s … up to
 * 30 s while it keeps crashing (the back-off starts over once it has run `stableAfterMs`). A process
 * that exits with code 0 (stopped on purpose: SIGTERM handled) stays stopped. What `npm start` does
 * for every process, so that a dead BFF serves again without anyone restarting the portal.
 */
export function superviseProcess(
  spec: ProcessSpec,
  index: number,
  print: (line: string) => void,
  options: SuperviseOptions = {},
): SupervisedProcess {
  const { baseDelayMs = 500, maxDelayMs = 30_000, stableAfterMs = 30_000 } = options;
  let stopped = false;
  let restarts = 0;
  let crashes = 0;
  let timer: NodeJS.Timeout | undefined;
  let current: RunningProcess;

  const launch = () => {
    const startedAt = Date.now();
    const running = startProcess(spec, index, print);
    current = running;
    running.child.once('exit', (code, signal) => {
      if (stopped) return;
      // Exit code 0 is a deliberate stop (SIGTERM handled, work done): left stopped.
      if (code === 0) {
        options.onStopped?.({ name: spec.name });
        return;
      }
      crashes = Date.now() - startedAt >= stableAfterMs ? 1 : crashes + 1;
      const delayMs = restartDelayMs(crashes, baseDelayMs, maxDelayMs);
      options.onRestart?.({ name: spec.name, code, signal, delayMs });
      timer = setTimeout(() => {
        if (stopped) return;
        restarts += 1;
        launch();
      }, delayMs);
    });
  };
  launch();

  return {
    spec,
    get current() {
      return current;
    },
    get restarts() {
      return restarts;
    },
    async stop(graceMs = 15_000) {
      stopped = true;
      clearTimeout(timer);
      await stopAll([current], graceMs);
    },
  };
}
