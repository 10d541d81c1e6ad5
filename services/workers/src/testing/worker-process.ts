import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * Starts the real worker process (src/main.ts) with `env` on top of this process's environment and
 * resolves once it logs "workers ready" (30 s at most): what the kill and fault tests run against.
 */
export async function startWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const root = join(__dirname, '..', '..');
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src', 'main.ts')], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('worker not ready')), 30_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('"workers ready"')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return child;
}
