import type { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import { VETTING_DOCUMENT_KINDS, VETTING_DOCUMENT_LABELS, type VettingDocumentKind } from '@turno/domain';
import { Freelancer, FreelancerDocument, User } from '../model';
import { photoStorage, vettingDocumentKey, type PhotoStorage } from '../photos';
import { cpfFromBase } from './cpf';

/** The demo freelancer whose complete checklist waits in "Análise de cadastro" (issue 27). */
export const DEMO_VETTING_FREELANCER = {
  name: 'Helena Prado',
  email: 'helena.prado@example.com',
  phone: '11998901234',
  cpfBase: '362815470',
  photo: '/static/avatars/helena.svg',
} as const;

/** A readable placeholder image of one document ("DEMONSTRAÇÃO"), JPEG. */
function placeholder(kind: VettingDocumentKind, name: string): Promise<Buffer> {
  const [width, height] = kind === 'selfie' ? [600, 800] : [856, 540];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${kind === 'selfie' ? '#dbeafe' : '#ecfccb'}"/>
    <rect x="16" y="16" width="${width - 32}" height="${height - 32}" fill="none" stroke="#334155" stroke-width="4"/>
    <text x="50%" y="42%" font-family="sans-serif" font-size="34" text-anchor="middle" fill="#0f172a">${VETTING_DOCUMENT_LABELS[kind]}</text>
    <text x="50%" y="54%" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#0f172a">${name}</text>
    <text x="50%" y="66%" font-family="sans-serif" font-size="24" text-anchor="middle" fill="#b91c1c">DEMONSTRAÇÃO</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * Vetting in the demo (issue 27): the approved freelancers count as vetted (approved before the
 * checklist existed, as the migration treats them), and Helena Prado waits in the admins' queue
 * with a complete checklist (RG front and back, selfie: placeholder images in the photo storage's
 * private prefix, under fixed keys so seeding again overwrites them).
 */
export async function seedDemoVetting(
  em: EntityManager,
  now: Date,
  storage: PhotoStorage = photoStorage(),
): Promise<void> {
  await em.execute(
    `update freelancers set vetting_status = 'approved', vetting_reviewed_at = approved_at where is_approved`,
  );
  const seed = DEMO_VETTING_FREELANCER;
  const createdAt = new Date(now.getTime() - 3 * 24 * 3600_000);
  const user = em.create(User, { email: seed.email, name: seed.name, userType: 'freelancer', createdAt });
  const freelancer = em.create(Freelancer, {
    user,
    name: seed.name,
    phone: seed.phone,
    cpf: cpfFromBase(seed.cpfBase),
    pixKey: seed.email,
    experienceYears: 2,
    specialties: ['Operador de Caixa', 'Estoquista'],
    profilePhotoUrl: seed.photo,
    isApproved: false,
    isAvailable: true,
    identityDocumentType: 'rg',
    vettingStatus: 'submitted',
    vettingSubmittedAt: new Date(now.getTime() - 20 * 3600_000),
    createdAt,
  });
  await em.flush();
  for (const kind of VETTING_DOCUMENT_KINDS) {
    const bytes = await placeholder(kind, seed.name);
    const key = vettingDocumentKey(freelancer.id, kind, 'demo', 'jpg');
    await storage.put(key, bytes, 'image/jpeg');
    em.create(FreelancerDocument, {
      freelancer,
      kind,
      storageKey: key,
      contentType: 'image/jpeg',
      bytes: bytes.length,
      createdAt,
    });
  }
  await em.flush();
}
