/**
 * Webhooks from the PSP: their payloads (zod) and how Turno authenticates them.
 *
 * Payloads. The standard API Pix notifies received Pix as `POST {webhookUrl}/pix` with
 * `{ pix: [{ endToEndId, txid, valor, horario, infoPagador, ... }] }`. Efí uses the same route for the
 * outcome of a Pix send, with items that carry `gnExtras.idEnvio`, `status` (`REALIZADO`,
 * `NAO_REALIZADO`) and `tipo: "SOLICITACAO"`. `parseWebhookBody` turns both into product events.
 *
 * Authentication (two layers; a request failing either is refused with a 4xx, never processed):
 * 1. The URL token. The webhook URL registered at the PSP carries `?hmac=<token>&ignorar=`, the
 *    scheme Efí documents for receivers that do not check its client certificate themselves (Efí
 *    appends `/pix`, which lands in the ignored parameter). The token is
 *    HMAC-SHA256(PSP_WEBHOOK_SECRET, "turno-psp-webhook-url") in hex: the secret itself never travels.
 * 2. The body signature, `x-turno-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`,
 *    five minutes of tolerance. The fake PSP always signs; Efí does not, so production sets
 *    `PSP_WEBHOOK_REQUIRE_SIGNATURE=false` and relies on mutual TLS at the ingress (Efí's client
 *    certificate chain) besides the token. When the header is present it is always checked.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { PIX_SEND_FAILURE_MESSAGES, type PixSendFailureReason } from '@turno/domain';
import { z } from 'zod';
import { failureReasonOf } from './errors';
import { valorToCents } from './money';

export const SIGNATURE_HEADER = 'x-turno-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 300;
const URL_TOKEN_CONTEXT = 'turno-psp-webhook-url';

/** The token the registered webhook URL carries (`?hmac=`). */
export function webhookUrlToken(secret: string): string {
  return createHmac('sha256', secret).update(URL_TOKEN_CONTEXT).digest('hex');
}

/** The URL to register at the PSP for a receiving route: `<route>?hmac=<token>&ignorar=`. */
export function webhookUrlWithToken(route: string, secret: string): string {
  const url = new URL(route);
  url.searchParams.set('hmac', webhookUrlToken(secret));
  return `${url.toString()}&ignorar=`;
}

/** The signature header of a body (what the fake PSP sends; tests use it too). */
export function signWebhookBody(
  secret: string,
  rawBody: string,
  unixSeconds = Math.floor(Date.now() / 1000),
): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  /** The request's path and query as received (`/psp/webhook?hmac=…&ignorar=/pix`). */
  url: string;
}

export interface WebhookVerifyOptions {
  secret: string;
  /** Refuse a request without the body signature (true with the fake PSP; Efí does not sign). */
  requireSignature: boolean;
  nowSeconds?: number;
}

export type WebhookVerification = { ok: true; signed: boolean } | { ok: false; reason: string };

/** Authenticates a webhook request (see the file's comment). */
export function verifyWebhook(request: WebhookRequest, options: WebhookVerifyOptions): WebhookVerification {
  if (!options.secret) return { ok: false, reason: 'no webhook secret configured' };
  const query = new URL(request.url, 'http://webhook.invalid').searchParams;
  const token = query.get('hmac') ?? '';
  if (!safeEqual(token, webhookUrlToken(options.secret)))
    return { ok: false, reason: 'bad or missing URL token' };
  const header = request.headers[SIGNATURE_HEADER];
  const signature = Array.isArray(header) ? header[0] : header;
  if (!signature)
    return options.requireSignature
      ? { ok: false, reason: 'missing signature' }
      : { ok: true, signed: false };
  const parts = Object.fromEntries(
    signature.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return { ok: false, reason: 'malformed signature' };
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: 'signature too old' };
  const expected = signWebhookBody(options.secret, request.rawBody, t).split('v1=')[1] as string;
  return safeEqual(parts.v1, expected) ? { ok: true, signed: true } : { ok: false, reason: 'bad signature' };
}

const valor = z.string().regex(/^\d{1,10}\.\d{2}$/);
const endToEndId = z.string().regex(/^[a-zA-Z0-9]{32}$/);

/** A received Pix, as the standard's `Pix` schema (the fields Turno reads; others kept). */
export const receivedPixSchema = z.looseObject({
  endToEndId,
  txid: z
    .string()
    .regex(/^[a-zA-Z0-9]{1,35}$/)
    .optional(),
  valor,
  horario: z.string().min(1),
  infoPagador: z.string().optional(),
  chave: z.string().optional(),
  /** A send's notification is never read as a received Pix. */
  gnExtras: z.never().optional(),
});

/** Efí's outcome of a Pix send (same route, `gnExtras.idEnvio`). */
export const efiSendNotificationSchema = z.looseObject({
  endToEndId: z.string().min(1).optional(),
  valor,
  horario: z.union([
    z.string().min(1),
    z.looseObject({ solicitacao: z.string().min(1), liquidacao: z.string().min(1).optional() }),
  ]),
  chave: z.string().optional(),
  status: z.enum(['EM_PROCESSAMENTO', 'REALIZADO', 'NAO_REALIZADO']),
  tipo: z.string().optional(),
  gnExtras: z.looseObject({
    idEnvio: z.string().regex(/^[a-zA-Z0-9]{1,35}$/),
    erro: z
      .looseObject({
        codigo: z.string().optional(),
        motivo: z.string().optional(),
        nome: z.string().optional(),
      })
      .optional(),
  }),
});

/** The body of `POST {webhookUrl}/pix`. */
export const pixWebhookBodySchema = z.looseObject({
  pix: z.array(z.union([efiSendNotificationSchema, receivedPixSchema])).min(1),
});
export type PixWebhookBody = z.infer<typeof pixWebhookBodySchema>;

/** What a webhook tells the product. */
export type PspEvent =
  | { type: 'payment_received'; endToEndId: string; txid?: string; amountCents: number; paidAt: string }
  | {
      type: 'send_updated';
      idempotencyId: string;
      status: 'processing' | 'paid' | 'failed';
      endToEndId?: string;
      amountCents: number;
      at: string;
      failure?: { reason: PixSendFailureReason; message: string; pspCode?: string };
    };

export type WebhookParse = { ok: true; events: PspEvent[] } | { ok: false; error: string };

/** Validates a webhook body and turns it into events (a malformed body → 400 and a log line, never a 500). */
export function parseWebhookBody(rawBody: string): WebhookParse {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { ok: false, error: 'body is not JSON' };
  }
  const parsed = pixWebhookBodySchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, error: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}` };
  }
  const events = parsed.data.pix.map((item): PspEvent => {
    if ('gnExtras' in item && item.gnExtras && typeof item.gnExtras === 'object') {
      const send = item as z.infer<typeof efiSendNotificationSchema>;
      const status =
        send.status === 'REALIZADO' ? 'paid' : send.status === 'NAO_REALIZADO' ? 'failed' : 'processing';
      const error = send.gnExtras.erro;
      const code = error?.codigo ?? error?.nome;
      const reason = status === 'failed' ? failureReasonOf(code, error?.motivo) : undefined;
      return {
        type: 'send_updated',
        idempotencyId: send.gnExtras.idEnvio,
        status,
        endToEndId: send.endToEndId,
        amountCents: valorToCents(send.valor),
        at:
          typeof send.horario === 'string'
            ? send.horario
            : (send.horario.liquidacao ?? send.horario.solicitacao),
        failure: reason ? { reason, message: PIX_SEND_FAILURE_MESSAGES[reason], pspCode: code } : undefined,
      };
    }
    const pix = item as z.infer<typeof receivedPixSchema>;
    return {
      type: 'payment_received',
      endToEndId: pix.endToEndId,
      txid: pix.txid,
      amountCents: valorToCents(pix.valor),
      paidAt: pix.horario,
    };
  });
  return { ok: true, events };
}
