/**
 * A BFF refuses to start on a wrong MONTHLY_SHIFTS_PER_BUSINESS (issue 26): one line on stderr and
 * exit 1, before it connects anywhere (DATABASE_URL points nowhere here), instead of listening and
 * answering 500 to every application that reads the cap.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

jest.setTimeout(120_000);

const freelancerMain = join(__dirname, '..', '..', 'freelancer', 'src', 'main.ts');

function startFreelancerBff(value: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', freelancerMain], {
    env: {
      ...process.env,
      MONTHLY_SHIFTS_PER_BUSINESS: value,
      DATABASE_URL: 'postgresql://127.0.0.1:1/nowhere',
      REDIS_URL: 'redis://127.0.0.1:1',
      PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}

describe('runBff settings', () => {
  it.each(['abc', '0', '-3'])('MONTHLY_SHIFTS_PER_BUSINESS=%s stops the BFF with one line', async (value) => {
    const run = await startFreelancerBff(value);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'bff-freelancer: MONTHLY_SHIFTS_PER_BUSINESS must be a whole number from 1 to 31\n',
    );
    expect(run.stdout).toBe('');
  });
});
