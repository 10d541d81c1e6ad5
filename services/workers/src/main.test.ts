import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase } from '@turno/core/testing';
import { createQueues } from './queues';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe('worker process (main.ts)', () => {
  it('starts, connects to PostgreSQL and Redis, and stops cleanly on SIGTERM', async () => {
    const prefix = `turno-test-${randomBytes(4).toString('hex')}`;
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'main.ts')], {
      cwd: join(__dirname, '..'),
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        QUEUE_PREFIX: prefix,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const lines: string[] = [];
    try {
      // Ready, or the reason it stopped first: no clock decides (jest's timeout only turns a hang into a failure).
      await new Promise<void>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`exited (${code}) before ready: ${lines.join('\n')}`)));
        createInterface({ input: child.stdout! }).on('line', (line) => {
          lines.push(line);
          if (line.includes('"workers ready"')) resolve();
        });
      });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      // A failed start must not leave the process behind (jest would never exit).
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    expect(lines.some((line) => line.includes('"stopped"'))).toBe(true);

    // It registered its schedules under its own prefix; remove them.
    const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
      maxRetriesPerRequest: null,
    });
    const queues = createQueues({ connection, prefix });
    expect(await queues.invoices.getJobSchedulersCount()).toBe(2);
    for (const queue of Object.values(queues)) {
      await queue.obliterate({ force: true });
      await queue.close();
    }
    await connection.quit();
  }, 120_000);
});
