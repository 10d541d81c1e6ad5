/**
 * A local SMTP catcher: accepts every message (no TLS, any or no login), parses it and keeps it in
 * memory, and writes each one as an `.eml` file when given a folder. Development and tests only: the
 * workers' e-mail channel sends to it through `nodemailer` exactly as to a real SMTP server.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the catcher received it. */
export interface CaughtMail {
  /** 1, 2, … in order of arrival. */
  id: number;
  /** The envelope's sender and recipients (what the SMTP client said, not the headers). */
  envelopeFrom: string;
  envelopeTo: string[];
  subject: string;
  from: string;
  to: string;
  /** The plain-text part ('' when none). */
  text: string;
  /** The HTML part ('' when none). */
  html: string;
  /** Every header, lower-case names. */
  headers: Record<string, string>;
  /** The message as received (RFC 5322). */
  raw: string;
  /** Where it was written, when the catcher has a folder. */
  file?: string;
  receivedAt: string;
}

export interface SmtpCatcherOptions {
  /** 0 for a free port (tests). */
  port?: number;
  host?: string;
  /** Writes each message to `<folder>/<id>.eml` as well. */
  folder?: string;
  /** Refuses the next `n` messages with a 451 (a transient failure: the sender retries). */
  failNext?: number;
}

export interface SmtpCatcher {
  port: number;
  host: string;
  mails: CaughtMail[];
  /** Refuse the next `count` messages with a 451. */
  failNext(count: number): void;
  close(): Promise<void>;
}

const headerText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object' && 'text' in value
      ? String((value as { text: unknown }).text)
      : value instanceof Date
        ? value.toISOString()
        : JSON.stringify(value);

export async function startSmtpCatcher(options: SmtpCatcherOptions = {}): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  let failing = options.failNext ?? 0;
  if (options.folder) await mkdir(options.folder, { recursive: true });
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'dev' }),
    size: 2 * 1024 * 1024,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        if (failing > 0) {
          failing -= 1;
          const error = Object.assign(new Error('Tente mais tarde (falha simulada)'), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        void simpleParser(raw)
          .then(async (parsed) => {
            const id = mails.length + 1;
            const headers: Record<string, string> = {};
            for (const [name, value] of parsed.headers) headers[name.toLowerCase()] = headerText(value);
            const mail: CaughtMail = {
              id,
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              subject: parsed.subject ?? '',
              from: parsed.from?.text ?? '',
              to: headerText(parsed.to ?? ''),
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers,
              raw,
              receivedAt: new Date().toISOString(),
            };
            if (options.folder) {
              mail.file = path.join(options.folder, `${String(id).padStart(5, '0')}.eml`);
              await writeFile(mail.file, raw);
            }
            mails.push(mail);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  server.on('error', () => undefined);
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    host,
    mails,
    failNext(count) {
      failing = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
