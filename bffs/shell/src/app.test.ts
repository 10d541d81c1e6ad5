import {
  TEST_PUBLIC_URL,
  startBffForTest,
  walkRoles,
  walkRoutes,
  type TestBff,
  type WalkRoles,
} from '@turno/bff-kit/testing';
import { MESSAGES, auditActionLabel } from '@turno/domain';
import { createShellBff, createShellRoutes } from './app';
import { shellSettingsFromEnv } from './settings';

const settings = shellSettingsFromEnv({ PUBLIC_URL: TEST_PUBLIC_URL, OIDC_CLIENT_SECRET: 'not-used-here' });

let bff: TestBff;
let roles: WalkRoles;
beforeAll(async () => {
  bff = await startBffForTest((deps) => createShellBff(deps, settings));
  roles = await walkRoles(bff.db.orm.em);
});
afterAll(() => bff.close());

describe('shell BFF', () => {
  it('names every admin write it audits in pt-BR (Auditoria shows no route codes)', () => {
    const audited = createShellRoutes()
      .filter((route) => route.access === 'admin' && route.method !== 'get')
      .map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect(audited.length).toBeGreaterThan(0);
    expect(audited.filter((action) => auditActionLabel(action) === action)).toEqual([]);
  });

  it('answers /api/users/me with 401 in pt-BR while nobody is signed in', async () => {
    expect(await bff.get('/api/users/me')).toEqual({
      status: 401,
      body: { error: MESSAGES.common.unauthenticated },
    });
  });

  it('is alive and ready', async () => {
    expect((await bff.get('/livez')).status).toBe(200);
    expect((await bff.get('/readyz')).status).toBe(200);
  });

  it('guards every route: session, role and same-origin state changes', async () => {
    const { findings, checked } = await walkRoutes({
      bff,
      routes: createShellRoutes(settings),
      roles,
      publicRoutes: [
        'GET /api/oauth/google/redirect_url',
        'POST /api/sessions',
        'GET /api/logout',
        'POST /api/logout',
        'POST /api/admin/login',
        'POST /api/admin/login/mfa', // the second step: needs the sealed cookie of the password step
        'POST /api/admin/logout',
        'GET /api/photos/:freelancerId', // checks its sessions itself: routes/photos.test.ts
        'GET /api/team-invitations/:token', // the invited person's page, before they sign in (issue 28)
      ],
    });
    expect(findings).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });
});
