import {
  decodeCursor,
  type EntityManager,
  notFound,
  pageOf,
  readFreelancerVetting,
  readPageAndTotal,
  UTC_ISO,
  UTC_MICROSECONDS,
  freelancerVettingOnTheWire,
} from '@turno/core';
import type { AdminVettingDetail, VettingQueuePage, VettingQueueQuerySchema } from '@turno/contracts';
import { MESSAGES, isValidCpf, parseSpecialties } from '@turno/domain';
import type { z } from 'zod';

export type VettingQueueFilter = z.output<typeof VettingQueueQuerySchema>;

interface QueueRow {
  id: number;
  name: string;
  cpf: string | null;
  identity_document_type: 'rg' | 'cnh' | null;
  submitted_at: string;
  submitted_at_key: string;
  resubmitted: boolean;
}

/**
 * "Análise de cadastro": the submitted checklists, oldest submission first, a page at a time (keyset
 * on the submission time and id, over the partial index `freelancers_vetting_queue_index`).
 */
export async function listVettingQueue(
  em: EntityManager,
  query: VettingQueueFilter,
): Promise<VettingQueuePage> {
  const cursor = decodeCursor(query.cursor, ['string', 'number']);
  const after = cursor ? 'and (f.vetting_submitted_at, f.id) > (?::timestamptz, ?)' : '';
  const { rows, total } = await readPageAndTotal<QueueRow>(
    em,
    {
      sql: `select f.id, f.name, f.cpf, f.identity_document_type,
         ${UTC_ISO('f.vetting_submitted_at')} as submitted_at,
         ${UTC_MICROSECONDS('f.vetting_submitted_at')} as submitted_at_key,
         f.vetting_reviewed_at is not null as resubmitted
       from freelancers f
       where f.vetting_status = 'submitted' ${after}
       order by f.vetting_submitted_at, f.id limit ?`,
      params: [...(cursor ?? []), query.limit + 1],
    },
    { sql: `select count(*) as total from freelancers f where f.vetting_status = 'submitted'`, params: [] },
  );
  const page = pageOf(
    rows,
    query.limit,
    (row) => [row.submitted_at_key, row.id],
    (row) => ({
      id: row.id,
      name: row.name,
      submitted_at: row.submitted_at,
      document_type: row.identity_document_type,
      cpf_valid: isValidCpf(row.cpf),
      resubmitted: row.resubmitted,
    }),
  );
  return { ...page, total };
}

interface DetailRow {
  id: number;
  name: string;
  phone: string | null;
  address: string | null;
  cpf: string | null;
  pix_key: string | null;
  profile_photo_url: string | null;
  experience_years: number;
  specialties: unknown;
  is_approved: boolean;
  is_available: boolean;
  created_at: string;
}

/** One freelancer's profile and checklist for the review screen; 404 when there is no such freelancer. */
export async function readVettingDetail(
  em: EntityManager,
  freelancerId: number,
): Promise<AdminVettingDetail> {
  const [row] = await em.getConnection().execute<DetailRow[]>(
    `select id, name, phone, address, cpf, pix_key, profile_photo_url, experience_years, specialties,
       is_approved, is_available, ${UTC_ISO('created_at')} as created_at
     from freelancers where id = ?`,
    [freelancerId],
  );
  if (!row) throw notFound('freelancer_not_found', MESSAGES.freelancers.notFound);
  const vetting = await readFreelancerVetting(em, freelancerId);
  return {
    ...row,
    specialties: parseSpecialties(Array.isArray(row.specialties) ? row.specialties : null),
    cpf_valid: isValidCpf(row.cpf),
    vetting: freelancerVettingOnTheWire(vetting),
  };
}
