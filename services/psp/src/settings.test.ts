import { pspSettingsFromEnv } from './settings';

describe('pspSettingsFromEnv', () => {
  it('points at the fake PSP of npm start by default', () => {
    expect(pspSettingsFromEnv({ PORT_OFFSET: '10' })).toMatchObject({
      provider: 'efi',
      baseUrl: 'http://127.0.0.1:4510',
      webhookRequireSignature: true,
      timeoutMs: 10_000,
      rateLimitPerSecond: 20,
      tls: undefined,
    });
  });

  it('reads the certificate, limits and secrets', () => {
    expect(
      pspSettingsFromEnv({
        PSP_BASE_URL: 'https://pix.api.efipay.com.br',
        PSP_CERT_P12_PATH: '/run/secrets/efi.p12',
        PSP_CERT_PASSPHRASE: '',
        PSP_RATE_LIMIT_PER_SECOND: '50',
        PSP_TIMEOUT_MS: '3000',
        PSP_WEBHOOK_REQUIRE_SIGNATURE: 'false',
      }),
    ).toMatchObject({
      baseUrl: 'https://pix.api.efipay.com.br',
      tls: { pfxPath: '/run/secrets/efi.p12', passphrase: '' },
      rateLimitPerSecond: 50,
      timeoutMs: 3000,
      webhookRequireSignature: false,
    });
  });

  it('demands credentials and mutual TLS in production, and refuses nonsense', () => {
    expect(() => pspSettingsFromEnv({ NODE_ENV: 'production' })).toThrow(/PSP_BASE_URL is required/);
    const production = {
      NODE_ENV: 'production',
      PSP_BASE_URL: 'https://pix.api.efipay.com.br',
      PSP_CLIENT_ID: 'id',
      PSP_CLIENT_SECRET: 'secret',
      PSP_ACCOUNT_PIX_KEY: 'key',
      PSP_WEBHOOK_SECRET: 'w',
    };
    expect(() => pspSettingsFromEnv(production)).toThrow(/mutual TLS/);
    expect(
      pspSettingsFromEnv({ ...production, PSP_CERT_PEM_PATH: '/c.pem', PSP_KEY_PEM_PATH: '/k.pem' }),
    ).toMatchObject({ webhookRequireSignature: false, tls: { certPath: '/c.pem', keyPath: '/k.pem' } });
    expect(() => pspSettingsFromEnv({ PSP_CERT_PEM_PATH: '/c.pem' })).toThrow(/go together/);
    expect(() => pspSettingsFromEnv({ PSP_TIMEOUT_MS: 'soon' })).toThrow(/PSP_TIMEOUT_MS/);
    expect(() => pspSettingsFromEnv({ PSP_PROVIDER: 'other' })).toThrow(/PSP_PROVIDER/);
  });
});
