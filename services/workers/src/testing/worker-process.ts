import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * Starts the real worker process (src/main.ts) with `env` on top of this process's environment and
 * resolves once it logs "workers ready": what the kill and fault tests run against. It rejects when the
 * process exits first; a process that neither gets ready nor exits is left to the test's own timeout
 * (the hang guard), since a loaded machine may take any time to start it.
 */
export async function startWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const root = join(__dirname, '..', '..');
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src', 'main.ts')], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const exited = (code: number | null, signal: NodeJS.Signals | null) =>
      reject(new Error(`worker exited before it was ready (code ${code}, signal ${signal})`));
    child.once('exit', exited);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('"workers ready"')) {
        child.off('exit', exited);
        resolve();
      }
    });
  });
  return child;
}
