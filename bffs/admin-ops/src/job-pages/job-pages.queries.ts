import {
  APPLICANT_COLUMNS,
  countsOf,
  decodeCursor,
  type EntityManager,
  notFound,
  pageOf,
  readPageAndCounts,
  toApplicant,
  UTC_ISO,
  type ApplicantDbRow,
  UTC_MICROSECONDS,
} from '@turno/core';
import type {
  AdminJobApplication,
  AdminJobApplicationsPage,
  AdminJobApplicationsQuerySchema,
} from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import type { z } from 'zod';

export type JobApplicationsFilter = z.output<typeof AdminJobApplicationsQuerySchema>;
type ApplicationCounts = AdminJobApplicationsPage['counts'];

interface ApplicationDbRow extends ApplicantDbRow {
  id: number;
  job_id: number;
  status: AdminJobApplication['status'];
  applied_at: string;
  applied_at_key: string;
}

/**
 * An application as listed: a pending one past its expiry counts as rejected and is hidden, like a
 * stored `expired` one (00-decisions "Applications").
 */
const VISIBLE = `(a.status in ('accepted', 'rejected') or (a.status = 'pending' and a.expires_at > ?))`;

/**
 * The applications of one job (admin: any job), oldest first, a page at a time, with the count of
 * each status. 404 "Vaga não encontrada" when the job does not exist.
 */
export async function listJobApplicationsPage(
  em: EntityManager,
  jobId: number,
  query: JobApplicationsFilter,
  now: Date = new Date(),
): Promise<AdminJobApplicationsPage> {
  const cursor = decodeCursor(query.cursor, ['string', 'number']);
  const after = cursor ? 'and (a.applied_at, a.id) > (?::timestamptz, ?)' : '';
  // One statement: the page, the count of each status and whether the job exists.
  const { rows, counts } = await readPageAndCounts<ApplicationDbRow>(
    em,
    {
      sql: `select a.id, a.job_id, a.status, ${APPLICANT_COLUMNS},
         ${UTC_ISO('a.applied_at')} as applied_at, ${UTC_MICROSECONDS('a.applied_at')} as applied_at_key
       from applications a join freelancers f on f.id = a.freelancer_id
       where a.job_id = ? and ${VISIBLE} ${after}
       order by a.applied_at, a.id limit ?`,
      params: [jobId, now, ...(cursor ?? []), query.limit + 1],
    },
    {
      sql: `select exists (select 1 from jobs where id = ?) as job_exists,
         count(*) as "all",
         count(*) filter (where a.status = 'pending') as pending,
         count(*) filter (where a.status = 'accepted') as accepted,
         count(*) filter (where a.status = 'rejected') as rejected
       from applications a where a.job_id = ? and ${VISIBLE}`,
      params: [jobId, jobId, now],
    },
  );
  if (counts?.job_exists !== true) throw notFound('job_not_found', MESSAGES.jobs.notFound);
  const countsRow = countsOf(counts as Record<keyof ApplicationCounts, number>, [
    'all',
    'pending',
    'accepted',
    'rejected',
  ]);
  const page = pageOf(rows, query.limit, (row) => [row.applied_at_key, row.id], toApplication);
  return { ...page, total: countsRow.all, counts: countsRow };
}

function toApplication(row: ApplicationDbRow): AdminJobApplication {
  return {
    id: row.id,
    job_id: row.job_id,
    status: row.status,
    ...toApplicant(row),
    applied_at: row.applied_at,
  };
}
