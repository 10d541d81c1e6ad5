import {
  containsPattern,
  countsOf,
  decodeCursor,
  type EntityManager,
  foldedMatch,
  pageOf,
  readPageWithKeptCounts,
  SqlWhere,
  type SqlStatement,
  UTC_ISO,
  VersionedCache,
} from '@turno/core';
import type { AdminRating, AdminRatingsPage, AdminRatingsQuerySchema, RatingStats } from '@turno/contracts';
import type { z } from 'zod';

export type AdminRatingsFilter = z.output<typeof AdminRatingsQuerySchema>;

const RATING_FROM = `from ratings ra
  join assignments a on a.id = ra.assignment_id
  join jobs j on j.id = a.job_id
  join restaurants r on r.id = j.restaurant_id
  join freelancers f on f.id = a.freelancer_id`;

interface RatingCounts {
  total: number;
  stats: RatingStats;
}

const countsCache = new VersionedCache<RatingCounts>();

/** The WHERE of the admin ratings list (search, score, rater), shared by the page and the export. */
export function adminRatingsWhere(query: Pick<AdminRatingsFilter, 'q' | 'rating' | 'rater'>): SqlWhere {
  const filter = new SqlWhere();
  if (query.q) {
    filter.add(
      `(${foldedMatch(['j.search_text', 'r.search_text', 'f.search_text'])} or turno_fold(coalesce(ra.comment, '')) like turno_fold(?))`,
      ...Array(4).fill(containsPattern(query.q)),
    );
  }
  if (query.rating !== 'all') filter.add('ra.rating = ?', Number(query.rating));
  if (query.rater !== 'all') filter.add('ra.rater_type = ?', query.rater);
  return filter;
}

/** The statement of the ratings list's rows in its order (newest first), after `afterId` when given. */
function adminRatingsSql(filter: SqlWhere, limit: number, afterId?: number): SqlStatement {
  const where = filter.copy();
  if (afterId !== undefined) where.add('ra.id < ?', afterId);
  return {
    sql: `select ra.id, ra.rating, ra.comment, ra.rater_type as rated_by_type, j.title as job_title,
       r.business_name as restaurant_name, f.name as freelancer_name,
       to_char(j.date_needed, 'YYYY-MM-DD') as date_needed, j.start_time, j.end_time,
       ${UTC_ISO('ra.created_at')} as created_at, ra.assignment_id
     ${RATING_FROM} ${where.sql()}
     order by ra.id desc limit ?`,
    params: [...where.params, limit],
  };
}

/**
 * Every rating of the platform for the admin "Avaliações" tab (spec 02 §2): newest first, a search
 * over job title, business, freelancer and comment, one score, one rater side; the cards count the
 * whole platform (kept per data version).
 */
export async function listAdminRatingsPage(
  em: EntityManager,
  query: AdminRatingsFilter,
  options: { dataVersion?: number } = {},
): Promise<AdminRatingsPage> {
  const filter = adminRatingsWhere(query);
  const cursor = decodeCursor(query.cursor, ['number']);
  // One statement: the page and, unless kept for this filter and data version, the filter's total
  // and the platform's cards.
  const { rows, counts } = await readPageWithKeptCounts<AdminRating, RatingCounts>(
    em,
    adminRatingsSql(filter, query.limit + 1, cursor?.[0] as number | undefined),
    {
      cache: countsCache,
      key: JSON.stringify(['admin-ratings', query.q ?? '', query.rating, query.rater]),
      version: options.dataVersion,
      statement: () => ({
        sql: `select (select count(*) ${RATING_FROM} ${filter.sql()}) as filtered,
           count(*) as total, avg(rating)::float8 as average,
           count(*) filter (where rater_type = 'restaurant') as by_restaurants,
           count(*) filter (where rater_type = 'freelancer') as by_freelancers
         from ratings`,
        params: filter.params,
      }),
      shape: (row) => {
        const numbers = countsOf(row as Record<string, number>, [
          'filtered',
          'total',
          'by_restaurants',
          'by_freelancers',
        ]);
        return {
          total: numbers.filtered,
          stats: {
            total: numbers.total,
            average: row?.average === null || row?.average === undefined ? null : Number(row.average),
            byRestaurants: numbers.by_restaurants,
            byFreelancers: numbers.by_freelancers,
          },
        };
      },
    },
  );
  const page = pageOf(
    rows,
    query.limit,
    (row) => [row.id],
    (row) => row,
  );
  return { ...page, total: counts.total, stats: counts.stats };
}
