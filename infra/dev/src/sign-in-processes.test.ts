import { portalConfig } from './config';
import { portalProcesses } from './portal-processes';

const byName = (config: ReturnType<typeof portalConfig>) =>
  Object.fromEntries(portalProcesses(config).map((spec) => [spec.name, spec]));

describe('sign-in in the local portal', () => {
  it('runs the development OpenID provider first, on 4400 + PORT_OFFSET, ready when discovery answers', () => {
    const config = portalConfig({ PORT_OFFSET: '10000' });
    config.oidc.clientSecret = 'secret-of-this-start';
    const specs = portalProcesses(config);
    expect(specs[0]).toMatchObject({
      name: 'dev-idp',
      script: 'infra/dev-idp/src/main.ts',
      readyUrl: 'http://127.0.0.1:14400/.well-known/openid-configuration',
      env: {
        DEV_IDP_PORT: '14400',
        OIDC_ISSUER: 'http://localhost:14400',
        OIDC_CLIENT_ID: 'turno-portal',
        OIDC_CLIENT_SECRET: 'secret-of-this-start',
        OIDC_REDIRECT_URI: 'http://localhost:18080/auth/callback',
      },
    });
  });

  it('gives the shell BFF the same client, and every BFF the public URL', () => {
    const config = portalConfig({ PUBLIC_URL: 'http://localhost:8080/' });
    config.oidc.clientSecret = 'shared';
    const specs = byName(config);
    expect(specs['bff-shell']?.env).toMatchObject({
      OIDC_ISSUER: 'http://localhost:4400',
      OIDC_CLIENT_SECRET: 'shared',
      OIDC_REDIRECT_URI: 'http://localhost:8080/auth/callback',
      PUBLIC_URL: 'http://localhost:8080',
    });
    for (const role of ['freelancer', 'restaurant', 'admin-ops', 'admin-billing']) {
      expect(specs[`bff-${role}`]?.env.PUBLIC_URL).toBe('http://localhost:8080');
      expect(specs[`bff-${role}`]?.env).not.toHaveProperty('OIDC_CLIENT_SECRET');
    }
  });

  it('does not run the development provider when OIDC_ISSUER names another one', () => {
    const config = portalConfig({
      OIDC_ISSUER: 'https://accounts.google.com',
      OIDC_CLIENT_ID: 'x.apps.googleusercontent.com',
      OIDC_CLIENT_SECRET: 'from-google',
    });
    expect(config.devIdp.enabled).toBe(false);
    expect(byName(config)).not.toHaveProperty('dev-idp');
    expect(byName(config)['bff-shell']?.env).toMatchObject({
      OIDC_ISSUER: 'https://accounts.google.com',
      OIDC_CLIENT_SECRET: 'from-google',
    });
  });
});
