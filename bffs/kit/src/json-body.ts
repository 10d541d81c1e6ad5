import type { Middleware } from 'koa';
import { MESSAGES } from '@turno/domain';
import { HttpError } from './errors';

const MAX_JSON_BYTES = 1024 * 1024;
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Reads a JSON request body into `ctx.request.body` (1 MiB at most).
 * A body that is not JSON is refused with 415: state changes travel only as JSON.
 * Multipart routes (photo upload) opt out by reading the stream themselves.
 */
export function jsonBody(options: { skip?: (path: string) => boolean } = {}): Middleware {
  return async (ctx, next) => {
    if (!METHODS_WITH_BODY.has(ctx.method) || options.skip?.(ctx.path)) return next();
    const length = Number(ctx.get('content-length') || '0');
    const chunked = ctx.get('transfer-encoding') !== '';
    if (length === 0 && !chunked) {
      (ctx.request as { body?: unknown }).body = undefined;
      return next();
    }
    if (!ctx.is('application/json')) {
      throw new HttpError(415, MESSAGES.common.jsonRequired);
    }
    if (length > MAX_JSON_BYTES) throw new HttpError(413, MESSAGES.common.payloadTooLarge);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req) {
      size += (chunk as Buffer).length;
      if (size > MAX_JSON_BYTES) throw new HttpError(413, MESSAGES.common.payloadTooLarge);
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    try {
      (ctx.request as { body?: unknown }).body = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw new HttpError(400, MESSAGES.common.invalidJson);
    }
    return next();
  };
}
