import { startMailPage } from './mail-page';
import { startLocalPushService } from './push-service';
import { startSmtpCatcher } from './smtp-catcher';
import { request } from 'node:https';
import { createConnection } from 'node:net';

/** A bare SMTP conversation (the workers' tests use nodemailer; this package does not depend on it). */
async function sendRaw(port: number, lines: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(port, '127.0.0.1');
    let transcript = '';
    let step = 0;
    socket.on('data', (chunk) => {
      transcript += chunk.toString();
      if (!/\r\n$/.test(transcript)) return;
      if (step < lines.length) socket.write(`${lines[step++]}\r\n`);
      else socket.end();
    });
    socket.on('end', () => resolve(transcript));
    socket.on('error', reject);
  });
}

describe('dev-notify', () => {
  it('the SMTP catcher keeps each message parsed, and its page lists it', async () => {
    const smtp = await startSmtpCatcher();
    const page = await startMailPage(smtp.mails);
    try {
      const message = [
        'From: Turno <avisos@turno.test>',
        'To: ana@example.com',
        'Subject: =?UTF-8?Q?Candidatura_aceita?=',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Sua candidatura foi aceita.',
        '.',
      ].join('\r\n');
      await sendRaw(smtp.port, [
        'EHLO test',
        'MAIL FROM:<avisos@turno.test>',
        'RCPT TO:<ana@example.com>',
        'DATA',
        message,
        'QUIT',
      ]);
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]).toMatchObject({
        envelopeTo: ['ana@example.com'],
        subject: 'Candidatura aceita',
        text: expect.stringContaining('Sua candidatura foi aceita.'),
      });
      const html = await (await fetch(page.url)).text();
      expect(html).toContain('Candidatura aceita');
      const json = (await (await fetch(`${page.url}/__control/mails`)).json()) as { subject: string }[];
      expect(json.map((m) => m.subject)).toEqual(['Candidatura aceita']);
    } finally {
      await page.close();
      await smtp.close();
    }
  });

  it('the push service records a push and answers 410 for a subscription marked gone', async () => {
    const push = await startLocalPushService();
    try {
      // Over HTTPS, trusting only the service's own certificate.
      const post = (id: string) =>
        new Promise<number>((resolve, reject) => {
          const req = request(
            push.endpointFor(id),
            {
              method: 'POST',
              ca: push.ca,
              headers: { authorization: 'vapid t=a.b.c, k=KEY', ttl: '60', 'content-encoding': 'aes128gcm' },
            },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          );
          req.on('error', reject);
          req.end(Buffer.from([1, 2, 3]));
        });
      expect(push.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(await post('abc')).toBe(201);
      push.markGone('abc');
      expect(await post('abc')).toBe(410);
      expect(push.requests.map((r) => [r.id, r.status, r.authorization, r.contentEncoding, r.body])).toEqual([
        ['abc', 201, 'vapid t=a.b.c, k=KEY', 'aes128gcm', 'AQID'],
        ['abc', 410, 'vapid t=a.b.c, k=KEY', 'aes128gcm', 'AQID'],
      ]);
    } finally {
      await push.close();
    }
  });
});
