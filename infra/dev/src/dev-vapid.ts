import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A VAPID key pair (base64url): the P-256 public point (65 bytes) and private scalar (32 bytes). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A new P-256 pair in the form web push uses (what `web-push generate-vapid-keys` prints). */
export function generateVapidKeys(): VapidKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' }) as { x: string; y: string; d: string };
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x, 'base64url'),
    Buffer.from(jwk.y, 'base64url'),
  ]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d };
}

/**
 * `npm start`'s VAPID keys (development only, docs/decisions.md): VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when both are set, else the pair kept in `file` (`.turno/vapid-keys.json`,
 * git-ignored), made once: browsers subscribed in an earlier start keep working.
 */
export function devVapidKeys(file: string, env: NodeJS.ProcessEnv = process.env): VapidKeys {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (kept.publicKey && kept.privateKey) return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  }
  const keys = generateVapidKeys();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}
