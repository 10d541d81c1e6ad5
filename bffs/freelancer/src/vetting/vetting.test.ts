import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  FreelancerVettingSchema,
  PhotoUploadErrorSchema,
  VettingSubmitResponseSchema,
} from '@turno/contracts';
import { insertFreelancer } from '@turno/core/testing';
import { VETTING_MESSAGES } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createFreelancerBff } from '../app';

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'turno-vetting-bff-'));
  process.env.PHOTO_STORAGE_DIR = directory;
  bff = await startBffForTest(createFreelancerBff);
  roles = await walkRoles(bff.db.orm.em);
  const freelancer = await insertFreelancer(bff.db.orm.em.fork(), {
    name: 'Nina Nova',
    isApproved: false,
    cpf: '52998224725',
    pixKey: 'nina@pix.example',
    profilePhotoUrl: '/api/photos/1?v=abcdef12',
  });
  cookie = await bff.sessionCookie({
    role: 'freelancer',
    freelancerId: freelancer.id,
    userId: freelancer.user.id,
  });
});
afterAll(async () => {
  await bff.close();
  await rm(directory, { recursive: true, force: true });
});

const cameraJpeg = () => {
  const raw = Buffer.alloc(300 * 200 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width: 300, height: 200, channels: 3 } })
    .withExif({ IFD0: { Make: 'CameraDeTeste' } })
    .jpeg()
    .toBuffer();
};
const pdf = Buffer.from(`%PDF-1.4\n${'1'.repeat(3000)}\n%%EOF\n`, 'latin1');

const upload = async (kind: string, bytes: Buffer, type: string) => {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(bytes)], { type }),
    type === 'application/pdf' ? 'doc.pdf' : 'doc.jpg',
  );
  const response = await fetch(`${bff.url}/api/freelancers/vetting/documents/${kind}`, {
    method: 'POST',
    headers: { cookie, origin: new URL(bff.security.publicUrl).origin },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as unknown };
};
const vetting = async () =>
  FreelancerVettingSchema.parse((await bff.request('/api/freelancers/vetting', { cookie })).body);

describe('vetting, the freelancer side', () => {
  it('uploads the document and the selfie, then sends the checklist for review', async () => {
    expect(await vetting()).toMatchObject({
      status: 'incomplete',
      missing: ['document_type', 'identity_front', 'identity_back', 'selfie'],
    });
    const early = await bff.request('/api/freelancers/vetting/submit', {
      cookie,
      json: { document_type: 'cnh' },
    });
    expect(early).toMatchObject({
      status: 422,
      body: { error: VETTING_MESSAGES.incomplete(['identity_front', 'identity_back', 'selfie']) },
    });

    expect((await upload('identity_front', pdf, 'application/pdf')).status).toBe(200);
    expect((await upload('identity_back', await cameraJpeg(), 'image/jpeg')).status).toBe(200);
    const selfiePdf = await upload('selfie', pdf, 'application/pdf');
    expect(selfiePdf.status).toBe(400);
    expect(PhotoUploadErrorSchema.parse(selfiePdf.body).error).toBe(VETTING_MESSAGES.selfieNotImage);
    const text = await upload('identity_back', Buffer.alloc(5000, 'x'), 'image/jpeg');
    expect(PhotoUploadErrorSchema.parse(text.body)).toEqual({
      success: false,
      error: VETTING_MESSAGES.notImageOrPdf,
      details: VETTING_MESSAGES.notImageOrPdfDetails,
    });
    expect((await upload('selfie', await cameraJpeg(), 'image/jpeg')).status).toBe(200);
    expect((await vetting()).missing).toEqual(['document_type']);

    const sent = await bff.request('/api/freelancers/vetting/submit', {
      cookie,
      json: { document_type: 'cnh' },
    });
    expect(sent.status).toBe(200);
    expect(VettingSubmitResponseSchema.parse(sent.body).vetting).toMatchObject({
      status: 'submitted',
      missing: [],
      document_type: 'cnh',
    });
    // In review: the files stay as sent.
    expect(await upload('selfie', await cameraJpeg(), 'image/jpeg')).toMatchObject({
      status: 409,
      body: { success: false, error: VETTING_MESSAGES.alreadySubmitted },
    });
  });

  it('is the freelancer’s own: a business session is refused', async () => {
    const business = await bff.sessionCookie(roles.restaurant);
    expect((await bff.request('/api/freelancers/vetting', { cookie: business })).status).toBe(403);
  });
});
