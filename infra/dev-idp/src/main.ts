/* eslint-disable no-console -- a command-line entry: it prints where it listens */
import { ProductionRefusedError, startDevIdp } from './provider';
import { devIdpSettingsFromEnv } from './settings';

/** `node --import tsx infra/dev-idp/src/main.ts`: the development OpenID provider (npm start runs it). */
async function main(): Promise<void> {
  const settings = devIdpSettingsFromEnv();
  const running = await startDevIdp({ ...settings, host: process.env.BIND_HOST ?? '127.0.0.1' });
  console.log(
    JSON.stringify({
      level: 'info',
      service: 'dev-idp',
      msg: 'listening',
      issuer: running.issuer,
      url: running.url,
    }),
  );
  const stop = () => void running.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  if (error instanceof ProductionRefusedError) console.error(error.message);
  else console.error(`dev-idp failed to start: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
