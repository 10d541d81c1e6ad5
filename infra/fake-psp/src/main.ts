/* eslint-disable no-console -- a command-line entry: it prints where it listens */
import { portFromEnv } from '@turno/server-runtime';
import { startFakePsp } from './server';

/** `node --import tsx infra/fake-psp/src/main.ts`: the fake PSP on 4500 + PORT_OFFSET. */
async function main(): Promise<void> {
  if (process.env.NODE_ENV === 'production') throw new Error('The fake PSP never runs in production.');
  const port = portFromEnv('FAKE_PSP_PORT', 4500 + portFromEnv('PORT_OFFSET', 0));
  const running = await startFakePsp({
    port,
    host: process.env.BIND_HOST ?? '127.0.0.1',
    clientId: process.env.PSP_CLIENT_ID,
    clientSecret: process.env.PSP_CLIENT_SECRET,
    accountKey: process.env.PSP_ACCOUNT_PIX_KEY,
    webhookSecret: process.env.PSP_WEBHOOK_SECRET,
    webhookUrl: process.env.FAKE_PSP_WEBHOOK_URL,
    settleAfterMs: process.env.FAKE_PSP_SETTLE_MS ? Number(process.env.FAKE_PSP_SETTLE_MS) : undefined,
  });
  console.log(JSON.stringify({ level: 'info', service: 'fake-psp', msg: 'listening', url: running.url }));
  const stop = () => void running.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(`fake-psp failed to start: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
