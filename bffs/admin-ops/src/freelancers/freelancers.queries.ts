import {
  assignableToJobSql,
  containsPattern,
  countsOf,
  decodeCursor,
  type EntityManager,
  foldedMatch,
  type ListReadOptions,
  pageOf,
  readPageAndTotal,
  readPageWithKeptCounts,
  SqlWhere,
  statusCountsSql,
  UTC_ISO,
  UTC_MICROSECONDS,
  VersionedCache,
} from '@turno/core';
import type {
  AdminFreelancer,
  AdminFreelancersPage,
  AdminFreelancersQuerySchema,
  FreelancerOption,
  FreelancerOptionsPage,
  FreelancerOptionsQuerySchema,
} from '@turno/contracts';
import { missingVettingItems, parseSpecialties } from '@turno/domain';
import type { z } from 'zod';

export type AdminFreelancersFilter = z.output<typeof AdminFreelancersQuerySchema>;
export type FreelancerOptionsFilter = z.output<typeof FreelancerOptionsQuerySchema>;
type FreelancerCounts = AdminFreelancersPage['counts'];

interface FreelancerDbRow {
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
  rating: string | number | null;
  total_jobs: number;
  is_approved: boolean;
  is_available: boolean;
  approved_at: string | null;
  created_at: string;
  created_at_key: string;
  vetting_status: NonNullable<AdminFreelancer['vetting_status']>;
  identity_document_type: string | null;
  document_kinds: string[] | null;
}

function toAdminFreelancer(row: FreelancerDbRow): AdminFreelancer {
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.name,
    phone: row.phone,
    address: row.address,
    cpf: row.cpf,
    pix_key: row.pix_key,
    experience_years: row.experience_years,
    specialties: parseSpecialties(Array.isArray(row.specialties) ? row.specialties : null),
    profile_photo_url: row.profile_photo_url,
    rating: row.rating === null ? null : Number(row.rating),
    total_jobs: row.total_jobs,
    is_approved: row.is_approved,
    is_available: row.is_available,
    approved_at: row.approved_at,
    created_at: row.created_at,
    vetting_status: row.vetting_status,
    // Issue 27: "Aprovar" only for a complete checklist (the same rule the approval enforces).
    vetting_complete:
      missingVettingItems({
        cpf: row.cpf,
        pixKey: row.pix_key,
        hasProfilePhoto: Boolean(row.profile_photo_url),
        documentType: row.identity_document_type,
        documents: row.document_kinds ?? [],
      }).length === 0,
  };
}

/** Account states of spec 02 §4 with is_available in place of is_active. */
const STATUS_CONDITIONS: Record<Exclude<AdminFreelancersFilter['status'], 'all'>, string> = {
  approved: 'f.is_approved',
  pending: 'not f.is_approved and f.is_available',
  rejected: 'not f.is_available',
};

/**
 * Name or specialty, case- and accent-insensitive: the name is folded in `search_text`; the
 * specialties (a short jsonb list) are folded on the fly.
 */
function searchFilter(q: string | undefined): SqlWhere {
  const filter = new SqlWhere();
  if (q) {
    const pattern = containsPattern(q);
    filter.add(foldedMatch(['f.search_text', 'turno_fold(f.specialties::text)']), pattern, pattern);
  }
  return filter;
}

const countsCache = new VersionedCache<FreelancerCounts>();

/**
 * Freelancers for the admin "Freelancers" tab: newest registration first, one account status, a
 * search over name and specialties; the stat cards count each status over the search.
 */
export async function listAdminFreelancersPage(
  em: EntityManager,
  query: AdminFreelancersFilter,
  options: Pick<ListReadOptions, 'dataVersion'> = {},
): Promise<AdminFreelancersPage> {
  const filter = searchFilter(query.q);
  const where = filter.copy();
  if (query.status !== 'all') where.add(STATUS_CONDITIONS[query.status]);
  const cursor = decodeCursor(query.cursor, ['string', 'number']);
  if (cursor) where.add('(f.created_at, f.id) < (?::timestamptz, ?)', ...cursor);

  // One statement: the page and, unless kept for this data version, the stat cards' counts.
  const { rows, counts } = await readPageWithKeptCounts<FreelancerDbRow, FreelancerCounts>(
    em,
    {
      sql: `select f.id, f.user_id, f.name, f.phone, f.address, f.cpf, f.pix_key, f.experience_years,
         f.specialties, f.profile_photo_url, f.rating, f.total_jobs, f.is_approved, f.is_available,
         ${UTC_ISO('f.approved_at')} as approved_at, ${UTC_ISO('f.created_at')} as created_at,
         ${UTC_MICROSECONDS('f.created_at')} as created_at_key,
         f.vetting_status, f.identity_document_type,
         (select array_agg(d.kind) from freelancer_documents d where d.freelancer_id = f.id) as document_kinds
       from freelancers f ${where.sql()}
       order by f.created_at desc, f.id desc limit ?`,
      params: [...where.params, query.limit + 1],
    },
    {
      cache: countsCache,
      key: JSON.stringify(['admin-freelancers', query.q ?? '']),
      version: options.dataVersion,
      statement: () => ({
        sql: statusCountsSql(`freelancers f ${filter.sql()}`, STATUS_CONDITIONS),
        params: filter.params,
      }),
      shape: (row) => countsOf(row as Record<string, number>, ['all', 'pending', 'approved', 'rejected']),
    },
  );
  const page = pageOf(rows, query.limit, (row) => [row.created_at_key, row.id], toAdminFreelancer);
  return { ...page, total: counts[query.status], counts };
}

interface OptionDbRow extends FreelancerOption {
  total: string;
}

/**
 * Freelancers to pick from, sorted by name then id (keyset on both): every one (the block modal
 * marks those not approved or inactive), only the approved and available, or, given a job, only
 * those the assign command accepts for it (the assign modal).
 */
export async function listFreelancerOptionsPage(
  em: EntityManager,
  query: FreelancerOptionsFilter,
): Promise<FreelancerOptionsPage> {
  const filter = new SqlWhere();
  if (query.q) filter.add(foldedMatch(['f.search_text']), containsPattern(query.q));
  if (query.eligible === 'assignable' && query.job_id !== undefined) {
    // Exactly whom the assign command accepts for that job (core's rule).
    const assignable = assignableToJobSql(query.job_id);
    filter.add(assignable.sql, ...assignable.params);
  } else if (query.eligible === 'assignable') filter.add('f.is_approved and f.is_available');
  const where = filter.copy();
  // The cursor is the last row's id; its name is read back (a name may be longer than a cursor part).
  const cursor = decodeCursor(query.cursor, ['number']);
  if (cursor)
    where.add('(f.name, f.id) > ((select name from freelancers where id = ?), ?)', cursor[0], cursor[0]);
  // One statement: the page and its total.
  const { rows, total } = await readPageAndTotal<OptionDbRow>(
    em,
    {
      sql: `select f.id, f.name, f.phone, f.is_approved, f.is_available
       from freelancers f ${where.sql()}
       order by f.name, f.id limit ?`,
      params: [...where.params, query.limit + 1],
    },
    { sql: `select count(*) as total from freelancers f ${filter.sql()}`, params: filter.params },
  );
  const page = pageOf(
    rows,
    query.limit,
    (row) => [row.id],
    ({ id, name, phone, is_approved, is_available }) => ({ id, name, phone, is_approved, is_available }),
  );
  return { ...page, total };
}
