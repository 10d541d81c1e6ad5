/**
 * The local mailbox's page (`npm start` prints its address): the caught messages newest first, each
 * one's HTML and plain-text parts, and `GET /__control/mails` (JSON) for the e2e suite.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CaughtMail } from './smtp-catcher';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The list page: subject, recipient, time, links to the parts. */
export function mailboxHtml(mails: readonly CaughtMail[]): string {
  const rows = [...mails]
    .reverse()
    .slice(0, 200)
    .map(
      (mail) =>
        `<tr><td>${mail.id}</td><td>${escapeHtml(mail.receivedAt)}</td><td>${escapeHtml(mail.envelopeTo.join(', '))}</td>` +
        `<td>${escapeHtml(mail.subject)}</td><td><a href="/mails/${mail.id}.html">HTML</a> · <a href="/mails/${mail.id}.txt">texto</a></td></tr>`,
    )
    .join('\n');
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Turno — e-mails locais</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="font-family:sans-serif">
<h1>E-mails recebidos pelo servidor SMTP local</h1>
<p>${mails.length === 0 ? 'Nenhum e-mail ainda.' : `${mails.length} e-mail(s). Os mais recentes primeiro.`}</p>
<table><thead><tr><th>#</th><th>Recebido</th><th>Para</th><th>Assunto</th><th>Partes</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>`;
}

export async function startMailPage(
  mails: readonly CaughtMail[],
  options: { port?: number; host?: string } = {},
): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (req.method !== 'GET') {
      res.writeHead(405).end();
      return;
    }
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(mailboxHtml(mails));
      return;
    }
    if (url.pathname === '/__control/mails') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
      return;
    }
    if (url.pathname === '/__control/health') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      return;
    }
    const part = /^\/mails\/(\d+)\.(html|txt)$/.exec(url.pathname);
    const mail = part ? mails.find((m) => m.id === Number(part[1])) : undefined;
    if (part && mail) {
      // The HTML part is the project's own template; the page still gives it no script.
      res.writeHead(200, {
        'content-type': part[2] === 'html' ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
      });
      res.end(part[2] === 'html' ? mail.html : mail.text);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Não encontrado');
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
