import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  TEST_PUBLIC_URL,
  startBffForTest,
  walkRoles,
  type TestBff,
  type WalkRoles,
} from '@turno/bff-kit/testing';
import { photoStorage, saveFreelancerPhoto, OWNER_MEMBERSHIP } from '@turno/core';
import { insertFreelancer, insertRestaurant } from '@turno/core/testing';
import { MESSAGES, PHOTO_MESSAGES } from '@turno/domain';
import { createShellBff } from '../app';
import { shellSettingsFromEnv } from '../settings';

const settings = shellSettingsFromEnv({ PUBLIC_URL: TEST_PUBLIC_URL, OIDC_CLIENT_SECRET: 'not-used-here' });

let bff: TestBff;
let roles: WalkRoles;
let directory: string;
let photoUrl: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'turno-photos-shell-'));
  process.env.PHOTO_STORAGE_DIR = directory;
  bff = await startBffForTest((deps) => createShellBff(deps, settings));
  roles = await walkRoles(bff.db.orm.em);
  const raw = Buffer.alloc(200 * 200 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  const jpeg = await sharp(raw, { raw: { width: 200, height: 200, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
  ({ photoUrl } = await saveFreelancerPhoto(bff.db.orm.em.fork(), roles.freelancer, jpeg, photoStorage()));
});
afterAll(async () => {
  await bff.close();
  await rm(directory, { recursive: true, force: true });
});

const get = async (path: string, cookie?: string) => {
  const response = await fetch(bff.url + path, { headers: cookie ? { cookie } : {} });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes };
};

describe('GET /api/photos/:freelancerId', () => {
  it('serves the photo to the freelancer, a business they worked for and admins, privately', async () => {
    for (const principal of [roles.freelancer, roles.restaurant, roles.admin]) {
      const { status, headers, bytes } = await get(photoUrl, await bff.sessionCookie(principal));
      expect({ role: principal.role, status }).toEqual({ role: principal.role, status: 200 });
      expect(headers.get('content-type')).toBe('image/jpeg');
      expect(headers.get('cache-control')).toBe('private, max-age=86400');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect((await sharp(bytes).metadata()).format).toBe('jpeg');
    }
    // An old version's address still shows the current photo, without being kept.
    const stale = await get(
      `/api/photos/${roles.freelancer.freelancerId}?v=0123456789abcdef`,
      await bff.sessionCookie(roles.freelancer),
    );
    expect({ status: stale.status, cache: stale.headers.get('cache-control') }).toEqual({
      status: 200,
      cache: 'private, no-cache',
    });
  });

  it('answers 401 without a session and 404 to anyone else, the same as for no photo', async () => {
    const none = await get(photoUrl);
    expect(none.status).toBe(401);
    expect(JSON.parse(none.bytes.toString())).toEqual({ error: MESSAGES.common.unauthenticated });

    const em = bff.db.orm.em.fork();
    const stranger = await insertRestaurant(em);
    const other = await insertFreelancer(em);
    const cookies = [
      await bff.sessionCookie({
        role: 'restaurant',
        restaurantId: stranger.id,
        userId: stranger.user.id,
        member: OWNER_MEMBERSHIP,
      }),
      await bff.sessionCookie({ role: 'freelancer', freelancerId: other.id, userId: other.user.id }),
      await bff.sessionCookie(roles.newUser),
    ];
    for (const cookie of cookies) {
      const refused = await get(photoUrl, cookie);
      expect(refused.status).toBe(404);
      expect(JSON.parse(refused.bytes.toString())).toEqual({ error: PHOTO_MESSAGES.notFound });
    }
    // The other freelancer's own (demo) photo is not an uploaded one: 404 for the admin too.
    expect((await get(`/api/photos/${other.id}`, await bff.sessionCookie(roles.admin))).status).toBe(404);
    expect((await get('/api/photos/abc', await bff.sessionCookie(roles.admin))).status).toBe(400);
  });
});
