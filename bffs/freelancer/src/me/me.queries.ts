import { type EntityManager, notFound, readReliabilityScore, readSuspendedUntil } from '@turno/core';
import type { FreelancerMe } from '@turno/contracts';
import { MESSAGES, type VettingStatus } from '@turno/domain';

interface FreelancerMeRow {
  id: number;
  user_id: number;
  name: string;
  phone: string | null;
  address: string | null;
  cpf: string | null;
  pix_key: string | null;
  experience_years: number;
  specialties: unknown;
  profile_photo_url: string | null;
  rating: string | null;
  total_jobs: number;
  is_approved: boolean;
  is_available: boolean;
  vetting_status: VettingStatus;
}

/**
 * GET /api/freelancers/me: the signed-in freelancer's own profile (spec 01 §3 "Freelancer
 * profile"), read in one statement. 404 "Perfil não encontrado…" when the row is gone (an admin
 * deleted it while the session lived).
 */
export async function readFreelancerMe(em: EntityManager, freelancerId: number): Promise<FreelancerMe> {
  const [row] = await em.getConnection().execute<FreelancerMeRow[]>(
    `select id, user_id, name, phone, address, cpf, pix_key, experience_years, specialties,
       profile_photo_url, rating::text as rating, total_jobs, is_approved, is_available, vetting_status
     from freelancers where id = ?`,
    [freelancerId],
  );
  if (!row) throw notFound('freelancer_not_found', MESSAGES.freelancers.profileNotFound);
  // Issue 23: the suspension (3 active strikes) and the reliability score, for the banner and Perfil.
  const [suspendedUntil, reliability] = await Promise.all([
    readSuspendedUntil(em, freelancerId),
    readReliabilityScore(em, freelancerId),
  ]);
  return {
    ...row,
    suspended_until: suspendedUntil ? suspendedUntil.toISOString() : null,
    reliability_score: reliability.score,
    specialties: Array.isArray(row.specialties) ? row.specialties.filter((s) => typeof s === 'string') : [],
    has_profile_photo: Boolean(row.profile_photo_url),
    rating: row.rating === null ? null : Number(row.rating),
  };
}
