import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { MESSAGES, VETTING_MESSAGES } from '@turno/domain';
import { Freelancer } from '../model';
import {
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
  noisyImage,
  useDatabaseAndPhotoStorage,
} from '../testing';
import { removeFreelancerAccount } from '../workflows/account-removal.service';
import { NOW, admin, asFreelancer, expectRefusal } from '../shared/test-kit';
import { readVettingDocument, saveVettingDocument } from '../photos/vetting-documents';
import { approveFreelancer } from './accounts.service';
import { readFreelancerVetting, rejectVetting, submitVetting } from './vetting.service';

/** A noisy photo (JPEG cannot squeeze it under 1 KB) carrying EXIF (camera make and model). */
const photoWithExif = () => noisyImage({ size: 200, format: 'jpeg', exif: true });
const pdf = () => Buffer.from(`%PDF-1.4\n${'0'.repeat(2000)}\n%%EOF\n`, 'latin1');

describe('vetting', () => {
  const suite = useDatabaseAndPhotoStorage('turno-vetting-');
  const em = () => suite.db.orm.em.fork();

  const newcomer = () =>
    insertFreelancer(em(), {
      isApproved: false,
      cpf: '52998224725',
      pixKey: 'pessoa@pix.example',
      profilePhotoUrl: '/api/photos/1?v=abcdef12',
    });

  it('goes incomplete → submitted → rejected with a reason → submitted → approved, refusing what is out of turn', async () => {
    const freelancer = await newcomer();
    const actor = asFreelancer(freelancer);
    expect(await readFreelancerVetting(em(), freelancer.id)).toMatchObject({
      status: 'incomplete',
      missing: ['document_type', 'identity_front', 'identity_back', 'selfie'],
    });
    // Neither a submission nor an approval of an incomplete profile.
    await expectRefusal(
      submitVetting(em(), actor, { documentType: 'rg' }),
      422,
      VETTING_MESSAGES.incomplete(['identity_front', 'identity_back', 'selfie']),
    );
    await expectRefusal(
      approveFreelancer(em(), admin, freelancer.id),
      422,
      VETTING_MESSAGES.cannotApproveIncomplete,
    );
    await expectRefusal(
      rejectVetting(em(), admin, freelancer.id, { reason: 'document_expired' }),
      409,
      VETTING_MESSAGES.notSubmitted,
    );

    await saveVettingDocument(em(), actor, 'identity_front', pdf(), suite.storage);
    await saveVettingDocument(em(), actor, 'identity_back', await photoWithExif(), suite.storage);
    await saveVettingDocument(em(), actor, 'selfie', await photoWithExif(), suite.storage);
    await expectRefusal(
      submitVetting(em(), actor, { documentType: 'passaporte' }),
      400,
      VETTING_MESSAGES.invalidDocumentType,
    );
    const submitted = await submitVetting(em(), actor, { documentType: 'cnh' }, NOW);
    expect(submitted).toMatchObject({
      status: 'submitted',
      missing: [],
      documentType: 'cnh',
      submittedAt: NOW,
    });
    await expectRefusal(
      submitVetting(em(), actor, { documentType: 'cnh' }),
      409,
      VETTING_MESSAGES.alreadySubmitted,
    );
    // In review, the files stay as sent.
    await expectRefusal(
      saveVettingDocument(em(), actor, 'selfie', await photoWithExif(), suite.storage),
      409,
      VETTING_MESSAGES.alreadySubmitted,
    );

    await expectRefusal(
      rejectVetting(em(), admin, freelancer.id, { reason: 'nenhum' }),
      400,
      VETTING_MESSAGES.invalidReason,
    );
    await expectRefusal(
      rejectVetting(em(), admin, freelancer.id, { reason: 'other' }),
      400,
      VETTING_MESSAGES.noteRequired,
    );
    await expectRefusal(
      rejectVetting(em(), actor, freelancer.id, { reason: 'document_expired' }),
      403,
      MESSAGES.common.forbidden,
    );
    await expect(
      rejectVetting(em(), admin, freelancer.id, { reason: 'document_illegible', note: ' Frente cortada ' }),
    ).resolves.toEqual({ id: freelancer.id, status: 'rejected' });
    expect(await readFreelancerVetting(em(), freelancer.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'document_illegible',
      rejectionNote: 'Frente cortada',
    });
    // Still pending and active: a correction, not the account's rejection.
    expect(await em().findOneOrFail(Freelancer, freelancer.id)).toMatchObject({
      isApproved: false,
      isAvailable: true,
    });

    // The freelancer sends a new front and submits again; the reason is cleared.
    await saveVettingDocument(em(), actor, 'identity_front', await photoWithExif(), suite.storage);
    expect(await submitVetting(em(), actor, { documentType: 'cnh' })).toMatchObject({
      status: 'submitted',
      rejectionReason: null,
      rejectionNote: null,
    });
    await expect(approveFreelancer(em(), admin, freelancer.id, NOW)).resolves.toEqual({
      id: freelancer.id,
      state: 'approved',
    });
    expect(await em().findOneOrFail(Freelancer, freelancer.id)).toMatchObject({
      isApproved: true,
      vettingStatus: 'approved',
      vettingReviewedAt: NOW,
    });
    // One file per kind remains (the replaced front was removed), all under the private prefix.
    const files = await readdir(join(suite.directory, `documents/freelancers/${freelancer.id}`));
    expect(
      files
        .filter((name) => !name.endsWith('.type'))
        .map((name) => name.replace(/-[a-f0-9]{24}\./, '.'))
        .sort(),
    ).toEqual(['identity_back.jpg', 'identity_front.jpg', 'selfie.jpg']);

    const trail = await em()
      .getConnection()
      .execute<{ action: string; actor_id: number }[]>(
        "select action, actor_id from audit_events where target_type = 'freelancer' and target_id = ? order by id",
        [String(freelancer.id)],
      );
    expect(trail).toEqual([
      { action: 'vetting.submitted', actor_id: freelancer.user.id },
      { action: 'vetting.submitted', actor_id: freelancer.user.id },
    ]);
  });

  it('stores images without their metadata, PDFs for the document only, and refuses what is neither', async () => {
    const freelancer = await newcomer();
    const actor = asFreelancer(freelancer);
    const upload = await photoWithExif();
    expect((await sharp(upload).metadata()).exif).toBeDefined();
    await saveVettingDocument(em(), actor, 'selfie', upload, suite.storage);
    const stored = await readVettingDocument(em(), admin, freelancer.id, 'selfie', suite.storage);
    expect(stored?.contentType).toBe('image/jpeg');
    expect((await sharp(stored!.bytes).metadata()).exif).toBeUndefined();

    await expectRefusal(
      saveVettingDocument(em(), actor, 'selfie', pdf(), suite.storage),
      400,
      VETTING_MESSAGES.selfieNotImage,
    );
    await expectRefusal(
      saveVettingDocument(em(), actor, 'identity_front', Buffer.alloc(4000, 'a'), suite.storage),
      400,
      VETTING_MESSAGES.notImageOrPdf,
    );
    await expectRefusal(
      saveVettingDocument(em(), actor, 'identity_front', Buffer.from('%PDF-'), suite.storage),
      400,
      MESSAGES.photos.tooSmall,
    );
    await saveVettingDocument(em(), actor, 'identity_front', pdf(), suite.storage);
    expect(
      (await readVettingDocument(em(), admin, freelancer.id, 'identity_front', suite.storage))?.contentType,
    ).toBe('application/pdf');
    // Nobody but an admin reads them, the freelancer included.
    expect(await readVettingDocument(em(), actor, freelancer.id, 'selfie', suite.storage)).toBeNull();
    expect(await readVettingDocument(em(), admin, freelancer.id, 'identity_back', suite.storage)).toBeNull();
  });

  it('removes the documents, rows and files, with the account, deleted or anonymized', async () => {
    const files = async (id: number) =>
      (
        await readdir(join(suite.directory, `documents/freelancers/${id}`)).catch(() => [] as string[])
      ).filter((name) => !name.endsWith('.type'));
    const rows = async (id: number) =>
      (await em().getConnection().execute('select 1 from freelancer_documents where freelancer_id = ?', [id]))
        .length;
    const restaurant = await insertRestaurant(em());
    for (const worked of [false, true]) {
      const freelancer = await newcomer();
      await saveVettingDocument(
        em(),
        asFreelancer(freelancer),
        'selfie',
        await photoWithExif(),
        suite.storage,
      );
      await saveVettingDocument(em(), asFreelancer(freelancer), 'identity_front', pdf(), suite.storage);
      if (worked) await insertCompletedAssignment(em(), await insertJob(em(), restaurant), freelancer);
      expect(await files(freelancer.id)).toHaveLength(2);
      const removal = await removeFreelancerAccount(em(), admin, freelancer.id, suite.storage);
      expect(removal.outcome).toBe(worked ? 'anonymized' : 'deleted');
      expect(await files(freelancer.id)).toEqual([]);
      expect(await rows(freelancer.id)).toBe(0);
    }
  });
});
