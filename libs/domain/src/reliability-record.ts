/**
 * Reading a freelancer's reliability record (issue 23, "A fair reliability record", part H4):
 * which strikes count, when they suspend applying, whether one may still be appealed, and the
 * reliability score, with the numbers of reliability.ts. Every instant is an
 * absolute one (a Date): 90 days are 90 × 24 h whatever the clocks did in between.
 */
import {
  APPEAL_WINDOW_DAYS,
  RELIABILITY_WINDOW_DAYS,
  STRIKES_TO_SUSPEND,
  SUSPENSION_DAYS,
} from './reliability';
import type { StrikeAppealStatus } from './shift-records';
import { MS_PER_DAY } from './time';

/** What the rules read of a strike. */
export interface StrikeFacts {
  createdAt: Date;
  expiresAt: Date;
  /** Set when an appeal removed it: it never counted again. */
  removedAt: Date | null;
}

/** True while the strike counts at `now`: not removed, and `now` before its expiry (90 days after it). */
export function isStrikeActive(strike: StrikeFacts, now: Date): boolean {
  return strike.removedAt === null && now.getTime() < strike.expiresAt.getTime();
}

/** The strikes that count at `now`. */
export function activeStrikes<T extends StrikeFacts>(strikes: readonly T[], now: Date): T[] {
  return strikes.filter((strike) => isStrikeActive(strike, now) && strike.createdAt <= now);
}

/**
 * Until when the freelancer may not apply, or null. Each strike that brings the count of strikes
 * active at its own instant to 3 (or more) suspends applying for 30 days from that strike; the
 * latest such end still ahead of `now` wins. A removed strike never counted, so removing one lifts
 * the suspension it caused (and a later one that needed it).
 */
export function suspendedUntil(strikes: readonly StrikeFacts[], now: Date): Date | null {
  const kept = strikes.filter((s) => s.removedAt === null && s.createdAt <= now);
  let until: number | null = null;
  for (const strike of kept) {
    const at = strike.createdAt.getTime();
    const activeThen = kept.filter(
      (other) => other.createdAt.getTime() <= at && other.expiresAt.getTime() > at,
    ).length;
    if (activeThen < STRIKES_TO_SUSPEND) continue;
    const end = at + SUSPENSION_DAYS * MS_PER_DAY;
    if (end > now.getTime() && (until === null || end > until)) until = end;
  }
  return until === null ? null : new Date(until);
}

/** The last instant (exclusive) a strike given at `createdAt` may be appealed: 7 days later. */
export function appealDeadline(createdAt: Date): Date {
  return new Date(createdAt.getTime() + APPEAL_WINDOW_DAYS * MS_PER_DAY);
}

/** Why an appeal is refused, or null when it may be made. */
export type AppealRefusal = 'already_appealed' | 'removed' | 'window_closed';

/** Whether the strike may be appealed at `now`: once, not removed, within 7 days of it. */
export function appealRefusal(
  strike: StrikeFacts & { appealStatus: StrikeAppealStatus | null },
  now: Date,
): AppealRefusal | null {
  if (strike.appealStatus !== null) return 'already_appealed';
  if (strike.removedAt !== null) return 'removed';
  if (now.getTime() >= appealDeadline(strike.createdAt).getTime()) return 'window_closed';
  return null;
}

/** True when the strike may be appealed at `now`. */
export function canAppeal(
  strike: StrikeFacts & { appealStatus: StrikeAppealStatus | null },
  now: Date,
): boolean {
  return appealRefusal(strike, now) === null;
}

/** An appeal's text: 5 to 1000 characters after trimming. */
export const APPEAL_TEXT_MIN_LENGTH = 5;
export const APPEAL_TEXT_MAX_LENGTH = 1000;
/** The admin's note on a decision: 5 to 1000 characters after trimming. */
export const APPEAL_NOTE_MIN_LENGTH = 5;
export const APPEAL_NOTE_MAX_LENGTH = 1000;

// ---------------------------------------------------------------------------------------------
// The reliability score: the last 90 days, 0–100.

/** Weights of the score's three parts (they add up to 100). */
export const RELIABILITY_WEIGHTS = { attendance: 50, punctuality: 30, cancellations: 20 } as const;
/** Under this many shifts in the window the score is null ("Sem histórico"). */
export const RELIABILITY_MIN_SHIFTS = 3;

/** What a freelancer did in the window (each shift counted once). */
export interface ReliabilityCounts {
  /** Shifts completed. */
  completed: number;
  /** No-shows (strikes for a no-show not removed on appeal). */
  noShows: number;
  /** Check-ins recorded. */
  checkIns: number;
  /** Of those, "atrasado": after the start + LATE_GRACE_MINUTES. */
  lateCheckIns: number;
  /** Accepted shifts the freelancer cancelled late (strikes for it not removed on appeal). */
  lateCancellations: number;
}

/** The shifts the score weighs: completed, missed or cancelled late. */
export function reliabilityShifts(counts: ReliabilityCounts): number {
  return counts.completed + counts.noShows + counts.lateCancellations;
}

/**
 * The reliability score, 0–100, or null under RELIABILITY_MIN_SHIFTS shifts:
 * 50 × attendance (completed ÷ (completed + no-shows)) + 30 × punctuality (check-ins not
 * "atrasado" ÷ check-ins; 0 with no check-in) + 20 × (1 − late cancellations ÷ shifts), rounded
 * half up. The SQL of services/core/src/reliability/score.queries.ts computes the same.
 */
export function reliabilityScore(counts: ReliabilityCounts): number | null {
  const shifts = reliabilityShifts(counts);
  if (shifts < RELIABILITY_MIN_SHIFTS) return null;
  const held = counts.completed + counts.noShows;
  const attendance = held > 0 ? counts.completed / held : 0;
  const punctuality = counts.checkIns > 0 ? (counts.checkIns - counts.lateCheckIns) / counts.checkIns : 0;
  const cancellations = 1 - counts.lateCancellations / shifts;
  const score =
    RELIABILITY_WEIGHTS.attendance * attendance +
    RELIABILITY_WEIGHTS.punctuality * punctuality +
    RELIABILITY_WEIGHTS.cancellations * cancellations;
  // 1e-9: 0.5 computed as 0.49999… still rounds up.
  return Math.min(100, Math.max(0, Math.floor(score + 0.5 + 1e-9)));
}

/** The start of the score's window at `now`: 90 days before. */
export function reliabilityWindowStart(now: Date): Date {
  return new Date(now.getTime() - RELIABILITY_WINDOW_DAYS * MS_PER_DAY);
}
