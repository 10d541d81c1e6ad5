import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalPhotoStorage } from './local-photo-storage';
import { photoStorageFromEnv } from './photo-storage';
import { S3PhotoStorage } from './s3-photo-storage';

describe('local photo storage', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'turno-photos-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('puts, gets and deletes by key, and refuses keys that leave its directory', async () => {
    const storage = new LocalPhotoStorage(directory);
    await storage.put('freelancers/7/abc.jpg', Buffer.from('bytes'), 'image/jpeg');
    expect(await storage.get('freelancers/7/abc.jpg')).toEqual({
      bytes: Buffer.from('bytes'),
      contentType: 'image/jpeg',
    });
    expect(await readdir(join(directory, 'freelancers/7'))).toEqual(['abc.jpg', 'abc.jpg.type']);
    await storage.delete('freelancers/7/abc.jpg');
    expect(await storage.get('freelancers/7/abc.jpg')).toBeNull();
    await storage.delete('freelancers/7/abc.jpg');
    await expect(storage.put('../fora.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow('unsafe key');
    await expect(storage.get('/etc/passwd')).rejects.toThrow('unsafe key');
  });

  it('is chosen by the environment', () => {
    expect(photoStorageFromEnv({ PHOTO_STORAGE_DIR: directory })).toBeInstanceOf(LocalPhotoStorage);
    expect((photoStorageFromEnv({ PHOTO_STORAGE_DIR: directory }) as LocalPhotoStorage).directory).toBe(
      directory,
    );
    expect(() => photoStorageFromEnv({ PHOTO_STORAGE: 's3' })).toThrow('PHOTO_S3_ENDPOINT');
    expect(() => photoStorageFromEnv({ PHOTO_STORAGE: 'ftp' })).toThrow('"local" or "s3"');
    expect(
      photoStorageFromEnv({
        PHOTO_STORAGE: 's3',
        PHOTO_S3_ENDPOINT: 'http://127.0.0.1:9',
        PHOTO_S3_BUCKET: 'b',
        PHOTO_S3_ACCESS_KEY_ID: 'k',
        PHOTO_S3_SECRET_ACCESS_KEY: 's',
      }),
    ).toBeInstanceOf(S3PhotoStorage);
  });
});

// ---------------------------------------------------------------------------------------------
// A tiny S3 stand-in that verifies AWS Signature V4 (header form) on every request, written from
// the specification, independently of aws4fetch: a request signed with another secret, or whose
// body does not match the signed SHA-256, is refused 403.

const ACCESS_KEY = 'AKIDTURNOTEST';
const SECRET = 'segredo-de-teste';
const REGION = 'sa-east-1';

const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

function expectedSignature(request: IncomingMessage, signedHeaders: string[], payloadHash: string) {
  const url = new URL(request.url ?? '/', 'http://x');
  const canonicalQuery = [...url.searchParams]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join('&');
  const canonicalHeaders = signedHeaders
    .map((name) => `${name}:${String(request.headers[name] ?? '').trim()}\n`)
    .join('');
  const canonicalRequest = [
    request.method,
    url.pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const amzDate = String(request.headers['x-amz-date']);
  const scope = `${amzDate.slice(0, 8)}/${REGION}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${SECRET}`, amzDate.slice(0, 8));
  for (const part of [REGION, 's3', 'aws4_request']) key = hmac(key, part);
  return { scope, signature: createHmac('sha256', key).update(toSign).digest('hex') };
}

interface FakeS3 {
  server: Server;
  endpoint: string;
  objects: Map<string, { bytes: Buffer; contentType: string }>;
  seen: string[];
}

async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const seen: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const auth =
        /^AWS4-HMAC-SHA256 Credential=([^/]+)\/([^,]+), SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
          String(request.headers.authorization ?? ''),
        );
      const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
      const signedHeaders = auth?.[3]?.split(';') ?? [];
      const expected = auth ? expectedSignature(request, signedHeaders, payloadHash) : null;
      const bodyMatches =
        payloadHash === 'UNSIGNED-PAYLOAD' ? request.method !== 'PUT' : payloadHash === sha256(body);
      if (
        !auth ||
        !expected ||
        auth[1] !== ACCESS_KEY ||
        auth[2] !== expected.scope ||
        auth[4] !== expected.signature ||
        !signedHeaders.includes('host') ||
        !signedHeaders.includes('x-amz-date') ||
        !bodyMatches
      ) {
        seen.push(`${request.method} refused`);
        response.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const key = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
      seen.push(`${request.method} ${key}`);
      if (request.method === 'PUT') {
        objects.set(key, { bytes: body, contentType: String(request.headers['content-type']) });
        response.writeHead(200).end();
      } else if (request.method === 'GET') {
        const object = objects.get(key);
        if (!object) response.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        else response.writeHead(200, { 'content-type': object.contentType }).end(object.bytes);
      } else if (request.method === 'DELETE') {
        objects.delete(key);
        response.writeHead(204).end();
      } else response.writeHead(405).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, endpoint: `http://127.0.0.1:${port}`, objects, seen };
}

describe('S3-compatible photo storage', () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(() => new Promise<void>((resolve) => s3.server.close(() => resolve())));

  const storage = (secret = SECRET) =>
    new S3PhotoStorage({
      endpoint: `${s3.endpoint}/`,
      bucket: 'turno-fotos',
      region: REGION,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: secret,
      prefix: 'prod/',
    });

  it('puts and gets objects with signed requests, path style, under its prefix', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]);
    await storage().put('freelancers/3/abc.jpg', bytes, 'image/jpeg');
    expect(s3.objects.get('/turno-fotos/prod/freelancers/3/abc.jpg')).toEqual({
      bytes,
      contentType: 'image/jpeg',
    });
    expect(await storage().get('freelancers/3/abc.jpg')).toEqual({ bytes, contentType: 'image/jpeg' });
    expect(await storage().get('freelancers/3/nada.jpg')).toBeNull();
    await storage().delete('freelancers/3/abc.jpg');
    expect(s3.objects.size).toBe(0);
    expect(s3.seen).toEqual([
      'PUT /turno-fotos/prod/freelancers/3/abc.jpg',
      'GET /turno-fotos/prod/freelancers/3/abc.jpg',
      'GET /turno-fotos/prod/freelancers/3/nada.jpg',
      'DELETE /turno-fotos/prod/freelancers/3/abc.jpg',
    ]);
  });

  it('fails loudly when the service refuses the signature (wrong secret)', async () => {
    await expect(
      storage('outro-segredo').put('freelancers/3/x.jpg', Buffer.from('x'), 'image/jpeg'),
    ).rejects.toThrow('PUT answered 403');
    await expect(storage('outro-segredo').get('freelancers/3/x.jpg')).rejects.toThrow('GET answered 403');
    expect(s3.objects.size).toBe(0);
  });
});
