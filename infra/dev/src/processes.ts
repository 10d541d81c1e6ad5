import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from './config';

/** One process of the portal: a TypeScript entry run with tsx, and the URL that says it is ready. */
export interface ProcessSpec {
  name: string;
  script: string;
  args?: string[];
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
export const tsxArgs = (spec: Pick<ProcessSpec, 'script' | 'args'>) => [
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
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
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
