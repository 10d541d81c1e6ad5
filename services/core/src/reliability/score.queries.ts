/**
 * The reliability score of many freelancers at once (issue 23), set-based in SQL: one statement
 * whatever their number, each freelancer's counts read through the (freelancer_id, …) indexes of
 * assignments and freelancer_strikes. The formula is libs/domain's `reliabilityScore`, written in
 * SQL with the same weights and minimum (a test holds them equal), so lists can sort by it.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReliabilityScore } from '@turno/contracts';
import {
  LATE_GRACE_MINUTES,
  RELIABILITY_MIN_SHIFTS,
  RELIABILITY_WEIGHTS,
  SAO_PAULO_TIME_ZONE,
  reliabilityWindowStart,
} from '@turno/domain';

/** SQL: the instant a job's shift starts (its Sao Paulo date and 'HH:MM' start). */
const SHIFT_START = (job: string) =>
  `((${job}.date_needed + ${job}.start_time::time) at time zone '${SAO_PAULO_TIME_ZONE}')`;

/** SQL: the score from the counts `completed, no_shows, check_ins, late_check_ins, late_cancellations` of `c`. */
export const RELIABILITY_SCORE_SQL = (c: string) => {
  const shifts = `(${c}.completed + ${c}.no_shows + ${c}.late_cancellations)`;
  const held = `(${c}.completed + ${c}.no_shows)`;
  return `case when ${shifts} < ${RELIABILITY_MIN_SHIFTS} then null else least(100, greatest(0, floor(
      ${RELIABILITY_WEIGHTS.attendance} * (case when ${held} > 0 then ${c}.completed::numeric / ${held} else 0 end)
    + ${RELIABILITY_WEIGHTS.punctuality} * (case when ${c}.check_ins > 0
        then (${c}.check_ins - ${c}.late_check_ins)::numeric / ${c}.check_ins else 0 end)
    + ${RELIABILITY_WEIGHTS.cancellations} * (1 - ${c}.late_cancellations::numeric / ${shifts})
    + 0.5 + 0.000000001)))::int end`;
};

/**
 * SQL selecting `freelancer_id` and the counts and `score` of each freelancer id `idsSql` yields
 * (a subquery of one int column), over the 90 days before `now`: shifts whose start fell in it
 * (completed; checked in, "atrasado" after start + LATE_GRACE_MINUTES) and strikes given in it not
 * removed on appeal (no-shows, late cancellations). Its parameters follow `idsParams`.
 */
export function reliabilitySql(
  idsSql: string,
  idsParams: readonly unknown[],
  now: Date,
): { sql: string; params: unknown[] } {
  const from = reliabilityWindowStart(now);
  const sql = `select c.*, ${RELIABILITY_SCORE_SQL('c')} as score from (
      select f.id as freelancer_id,
        coalesce(sh.completed, 0)::int as completed, coalesce(st.no_shows, 0)::int as no_shows,
        coalesce(sh.check_ins, 0)::int as check_ins, coalesce(sh.late_check_ins, 0)::int as late_check_ins,
        coalesce(st.late_cancellations, 0)::int as late_cancellations
      from (select distinct ids.id from (${idsSql}) as ids(id)) f
      left join lateral (
        select count(*) filter (where a.status = 'completed') as completed,
          count(*) filter (where a.check_in_at is not null) as check_ins,
          count(*) filter (where a.check_in_at > ${SHIFT_START('j')} + interval '${LATE_GRACE_MINUTES} minutes') as late_check_ins
        from assignments a join jobs j on j.id = a.job_id
        where a.freelancer_id = f.id and a.status in ('in_progress', 'completed')
          and ${SHIFT_START('j')} > ? and ${SHIFT_START('j')} <= ?
      ) sh on true
      left join lateral (
        select count(*) filter (where s.reason = 'no_show') as no_shows,
          count(*) filter (where s.reason = 'late_cancel') as late_cancellations
        from freelancer_strikes s
        where s.freelancer_id = f.id and s.removed_at is null and s.created_at > ? and s.created_at <= ?
      ) st on true
    ) c`;
  return { sql, params: [...idsParams, from, now, from, now] };
}

interface ScoreRow {
  freelancer_id: number;
  completed: number;
  no_shows: number;
  check_ins: number;
  late_check_ins: number;
  late_cancellations: number;
  score: number | null;
}

/** The reliability of each of `freelancerIds` at `now` (one statement), by freelancer id. */
export async function readReliabilityScores(
  em: EntityManager,
  freelancerIds: readonly number[],
  now: Date = new Date(),
): Promise<Map<number, ReliabilityScore>> {
  if (freelancerIds.length === 0) return new Map();
  const { sql, params } = reliabilitySql('select unnest(?::int[])', [`{${freelancerIds.join(',')}}`], now);
  const rows = await em.getConnection().execute<ScoreRow[]>(sql, params);
  return new Map(
    rows.map((row) => [
      row.freelancer_id,
      {
        score: row.score,
        completed: row.completed,
        no_shows: row.no_shows,
        check_ins: row.check_ins,
        late_check_ins: row.late_check_ins,
        late_cancellations: row.late_cancellations,
      },
    ]),
  );
}

/** One freelancer's reliability at `now`. */
export async function readReliabilityScore(
  em: EntityManager,
  freelancerId: number,
  now: Date = new Date(),
): Promise<ReliabilityScore> {
  const scores = await readReliabilityScores(em, [freelancerId], now);
  return (
    scores.get(freelancerId) ?? {
      score: null,
      completed: 0,
      no_shows: 0,
      check_ins: 0,
      late_check_ins: 0,
      late_cancellations: 0,
    }
  );
}
