/**
 * Reading strikes (issue 23, "A fair reliability record"): a freelancer's "Ocorrências" with the
 * shift each one is about, whether applying is suspended, and an appeal of the admin's "Disputas"
 * (whose list is the admin-ops BFF's, on ADMIN_DISPUTE_COLUMNS_SQL and toAdminDispute). Plain SQL shaped into the contracts; the rules are libs/domain's.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  AdminDispute,
  AdminDisputesQuerySchema,
  FreelancerStrike,
  FreelancerStrikes,
} from '@turno/contracts';
import {
  STRIKE_LIFETIME_DAYS,
  SUSPENSION_DAYS,
  activeStrikes,
  appealDeadline,
  canAppeal,
  isStrikeActive,
  suspendedUntil,
  type StrikeAppealStatus,
  type StrikeReason,
} from '@turno/domain';
import type { z } from 'zod';
import { readReliabilityScore } from './score.queries';

const MS_PER_DAY = 86_400_000;
/** "Ocorrências" lists at most this many strikes (a year of them is far fewer). */
export const FREELANCER_STRIKES_MAX = 100;
/** … given in the last this many days. */
export const FREELANCER_STRIKES_SHOWN_DAYS = 365;

interface StrikeRow {
  id: number;
  freelancer_id: number;
  reason: StrikeReason;
  created_at: Date;
  expires_at: Date;
  removed_at: Date | null;
  appeal_status: StrikeAppealStatus | null;
  appeal_text: string | null;
  appealed_at: Date | null;
  appeal_decision_note: string | null;
  appeal_decided_at: Date | null;
  job_id: number | null;
  title: string | null;
  restaurant_name: string | null;
  date_needed: string | null;
  start_time: string | null;
  end_time: string | null;
}

const STRIKE_COLUMNS = `s.id, s.freelancer_id, s.reason, s.created_at, s.expires_at, s.removed_at,
    s.appeal_status, s.appeal_text, s.appealed_at, s.appeal_decision_note, s.appeal_decided_at,
    j.id as job_id, j.title, r.business_name as restaurant_name, to_char(j.date_needed, 'YYYY-MM-DD') as date_needed,
    j.start_time, j.end_time`;
const STRIKE_FROM = `from freelancer_strikes s
  left join assignments a on a.id = s.assignment_id
  left join jobs j on j.id = a.job_id
  left join restaurants r on r.id = j.restaurant_id`;
const STRIKE_SELECT = `select ${STRIKE_COLUMNS}
  ${STRIKE_FROM}`;

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function facts(row: StrikeRow) {
  return {
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    removedAt: row.removed_at ? new Date(row.removed_at) : null,
    appealStatus: row.appeal_status,
  };
}

function shiftOf(row: StrikeRow): FreelancerStrike['shift'] {
  if (row.job_id === null) return null;
  return {
    job_id: row.job_id,
    title: row.title ?? '',
    restaurant_name: row.restaurant_name ?? '',
    date_needed: row.date_needed ?? '',
    start_time: row.start_time ?? '',
    end_time: row.end_time ?? '',
  };
}

/** A strike as its freelancer sees it at `now`. */
export function toFreelancerStrike(row: StrikeRow, now: Date): FreelancerStrike {
  const strike = facts(row);
  return {
    id: row.id,
    reason: row.reason,
    created_at: iso(row.created_at)!,
    expires_at: iso(row.expires_at)!,
    active: isStrikeActive(strike, now),
    removed_at: iso(row.removed_at),
    appeal_status: row.appeal_status,
    appeal_text: row.appeal_text,
    appealed_at: iso(row.appealed_at),
    appeal_decision_note: row.appeal_decision_note,
    appeal_decided_at: iso(row.appeal_decided_at),
    appeal_deadline: appealDeadline(strike.createdAt).toISOString(),
    can_appeal: canAppeal(strike, now),
    shift: shiftOf(row),
  };
}

/** One strike of the freelancer, or null (another freelancer's strike reads as none). */
export async function readStrikeRow(
  em: EntityManager,
  strikeId: number,
  freelancerId?: number,
): Promise<StrikeRow | null> {
  const [row] = await em
    .getConnection()
    .execute<StrikeRow[]>(
      `${STRIKE_SELECT} where s.id = ? ${freelancerId === undefined ? '' : 'and s.freelancer_id = ?'}`,
      freelancerId === undefined ? [strikeId] : [strikeId, freelancerId],
    );
  return row ?? null;
}

/**
 * Until when `freelancerId` may not apply at `now` (libs/domain `suspendedUntil`), or null. Reads
 * only the strikes that can matter: given in the last 90 + 30 days, not removed.
 */
export async function readSuspendedUntil(
  em: EntityManager,
  freelancerId: number,
  now: Date = new Date(),
): Promise<Date | null> {
  const since = new Date(now.getTime() - (STRIKE_LIFETIME_DAYS + SUSPENSION_DAYS) * MS_PER_DAY);
  const rows = await em.getConnection().execute<{ created_at: Date; expires_at: Date }[]>(
    `select created_at, expires_at from freelancer_strikes
      where freelancer_id = ? and removed_at is null and created_at > ? and created_at <= ?`,
    [freelancerId, since, now],
  );
  return suspendedUntil(
    rows.map((row) => ({
      createdAt: new Date(row.created_at),
      expiresAt: new Date(row.expires_at),
      removedAt: null,
    })),
    now,
  );
}

/**
 * "Ocorrências": the freelancer's strikes of the last year, newest first (at most 100), how many
 * count now, the suspension if any, and the reliability score.
 */
export async function listFreelancerStrikes(
  em: EntityManager,
  freelancerId: number,
  now: Date = new Date(),
): Promise<FreelancerStrikes> {
  const since = new Date(now.getTime() - FREELANCER_STRIKES_SHOWN_DAYS * MS_PER_DAY);
  const [rows, suspended, reliability] = await Promise.all([
    em
      .getConnection()
      .execute<StrikeRow[]>(
        `${STRIKE_SELECT} where s.freelancer_id = ? and s.created_at > ? and s.created_at <= ? order by s.created_at desc, s.id desc limit ?`,
        [freelancerId, since, now, FREELANCER_STRIKES_MAX],
      ),
    readSuspendedUntil(em, freelancerId, now),
    readReliabilityScore(em, freelancerId, now),
  ]);
  return {
    items: rows.map((row) => toFreelancerStrike(row, now)),
    active_count: activeStrikes(rows.map(facts), now).length,
    suspended_until: iso(suspended),
    reliability,
  };
}

// --- "Disputas" --------------------------------------------------------------------------------

export type AdminDisputesFilter = z.output<typeof AdminDisputesQuerySchema>;

/** An appeal as the admin's queue shows it. */
export function toAdminDispute(row: StrikeRow & { freelancer_name: string }): AdminDispute {
  return {
    kind: 'strike_appeal',
    id: row.id,
    freelancer_id: row.freelancer_id,
    freelancer_name: row.freelancer_name,
    reason: row.reason,
    shift: shiftOf(row),
    text: row.appeal_text ?? '',
    submitted_at: iso(row.appealed_at)!,
    strike_created_at: iso(row.created_at)!,
    status: row.appeal_status ?? 'pending',
    decided_at: iso(row.appeal_decided_at),
    decision_note: row.appeal_decision_note,
  };
}

/**
 * What `toAdminDispute` reads: the columns of a strike (alias `s`), its shift and the freelancer's
 * name, then their `from` and joins — put after `select` (and the caller's own columns), followed
 * by the caller's `where`. The admin-ops BFF's "Disputas" list composes it.
 */
export const ADMIN_DISPUTE_COLUMNS_SQL = `${STRIKE_COLUMNS}, f.name as freelancer_name
  ${STRIKE_FROM}
  join freelancers f on f.id = s.freelancer_id`;

/** One appeal (any state) as the queue shows it, or null. */
export async function readDispute(em: EntityManager, strikeId: number): Promise<AdminDispute | null> {
  const [row] = await em
    .getConnection()
    .execute<(StrikeRow & { freelancer_name: string })[]>(
      `select ${ADMIN_DISPUTE_COLUMNS_SQL} where s.id = ? and s.appeal_status is not null`,
      [strikeId],
    );
  return row ? toAdminDispute(row) : null;
}
