import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  AdminFreelancersPageSchema,
  AdminVettingDetailSchema,
  VettingQueuePageSchema,
  VettingRejectResponseSchema,
} from '@turno/contracts';
import { photoStorage, saveVettingDocument, submitVetting, type EntityManager } from '@turno/core';
import { insertFreelancer } from '@turno/core/testing';
import { VETTING_MESSAGES } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createAdminOpsBff } from '../app';

let bff: TestBff;
let roles: WalkRoles;
let admin: string;
let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'turno-vetting-ops-'));
  process.env.PHOTO_STORAGE_DIR = directory;
  bff = await startBffForTest(createAdminOpsBff);
  roles = await walkRoles(bff.db.orm.em);
  admin = await bff.sessionCookie(roles.admin);
});
afterAll(async () => {
  await bff.close();
  await rm(directory, { recursive: true, force: true });
});

const em = (): EntityManager => bff.db.orm.em.fork();
const sql = <T>(text: string, params: unknown[] = []) => em().getConnection().execute<T[]>(text, params);

const photo = (seed: number) => {
  const raw = Buffer.alloc(120 * 120 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * seed) % 251;
  return sharp(raw, { raw: { width: 120, height: 120, channels: 3 } })
    .jpeg()
    .toBuffer();
};

/** A freelancer with a complete checklist sent for review at `submittedAt`. */
async function submitted(name: string, submittedAt: Date) {
  const freelancer = await insertFreelancer(em(), {
    name,
    isApproved: false,
    cpf: '52998224725',
    pixKey: `${name.split(' ')[0]!.toLowerCase()}@pix.example`,
    profilePhotoUrl: '/api/photos/1?v=abcdef12',
  });
  const actor = { role: 'freelancer' as const, freelancerId: freelancer.id, userId: freelancer.user.id };
  for (const [index, kind] of (['identity_front', 'identity_back', 'selfie'] as const).entries())
    await saveVettingDocument(em(), actor, kind, await photo(index + 3), photoStorage());
  await submitVetting(em(), actor, { documentType: 'rg' }, submittedAt);
  return freelancer;
}

describe('Análise de cadastro', () => {
  it('lists submissions oldest first; shows one with its CPF check; streams its files to admins only, audited', async () => {
    const later = await submitted('Vera Depois', new Date('2026-11-20T12:00:00Z'));
    const earlier = await submitted('Vitor Antes', new Date('2026-11-19T12:00:00Z'));

    const queue = VettingQueuePageSchema.parse(
      (await bff.request('/api/admin/vetting?limit=1', { cookie: admin })).body,
    );
    const rest = VettingQueuePageSchema.parse(
      (await bff.request(`/api/admin/vetting?limit=50&cursor=${queue.nextCursor}`, { cookie: admin })).body,
    );
    const ids = [...queue.items, ...rest.items].map((item) => item.id);
    expect(ids.indexOf(earlier.id)).toBeLessThan(ids.indexOf(later.id));
    expect(ids.indexOf(earlier.id)).toBeGreaterThanOrEqual(0);
    expect(queue.total).toBe(ids.length);
    // The demo's waiting submission (seeded with its documents) is in the queue too.
    expect([...queue.items, ...rest.items].map((item) => item.name)).toContain('Helena Prado');

    const detail = AdminVettingDetailSchema.parse(
      (await bff.request(`/api/admin/vetting/${earlier.id}`, { cookie: admin })).body,
    );
    expect(detail).toMatchObject({
      name: 'Vitor Antes',
      cpf_valid: true,
      vetting: { status: 'submitted', missing: [] },
    });
    expect(detail.vetting.documents.map((d) => d.kind)).toEqual([
      'identity_back',
      'identity_front',
      'selfie',
    ]);

    const file = await fetch(`${bff.url}/api/admin/vetting/${earlier.id}/documents/selfie`, {
      headers: { cookie: admin },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).format).toBe('jpeg');
    const [viewed] = await sql<{ details: { kind: string } }>(
      `select details from audit_events where action = 'vetting.document_viewed' and target_id = ?`,
      [String(earlier.id)],
    );
    expect(viewed?.details).toEqual({ kind: 'selfie' });

    // Never a business's nor a freelancer's, not even their own.
    for (const who of [roles.restaurant, roles.freelancer]) {
      const cookie = await bff.sessionCookie(who);
      expect(
        (await bff.request(`/api/admin/vetting/${earlier.id}/documents/selfie`, { cookie })).status,
      ).toBe(403);
    }
    const own = await bff.sessionCookie({
      role: 'freelancer',
      freelancerId: earlier.id,
      userId: earlier.user.id,
    });
    expect(
      (await bff.request(`/api/admin/vetting/${earlier.id}/documents/selfie`, { cookie: own })).status,
    ).toBe(403);
    expect(
      (await bff.request(`/api/admin/vetting/${earlier.id}/documents/passport`, { cookie: admin })).status,
    ).toBe(400);
  });

  it('asks for a correction with a reason (audited, out of the queue); refuses to approve an incomplete profile', async () => {
    const freelancer = await submitted('Rita Correção', new Date('2026-11-21T12:00:00Z'));
    const other = await bff.request(`/api/admin/vetting/${freelancer.id}/reject`, {
      method: 'POST',
      cookie: admin,
      json: { reason: 'other' },
    });
    expect(other).toMatchObject({ status: 400, body: { error: VETTING_MESSAGES.noteRequired } });
    const rejected = await bff.request(`/api/admin/vetting/${freelancer.id}/reject`, {
      method: 'POST',
      cookie: admin,
      json: { reason: 'selfie_mismatch', note: 'Segure o documento ao lado do rosto.' },
    });
    expect(rejected.status).toBe(200);
    expect(VettingRejectResponseSchema.parse(rejected.body)).toEqual({
      id: freelancer.id,
      status: 'rejected',
    });
    const [audit] = await sql<{
      outcome: string;
      details: { after: Record<string, Record<string, unknown>> };
    }>(
      `select outcome, details from audit_events
        where action = 'POST /api/admin/vetting/:id/reject' and target_id = ? order by id desc limit 1`,
      [String(freelancer.id)],
    );
    expect(audit?.outcome).toBe('success');
    expect(audit?.details.after[`freelancers:${freelancer.id}`]).toMatchObject({
      vetting_status: 'rejected',
      vetting_rejection_reason: 'selfie_mismatch',
    });
    const queue = VettingQueuePageSchema.parse(
      (await bff.request('/api/admin/vetting?limit=100', { cookie: admin })).body,
    );
    expect(queue.items.map((item) => item.id)).not.toContain(freelancer.id);

    // An incomplete profile: not offered "Aprovar" (vetting_complete false), and refused whatever is sent.
    const incomplete = await insertFreelancer(em(), { name: 'Ivo Incompleto', isApproved: false });
    const list = AdminFreelancersPageSchema.parse(
      (await bff.request('/api/admin/freelancers?q=Ivo%20Incompleto', { cookie: admin })).body,
    );
    expect(list.items).toEqual([expect.objectContaining({ id: incomplete.id, vetting_complete: false })]);
    const approve = await bff.request(`/api/admin/freelancers/${incomplete.id}/approve`, {
      method: 'POST',
      cookie: admin,
    });
    expect(approve).toMatchObject({ status: 422, body: { error: VETTING_MESSAGES.cannotApproveIncomplete } });
    const [refused] = await sql<{ outcome: string }>(
      `select outcome from audit_events where action = 'POST /api/admin/freelancers/:id/approve' and target_id = ?`,
      [String(incomplete.id)],
    );
    expect(refused?.outcome).toBe('refused');
  });
});
