/* eslint-disable no-console -- a command-line entry: it prints where to read the mail */
import path from 'node:path';
import { portFromEnv } from '@turno/server-runtime';
import { startMailPage } from './mail-page';
import { startLocalPushService } from './push-service';
import { startSmtpCatcher } from './smtp-catcher';

/**
 * `node --import tsx infra/dev-notify/src/main.ts`: the SMTP catcher on 4525 + PORT_OFFSET
 * (DEV_SMTP_PORT), its page on 4526 (DEV_MAIL_PAGE_PORT), the Web Push service on 4527
 * (DEV_PUSH_PORT). Messages are also written to DEV_MAIL_FOLDER (default `.turno/mail-<smtp port>`).
 */
async function main(): Promise<void> {
  if (process.env.NODE_ENV === 'production')
    throw new Error('The local notification fakes never run in production.');
  const offset = portFromEnv('PORT_OFFSET', 0);
  const host = process.env.BIND_HOST ?? '127.0.0.1';
  const smtpPort = portFromEnv('DEV_SMTP_PORT', 4525 + offset);
  const folder =
    process.env.DEV_MAIL_FOLDER ?? path.resolve(__dirname, '../../../.turno', `mail-${smtpPort}`);
  const smtp = await startSmtpCatcher({ port: smtpPort, host, folder });
  const page = await startMailPage(smtp.mails, {
    port: portFromEnv('DEV_MAIL_PAGE_PORT', 4526 + offset),
    host,
  });
  const push = await startLocalPushService({
    port: portFromEnv('DEV_PUSH_PORT', 4527 + offset),
    host,
    // The certificate is kept, so the workers' WEB_PUSH_CA_FILE stays right across restarts.
    certFolder: process.env.DEV_PUSH_CERT_FOLDER ?? path.resolve(__dirname, '../../../.turno'),
  });
  console.log(
    JSON.stringify({
      level: 'info',
      service: 'dev-notify',
      msg: 'listening',
      smtp: `smtp://${host}:${smtp.port}`,
      mailbox: page.url,
      mailFolder: folder,
      push: push.url,
    }),
  );
  const stop = () => void Promise.all([smtp.close(), page.close(), push.close()]).then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(`dev-notify failed to start: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
