import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { assertSafeKey } from './photo-keys';
import type { PhotoStorage, StoredPhoto } from './photo-storage';

export interface S3PhotoStorageOptions {
  /** The service's base URL, e.g. `https://s3.sa-east-1.amazonaws.com`, a MinIO or R2 endpoint. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to every key (e.g. `turno/`). */
  prefix?: string;
  /** For tests: the fetch the client uses. */
  fetchImpl?: typeof fetch;
}

/**
 * Photos in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2…), path-style URLs
 * (`{endpoint}/{bucket}/{key}`), requests signed with AWS Signature V4 (aws4fetch). The body's
 * SHA-256 is signed too, so the service refuses a body changed on the way. The bucket stays private:
 * photos are read by the BFF and served to those allowed, never linked directly.
 */
export class S3PhotoStorage implements PhotoStorage {
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(private readonly options: S3PhotoStorageOptions) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: 's3',
    });
    this.base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}/`;
  }

  private url(key: string) {
    const full = `${this.options.prefix ?? ''}${assertSafeKey(key)}`;
    return this.base + full.split('/').map(encodeURIComponent).join('/');
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    const request = await this.client.sign(url, init);
    return (this.options.fetchImpl ?? fetch)(request);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const response = await this.send(this.url(key), {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: {
        'Content-Type': contentType,
        'X-Amz-Content-Sha256': createHash('sha256').update(bytes).digest('hex'),
      },
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`photo storage: PUT answered ${response.status}`);
  }

  async get(key: string): Promise<StoredPhoto | null> {
    const response = await this.send(this.url(key), { method: 'GET' });
    if (response.status === 404) {
      await response.arrayBuffer();
      return null;
    }
    if (!response.ok) {
      await response.arrayBuffer();
      throw new Error(`photo storage: GET answered ${response.status}`);
    }
    return {
      bytes: Buffer.from(await response.arrayBuffer()),
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    };
  }

  async delete(key: string): Promise<void> {
    const response = await this.send(this.url(key), { method: 'DELETE' });
    await response.arrayBuffer();
    if (!response.ok && response.status !== 404) {
      throw new Error(`photo storage: DELETE answered ${response.status}`);
    }
  }
}
