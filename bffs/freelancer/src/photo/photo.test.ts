import { request as httpRequest } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { FreelancerMeSchema, PhotoUploadErrorSchema, PhotoUploadResponseSchema } from '@turno/contracts';
import { MESSAGES, PHOTO_MESSAGES } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createFreelancerBff } from '../app';
import { pendingFreelancerCookie } from '../test-support';

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'turno-photos-bff-'));
  process.env.PHOTO_STORAGE_DIR = directory;
  bff = await startBffForTest(createFreelancerBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await pendingFreelancerCookie(bff);
});
afterAll(async () => {
  await bff.close();
  await rm(directory, { recursive: true, force: true });
});

/** A real photo: noisy pixels (JPEG cannot squeeze them under 1 KB) and EXIF with a camera name. */
async function cameraJpeg(width = 1200, height = 900): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .withExif({ IFD0: { Make: 'CameraDeTeste' } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const upload = async (
  bytes: Buffer,
  name = 'foto.jpg',
  field = 'photo',
  type = 'image/jpeg',
  who = cookie,
) => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${bff.url}/api/freelancers/upload-photo`, {
    method: 'POST',
    headers: { cookie: who, origin: new URL(bff.security.publicUrl).origin },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as unknown };
};

const me = async () => FreelancerMeSchema.parse((await bff.request('/api/freelancers/me', { cookie })).body);

describe('POST /api/freelancers/upload-photo', () => {
  it('stores a real JPEG re-encoded without EXIF, and the profile shows it (the banner goes away)', async () => {
    expect((await me()).has_profile_photo).toBe(false);
    const { status, body } = await upload(await cameraJpeg());
    expect(status).toBe(200);
    const answer = PhotoUploadResponseSchema.parse(body);
    expect(answer.message).toBe(MESSAGES.photos.uploaded);
    expect(answer.photoUrl).toMatch(/^\/api\/photos\/\d+\?v=[a-f0-9]{24}$/);
    const profile = await me();
    expect(profile).toMatchObject({ has_profile_photo: true, profile_photo_url: answer.photoUrl });

    const [stored] = (await readdir(join(directory, `freelancers/${profile.id}`))).filter((f) =>
      f.endsWith('.jpg'),
    );
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(join(directory, `freelancers/${profile.id}`, stored!));
    expect(bytes.includes(Buffer.from('CameraDeTeste'))).toBe(false);
    const metadata = await sharp(bytes).metadata();
    expect({ format: metadata.format, width: metadata.width, exif: metadata.exif }).toEqual({
      format: 'jpeg',
      width: 640,
      exif: undefined,
    });
  });

  it('refuses by content, not by name: a text file called .jpg, with error and details in pt-BR', async () => {
    const before = (await me()).profile_photo_url;
    const text = Buffer.from('Isto não é uma foto, só um texto renomeado. '.repeat(60));
    const { status, body } = await upload(text, 'foto.jpg', 'photo', 'image/jpeg');
    expect(status).toBe(400);
    expect(PhotoUploadErrorSchema.parse(body)).toEqual({
      success: false,
      error: MESSAGES.photos.notImage,
      details: PHOTO_MESSAGES.notImageDetails,
    });
    // A real PNG named .txt with a text type is accepted: the bytes decide.
    const png = await sharp(await cameraJpeg(200, 200))
      .png()
      .toBuffer();
    expect((await upload(png, 'nome-qualquer.txt', 'photo', 'text/plain')).status).toBe(200);
    expect((await me()).profile_photo_url).not.toBe(before);
  });

  it('refuses too small, too large, a missing field and a JSON body', async () => {
    const tiny = await upload(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    expect(tiny).toEqual({
      status: 400,
      body: { success: false, error: MESSAGES.photos.tooSmall, details: PHOTO_MESSAGES.tooSmallDetails },
    });
    const six = Buffer.concat([await cameraJpeg(300, 300), Buffer.alloc(6 * 1024 * 1024)]);
    const large = await upload(six);
    expect(large.status).toBe(413);
    expect(large.body).toMatchObject({ success: false, error: MESSAGES.photos.tooLarge });
    const wrongField = await upload(await cameraJpeg(300, 300), 'foto.jpg', 'arquivo');
    expect(wrongField).toEqual({
      status: 400,
      body: { success: false, error: MESSAGES.photos.missing, details: null },
    });
    const json = await bff.request('/api/freelancers/upload-photo', { cookie, json: { photo: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({ success: false, error: PHOTO_MESSAGES.notMultipart });
  });

  it('answers 413 to a 50 MB stream long before it ends, without buffering it', async () => {
    const boundary = 'turnoBoundary';
    const chunk = Buffer.alloc(256 * 1024, 0xab);
    const total = 50 * 1024 * 1024;
    /**
     * One upload. The server answers and closes while the client still writes; when the close
     * reaches the client's next write before the answer is read (a loaded machine), the request
     * fails with EPIPE/ECONNRESET: that attempt reports status 0 and how much it had sent.
     */
    const attempt = () =>
      new Promise<{ status: number; sent: number; body: string }>((resolve, reject) => {
        let sent = 0;
        let answered = false;
        const request = httpRequest(`${bff.url}/api/freelancers/upload-photo`, {
          method: 'POST',
          headers: {
            cookie,
            origin: new URL(bff.security.publicUrl).origin,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'transfer-encoding': 'chunked',
          },
        });
        request.on('response', (response) => {
          answered = true;
          let body = '';
          response.on('data', (data: Buffer) => (body += data.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, sent, body }));
        });
        request.on('error', (error: NodeJS.ErrnoException) => {
          if (answered) return;
          answered = true;
          if (error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve({ status: 0, sent, body: '' });
          else reject(error);
        });
        request.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="enorme.jpg"\r\n` +
            'Content-Type: image/jpeg\r\n\r\n',
        );
        request.write(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
        const pump = () => {
          while (!answered && sent < total) {
            sent += chunk.length;
            if (!request.write(chunk)) {
              request.once('drain', pump);
              return;
            }
          }
          if (!answered) request.end(`\r\n--${boundary}--\r\n`);
        };
        pump();
      });
    const attempts = [];
    for (let tries = 0; tries < 5; tries++) {
      const result = await attempt();
      attempts.push(result);
      if (result.status !== 0) break;
    }
    // Every attempt was stopped while the client had sent a fraction of the 50 MB …
    for (const result of attempts) expect(result.sent).toBeLessThan(20 * 1024 * 1024);
    // … and the answer, once read, is the 413 with its pt-BR text.
    const answered = attempts.at(-1)!;
    expect(answered.status).toBe(413);
    expect(JSON.parse(answered.body)).toMatchObject({ success: false, error: MESSAGES.photos.tooLarge });
  });

  it('refuses a declared 50 MB body before reading it', async () => {
    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${bff.url}/api/freelancers/upload-photo`, {
        method: 'POST',
        headers: {
          cookie,
          origin: new URL(bff.security.publicUrl).origin,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(50 * 1024 * 1024),
        },
      });
      request.on('response', (res) => {
        let body = '';
        res.on('data', (data: Buffer) => (body += data.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.write('--x\r\n');
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ error: MESSAGES.photos.tooLarge });
  });

  it('is for freelancers only, checked before the upload is read', async () => {
    const photo = await cameraJpeg(300, 300);
    const restaurant = await upload(
      photo,
      'foto.jpg',
      'photo',
      'image/jpeg',
      await bff.sessionCookie(roles.restaurant),
    );
    expect(restaurant.status).toBe(403);
    const nobody = await upload(photo, 'foto.jpg', 'photo', 'image/jpeg', '');
    expect(nobody.status).toBe(401);
  });
});
