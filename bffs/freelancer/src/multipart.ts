import type { IncomingHttpHeaders } from 'node:http';
import type { Context, Middleware } from 'koa';
import busboy from 'busboy';
import { HttpError } from '@turno/bff-kit';
import { MESSAGES, PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '@turno/domain';

/**
 * Multipart uploads on a kit-made app. The kit reads JSON bodies only (anything else is 415); an
 * upload route needs the raw stream. This middleware goes first on the app: for a multipart POST to
 * one of `paths` it keeps the request's headers in `ctx.state.multipartHeaders` and hides the body
 * from the JSON reader (which then sees an empty body), so session, CSRF and access checks still
 * run before the route reads a single byte of the upload. On the way out, an error answer of those
 * paths becomes `{ success: false, error, details }` (spec 01 §7), `details` from
 * `ctx.state.uploadDetails`.
 */
export function multipartUploads(paths: readonly string[]): Middleware {
  const upload = new Set(paths);
  return async (ctx, next) => {
    if (!upload.has(ctx.path)) return next();
    if (ctx.method === 'POST' && ctx.is('multipart/form-data')) {
      ctx.state.multipartHeaders = { ...ctx.req.headers };
      delete ctx.req.headers['content-length'];
      delete ctx.req.headers['transfer-encoding'];
    }
    await next();
    const error = (ctx.body as { error?: unknown } | undefined)?.error;
    if (ctx.status >= 400 && typeof error === 'string') {
      ctx.body = { success: false, error, details: (ctx.state.uploadDetails as string | undefined) ?? null };
    }
  };
}

/** Room for the multipart framing around the file (boundaries, part headers). */
const FRAMING_BYTES = 64 * 1024;

/**
 * The bytes of one file field, read while the request streams in: at most `maxBytes` are kept, and
 * the upload is refused (413) the moment it passes them — a declared length above the limit before
 * reading anything, a streamed one at the first byte over. The rest is never buffered: parsing
 * stops, the answer goes out at once with `Connection: close`, and what the client still sends is
 * discarded until the socket closes.
 */
export async function readFileField(
  ctx: Context,
  field: string,
  maxBytes: number = PHOTO_MAX_BYTES,
): Promise<Buffer> {
  const headers = ctx.state.multipartHeaders as IncomingHttpHeaders | undefined;
  const refuse = (status: number, message: string, details: string | null): never => {
    ctx.state.uploadDetails = details;
    throw new HttpError(status, message);
  };
  if (!headers) return refuse(400, PHOTO_MESSAGES.notMultipart, PHOTO_MESSAGES.notMultipartDetails);
  const declared = Number(headers['content-length'] ?? NaN);
  const tooLarge = () => {
    ctx.set('Connection', 'close');
    ctx.req.unpipe();
    ctx.req.resume();
    return refuse(413, MESSAGES.photos.tooLarge, PHOTO_MESSAGES.tooLargeDetails);
  };
  if (declared > maxBytes + FRAMING_BYTES) tooLarge();

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers,
      limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 20 },
    });
  } catch {
    return refuse(400, PHOTO_MESSAGES.notMultipart, PHOTO_MESSAGES.notMultipartDetails);
  }

  const file = await new Promise<Buffer | null>((resolve, reject) => {
    let found: Buffer | null = null;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      ctx.req.unpipe(parser);
      reject(error);
    };
    parser.on('file', (name, stream) => {
      if (name !== field || found) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        chunks.length = 0;
        stream.resume();
        fail('too-large');
      });
      stream.on('end', () => {
        if (!failed) found = Buffer.concat(chunks);
      });
    });
    parser.on('filesLimit', () => fail(new HttpError(400, PHOTO_MESSAGES.tooManyFiles)));
    parser.on('error', () => fail(new HttpError(400, PHOTO_MESSAGES.notMultipart)));
    parser.on('close', () => {
      if (!failed) resolve(found);
    });
    ctx.req.on('error', fail);
    ctx.req.pipe(parser);
  }).catch((error: unknown) => (error === 'too-large' ? tooLarge() : Promise.reject(error)));

  if (!file || file.length === 0) return refuse(400, MESSAGES.photos.missing, null);
  return file;
}
