/**
 * `POST /psp/webhook`: the PSP tells Turno what became of its Pix sends (payouts) and of the Pix it
 * received (invoices), issue 25. The gateway routes `/psp` here with the path kept; the PSP is
 * given `webhookUrlWithToken(PUBLIC_URL + '/psp/webhook', PSP_WEBHOOK_SECRET)` (the fake PSP of
 * `npm start` gets it at start).
 *
 * It is not a route of the kit: it has no session and no CSRF check (the PSP is a server), and it
 * needs the **raw** body, byte for byte, for the body signature — so it is answered in front of Koa
 * (`withPspWebhook` wraps the server's request handler; nothing of the kit runs for it). Each request:
 * URL token and signature (`verifyWebhook`, 401), the body (`parseWebhookBody`, zod: 400, logged),
 * then the events: `send_updated` → core's `recordPayoutOutcomes` (monotonic: a repeated or late
 * notification changes nothing), `payment_received` → core's `recordPixReceived` (the receipt once
 * per end-to-end id; the invoice paid when the amount matches, else a divergence for the admin; an
 * unknown txid recorded and logged). 200 once committed; a bad request never gets a 500 — only a
 * database that fails gets a 503 (the PSP then delivers again).
 *
 * 1,000 notifications a second (issue 25): the sends' outcomes of every request that arrives while
 * a settlement is on its way are settled together by the next one (`PayoutSettler`: one statement,
 * one commit for the lot — every commit that writes a live event takes the one lock of committing
 * events, so one commit per notification would cap the rate at the disk's flushes a second); a
 * notification of a send already being settled waits for that settlement and answers its outcome
 * without a statement of its own.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BffApp, BffDependencies } from '@turno/bff-kit';
import { recordPayoutOutcomes, recordPixReceived, type Orm, type PayoutOutcome } from '@turno/core';
import type { PayoutStatus } from '@turno/domain';
import { parseWebhookBody, verifyWebhook, type PspEvent, type PspSettings } from '@turno/psp';

export const PSP_WEBHOOK_PATH = '/psp/webhook';
/** Efí's notifications are small; a batch of a few hundred items stays far below this. */
export const PSP_WEBHOOK_MAX_BYTES = 256 * 1024;

export interface PspWebhookOptions {
  settings: Pick<PspSettings, 'webhookSecret' | 'webhookRequireSignature'>;
  /** The clock of the outcomes recorded (tests). */
  now?: () => Date;
  /** Settlements of sends' outcomes on their way at once (default 2); see {@link PayoutSettler}. */
  settleInFlight?: number;
  /** At most this many outcomes settled by one statement (default 200). */
  settleBatch?: number;
}

type Outcome = { status: number; body: Record<string, unknown> };

function readRawBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= PSP_WEBHOOK_MAX_BYTES) chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('error', reject);
    req.once('end', () => {
      req.off('data', onData);
      resolve(size > PSP_WEBHOOK_MAX_BYTES ? null : Buffer.concat(chunks, size).toString('utf8'));
    });
  });
}

interface Waiting {
  outcome: PayoutOutcome;
  resolve: (status: PayoutStatus | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Settles sends' outcomes in batches: an outcome waits while `inFlight` settlements are on their
 * way, then goes with every other waiting one (at most `batch`) in one statement
 * (`recordPayoutOutcomes`); alone it goes at once (no added latency). An outcome of a send whose
 * settlement is on its way waits for it and answers what it committed (after a `paid` or `failed`
 * outcome the payout is final, so a second one would change nothing) — a duplicate delivered
 * right after its original costs no statement; if that settlement failed, it goes on its own way.
 * A batch that fails is tried again one outcome per statement, so one bad notification fails alone.
 */
export class PayoutSettler {
  private readonly waiting: Waiting[] = [];
  private readonly settling = new Map<string, Promise<PayoutStatus | null>>();
  private running = 0;

  constructor(
    private readonly orm: Pick<Orm, 'em'>,
    private readonly now: () => Date,
    private readonly inFlight = 2,
    private readonly batch = 200,
  ) {}

  settle(outcome: PayoutOutcome): Promise<PayoutStatus | null> {
    const leader = outcome.status === 'processing' ? undefined : this.settling.get(outcome.idempotencyId);
    if (leader) return leader.catch(() => this.enqueue(outcome));
    const settled = this.enqueue(outcome);
    if (outcome.status !== 'processing') {
      this.settling.set(outcome.idempotencyId, settled);
      const forget = () => {
        if (this.settling.get(outcome.idempotencyId) === settled) this.settling.delete(outcome.idempotencyId);
      };
      settled.then(forget, forget);
    }
    return settled;
  }

  private enqueue(outcome: PayoutOutcome): Promise<PayoutStatus | null> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ outcome, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.inFlight && this.waiting.length > 0) {
      const items = this.waiting.splice(0, this.batch);
      this.running += 1;
      void this.run(items).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private async run(items: Waiting[]): Promise<void> {
    const em = this.orm.em.fork();
    try {
      const statuses = await recordPayoutOutcomes(
        em,
        items.map((item) => item.outcome),
        this.now(),
      );
      items.forEach((item, index) => item.resolve(statuses[index] ?? null));
    } catch (error) {
      if (items.length === 1) {
        items[0]!.reject(error);
        return;
      }
      // Each on its own, at once (the pool bounds them): a bad one fails alone, and a database
      // that is down fails them all in one wait, not one after the other.
      await Promise.all(
        items.map((item) =>
          recordPayoutOutcomes(em, [item.outcome], this.now()).then(
            ([status]) => item.resolve(status ?? null),
            item.reject,
          ),
        ),
      );
    }
  }
}

/** The path of a request's URL (no query). */
const pathOf = (url: string | undefined) => {
  const value = url ?? '/';
  const query = value.indexOf('?');
  return query === -1 ? value : value.slice(0, query);
};

/**
 * The handler of `POST /psp/webhook`, on Node's request and response: a notification is not a
 * request of the kit (no session, no CSRF, no route), so it skips Koa's context and middleware
 * altogether (`withPspWebhook`); it answers JSON and logs one line per request.
 */
export function pspWebhookHandler(
  bff: Pick<BffApp, 'logger'>,
  { orm }: Pick<BffDependencies, 'orm'>,
  options: PspWebhookOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const now = options.now ?? (() => new Date());
  const log = bff.logger;
  const settler = new PayoutSettler(orm, now, options.settleInFlight, options.settleBatch);
  return async (req, res) => {
    const started = Date.now();
    const outcome = await handle(req).catch((error: unknown): Outcome => {
      log.error({ err: error, path: PSP_WEBHOOK_PATH }, 'psp webhook failed');
      return { status: 503, body: { error: 'indisponível, tente de novo' } };
    });
    const body = JSON.stringify(outcome.body);
    res.writeHead(outcome.status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
    log.info(
      { method: req.method, path: PSP_WEBHOOK_PATH, status: outcome.status, ms: Date.now() - started },
      'psp webhook',
    );
  };

  async function handle(req: IncomingMessage): Promise<Outcome> {
    if (req.method !== 'POST') return { status: 405, body: { error: 'método não permitido' } };
    const rawBody = await readRawBody(req);
    if (rawBody === null) {
      log.warn({ path: PSP_WEBHOOK_PATH }, 'psp webhook refused: body too large');
      return { status: 413, body: { error: 'corpo grande demais' } };
    }
    const verified = verifyWebhook(
      { headers: req.headers, rawBody, url: req.url ?? '/' },
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
    // The sends' outcomes start together (one settlement, in their order); the Pix received go one
    // after the other, each in its transaction.
    const settling = parsed.events.map((event) => (event.type === 'send_updated' ? settle(event) : null));
    // Awaited below in order; a Pix that fails first must not leave them rejected unheard.
    for (const pending of settling) pending?.catch(() => undefined);
    const results: Record<string, unknown>[] = [];
    for (const [index, event] of parsed.events.entries())
      results.push(event.type === 'payment_received' ? await received(event) : await settling[index]!);
    return { status: 200, body: { received: parsed.events.length, results } };
  }

  async function received(event: Extract<PspEvent, { type: 'payment_received' }>) {
    const result = await recordPixReceived(
      orm.em.fork(),
      {
        endToEndId: event.endToEndId,
        txid: event.txid ?? null,
        amountCents: event.amountCents,
        paidAt: event.paidAt,
      },
      now(),
    );
    const facts = {
      endToEndId: event.endToEndId,
      txid: event.txid ?? null,
      amountCents: event.amountCents,
      outcome: result.outcome,
    };
    if (result.outcome === 'unknown_txid')
      log.warn(facts, 'psp webhook: pix received for no charge of Turno');
    else if (result.outcome === 'mismatch')
      log.warn(facts, 'psp webhook: pix of another amount (divergence)');
    else log.info(facts, 'psp webhook: pix received');
    return { type: event.type, endToEndId: event.endToEndId, outcome: result.outcome };
  }

  async function settle(event: Extract<PspEvent, { type: 'send_updated' }>) {
    const status = await settler.settle({
      idempotencyId: event.idempotencyId,
      status: event.status,
      endToEndId: event.endToEndId ?? null,
      at: event.at ? new Date(event.at) : null,
      failure: event.failure
        ? { reason: event.failure.reason, pspCode: event.failure.pspCode ?? null }
        : null,
    });
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
 * The admin-billing BFF with the PSP's webhook in front of Koa (its server's request handler,
 * `app.callback()`, answers `/psp/webhook` itself and hands every other request to Koa; settings
 * from the environment: PSP_WEBHOOK_SECRET, PSP_WEBHOOK_REQUIRE_SIGNATURE).
 */
export function withPspWebhook<T extends BffApp>(
  bff: T,
  deps: Pick<BffDependencies, 'orm'>,
  options: PspWebhookOptions = { settings: webhookSettingsFromEnv() },
): T {
  if (!options.settings.webhookSecret)
    bff.logger.error({}, 'PSP_WEBHOOK_SECRET is not set: every PSP webhook will be refused (401)');
  const webhook = pspWebhookHandler(bff, deps, options);
  const koaCallback = bff.app.callback.bind(bff.app);
  bff.app.callback = () => {
    const koa = koaCallback();
    // The kit's server is HTTP/1.1 (`listen`: node:http), so its requests are IncomingMessage.
    return (req, res) =>
      pathOf(req.url) === PSP_WEBHOOK_PATH
        ? webhook(req as IncomingMessage, res as ServerResponse)
        : koa(req, res);
  };
  return bff;
}
