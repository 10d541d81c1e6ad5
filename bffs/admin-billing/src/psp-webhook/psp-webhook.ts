/**
 * `POST /psp/webhook`: the PSP tells Turno what became of its Pix sends (payouts) and of the Pix it
 * received (invoices), issue 25. The gateway routes `/psp` here with the path kept; the PSP is
 * given `webhookUrlWithToken(PUBLIC_URL + '/psp/webhook', PSP_WEBHOOK_SECRET)` (the fake PSP of
 * `npm start` gets it at start).
 *
 * It is not a route of the kit: it has no session and no CSRF check (the PSP is a server), and it
 * needs the **raw** body, byte for byte, for the body signature — so it runs in front of the kit's
 * JSON reader (`withPspWebhook`, as the freelancer BFF's multipart upload does). Each request:
 * URL token and signature (`verifyWebhook`, 401), the body (`parseWebhookBody`, zod: 400, logged),
 * then each event in its own transaction: `send_updated` → core's `recordPayoutOutcome` (monotonic:
 * a repeated or late notification changes nothing), `payment_received` → logged for now (invoices
 * paid by Pix are the next step). 200 once recorded; a bad request never gets a 500 — only a
 * database that fails does (the PSP then delivers again).
 */
import type { Context, Middleware } from 'koa';
import type { BffApp, BffDependencies } from '@turno/bff-kit';
import { recordPayoutOutcome } from '@turno/core';
import { parseWebhookBody, verifyWebhook, type PspEvent, type PspSettings } from '@turno/psp';

export const PSP_WEBHOOK_PATH = '/psp/webhook';
/** Efí's notifications are small; a batch of a few hundred items stays far below this. */
export const PSP_WEBHOOK_MAX_BYTES = 256 * 1024;

export interface PspWebhookOptions {
  settings: Pick<PspSettings, 'webhookSecret' | 'webhookRequireSignature'>;
  /** The clock of the outcomes recorded (tests). */
  now?: () => Date;
}

type Outcome = { status: number; body: Record<string, unknown> };

async function readRawBody(ctx: Context): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > PSP_WEBHOOK_MAX_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The middleware answering `POST /psp/webhook` (every other request goes on to the kit). */
export function pspWebhook(
  bff: Pick<BffApp, 'logger'>,
  { orm }: Pick<BffDependencies, 'orm'>,
  options: PspWebhookOptions,
): Middleware {
  const now = options.now ?? (() => new Date());
  const log = bff.logger;
  return async (ctx, next) => {
    if (ctx.path !== PSP_WEBHOOK_PATH) return next();
    const started = Date.now();
    const outcome = await handle(ctx).catch((error: unknown): Outcome => {
      log.error({ err: error, path: ctx.path }, 'psp webhook failed');
      return { status: 503, body: { error: 'indisponível, tente de novo' } };
    });
    ctx.status = outcome.status;
    ctx.body = outcome.body;
    log.info(
      { method: ctx.method, path: ctx.path, status: outcome.status, ms: Date.now() - started },
      'psp webhook',
    );
  };

  async function handle(ctx: Context): Promise<Outcome> {
    if (ctx.method !== 'POST') return { status: 405, body: { error: 'método não permitido' } };
    const rawBody = await readRawBody(ctx);
    if (rawBody === null) {
      log.warn({ path: ctx.path }, 'psp webhook refused: body too large');
      return { status: 413, body: { error: 'corpo grande demais' } };
    }
    const verified = verifyWebhook(
      { headers: ctx.req.headers, rawBody, url: ctx.originalUrl },
      { secret: options.settings.webhookSecret, requireSignature: options.settings.webhookRequireSignature },
    );
    if (!verified.ok) {
      log.warn({ reason: verified.reason }, 'psp webhook refused: not authenticated');
      return { status: 401, body: { error: 'não autorizado' } };
    }
    const parsed = parseWebhookBody(rawBody);
    if (!parsed.ok) {
      log.warn({ error: parsed.error, bytes: rawBody.length }, 'psp webhook refused: invalid payload');
      return { status: 400, body: { error: 'notificação inválida' } };
    }
    const results = [];
    for (const event of parsed.events) results.push(await apply(event));
    return { status: 200, body: { received: parsed.events.length, results } };
  }

  async function apply(event: PspEvent): Promise<Record<string, unknown>> {
    if (event.type === 'payment_received') {
      // Invoices paid by Pix (pix_receipts, the invoice of the txid) are the next step of issue 25.
      log.info(
        { endToEndId: event.endToEndId, txid: event.txid ?? null, amountCents: event.amountCents },
        'pix received (not yet applied)',
      );
      return { type: event.type, endToEndId: event.endToEndId, applied: false };
    }
    const status = await recordPayoutOutcome(
      orm.em.fork(),
      {
        idempotencyId: event.idempotencyId,
        status: event.status,
        endToEndId: event.endToEndId ?? null,
        at: event.at ? new Date(event.at) : null,
        failure: event.failure
          ? { reason: event.failure.reason, pspCode: event.failure.pspCode ?? null }
          : null,
      },
      now(),
    );
    if (status === null)
      log.warn({ idempotencyId: event.idempotencyId }, 'psp webhook: no payout with this id');
    return { type: event.type, idempotencyId: event.idempotencyId, status: status ?? 'unknown' };
  }
}

/** The development secret of services/psp's settings (the fake PSP's default). */
const DEVELOPMENT_WEBHOOK_SECRET = 'turno-dev-webhook-secret';

/**
 * What the webhook needs of the PSP's settings, and only that (the BFF never calls the PSP, so it
 * needs no credentials nor certificate): `PSP_WEBHOOK_SECRET` (development default as in
 * `pspSettingsFromEnv`; in production none means every notification is refused with 401 and
 * logged) and `PSP_WEBHOOK_REQUIRE_SIGNATURE` (default true, false in production: Efí does not sign).
 */
export function webhookSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): PspWebhookOptions['settings'] {
  const production = env.NODE_ENV === 'production';
  const secret = env.PSP_WEBHOOK_SECRET?.trim() || (production ? '' : DEVELOPMENT_WEBHOOK_SECRET);
  const flag = env.PSP_WEBHOOK_REQUIRE_SIGNATURE?.trim();
  const requireSignature = flag ? /^(1|true|yes)$/i.test(flag) : !production;
  return { webhookSecret: secret, webhookRequireSignature: requireSignature };
}

/**
 * The admin-billing BFF with the PSP's webhook in front of the kit's JSON reader and CSRF check
 * (settings from the environment: PSP_WEBHOOK_SECRET, PSP_WEBHOOK_REQUIRE_SIGNATURE).
 */
export function withPspWebhook<T extends BffApp>(
  bff: T,
  deps: Pick<BffDependencies, 'orm'>,
  options: PspWebhookOptions = { settings: webhookSettingsFromEnv() },
): T {
  if (!options.settings.webhookSecret)
    bff.logger.error({}, 'PSP_WEBHOOK_SECRET is not set: every PSP webhook will be refused (401)');
  bff.app.middleware.unshift(pspWebhook(bff, deps, options));
  return bff;
}
