import { createECDH, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devVapidKeys, generateVapidKeys } from './dev-vapid';

describe('development VAPID keys', () => {
  it('are a P-256 pair: the private scalar gives the public point, and they sign and verify', () => {
    const keys = generateVapidKeys();
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
    expect(ecdh.getPublicKey().toString('base64url')).toBe(keys.publicKey);
    const point = Buffer.from(keys.publicKey, 'base64url');
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    };
    const privateKey = createPrivateKey({ key: { ...jwk, d: keys.privateKey }, format: 'jwk' });
    const signature = sign('sha256', Buffer.from('turno'), privateKey);
    expect(
      verify('sha256', Buffer.from('turno'), createPublicKey({ key: jwk, format: 'jwk' }), signature),
    ).toBe(true);
  });

  it('are made once and kept in the file, unless the environment gives them', () => {
    const folder = mkdtempSync(join(tmpdir(), 'vapid-'));
    try {
      const file = join(folder, 'vapid-keys.json');
      const first = devVapidKeys(file, {});
      expect(devVapidKeys(file, {})).toEqual(first);
      expect(devVapidKeys(file, { VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' })).toEqual({
        publicKey: 'pub',
        privateKey: 'priv',
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
