/**
 * Appeals of strikes (issue 23, "A fair reliability record"): the freelancer appeals a strike once,
 * within 7 days, with a text; an admin keeps it ("Manter") or removes it ("Remover ocorrência")
 * with a note. Removing a strike lifts a suspension it caused: suspensions are computed from the
 * strikes that were not removed (libs/domain `suspendedUntil`), never stored. Each write locks the
 * strike row and is idempotent on retry; each is recorded as a live event for the freelancer's
 * screen and the admins' queue.
 */
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { AdminDispute, AppealDecision, FreelancerStrike } from '@turno/contracts';
import {
  APPEAL_NOTE_MAX_LENGTH,
  APPEAL_NOTE_MIN_LENGTH,
  APPEAL_TEXT_MAX_LENGTH,
  APPEAL_TEXT_MIN_LENGTH,
  MESSAGES,
  appealRefusal,
  type AppealRefusal,
} from '@turno/domain';
import { requireRole } from '../shared/access';
import type { Actor } from '../shared/actor';
import { conflict, invalid, notFound } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';
import { recordEvent } from '../events/record-event';
import { Strike } from '../model/strike.entity';
import { readDispute, readStrikeRow, readSuspendedUntil, toFreelancerStrike } from './strikes.queries';

const strikeNotFound = () => notFound('strike_not_found', MESSAGES.reliability.strikeNotFound);

const REFUSALS: Record<AppealRefusal, () => Error> = {
  already_appealed: () => conflict('already_appealed', MESSAGES.reliability.alreadyAppealed),
  removed: () => conflict('strike_removed', MESSAGES.reliability.appealRemoved),
  window_closed: () => conflict('appeal_window_closed', MESSAGES.reliability.appealWindowClosed),
};

function checkedText(value: string, min: number, max: number, message: string): string {
  const text = value.trim();
  if (text.length < min || text.length > max) throw invalid('invalid_text', message);
  return text;
}

/** A strike changed: its freelancer's "Ocorrências" and the admins' "Disputas" hear it. */
function recordStrikeEvent(tx: EntityManager, strike: Strike) {
  return recordEvent(tx, {
    type: 'freelancer_updated',
    freelancerId: strike.freelancer.id,
    payload: { strikeId: strike.id, freelancerId: strike.freelancer.id, change: 'strike' },
  });
}

/** The strike locked FOR UPDATE; 404 when it does not exist or (for a freelancer) is another's. */
async function lockStrike(tx: EntityManager, strikeId: number, freelancerId?: number): Promise<Strike> {
  const strike = await tx.findOne(
    Strike,
    freelancerId === undefined ? { id: strikeId } : { id: strikeId, freelancer: freelancerId },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!strike) throw strikeNotFound();
  return strike;
}

/**
 * The freelancer appeals one of their strikes at `now`: once, within 7 days of it, not a removed
 * one, with a text of 5–1000 characters (400 otherwise). Sending the same text again while the
 * appeal waits (a retry) answers the same appeal; anything else on an appealed strike is a 409.
 */
export async function appealStrike(
  em: EntityManager,
  actor: Actor,
  strikeId: number,
  input: { text: string },
  now: Date = new Date(),
): Promise<FreelancerStrike> {
  requireRole(actor, ['freelancer']);
  const text = checkedText(
    input.text,
    APPEAL_TEXT_MIN_LENGTH,
    APPEAL_TEXT_MAX_LENGTH,
    MESSAGES.reliability.appealTextLength,
  );
  await inTransaction(em, async (tx) => {
    const strike = await lockStrike(tx, strikeId, actor.freelancerId);
    if (strike.appealStatus === 'pending' && strike.appealText === text) return;
    const refusal = appealRefusal(
      {
        createdAt: strike.createdAt,
        expiresAt: strike.expiresAt,
        removedAt: strike.removedAt ?? null,
        appealStatus: strike.appealStatus ?? null,
      },
      now,
    );
    if (refusal) throw REFUSALS[refusal]();
    strike.appealText = text;
    strike.appealedAt = now;
    strike.appealStatus = 'pending';
    await tx.flush();
    await recordStrikeEvent(tx, strike);
  });
  const row = await readStrikeRow(em.fork(), strikeId, actor.freelancerId);
  if (!row) throw strikeNotFound();
  return toFreelancerStrike(row, now);
}

export interface AppealDecisionResult {
  dispute: AdminDispute;
  /** The freelancer's suspension after the decision (null: none). */
  suspendedUntil: Date | null;
}

/**
 * An admin decides a pending appeal: 'uphold' keeps the strike, 'remove' removes it (it stops
 * counting at once, and a suspension it caused is lifted), with a note of 5–1000 characters the
 * freelancer sees. Deciding the same way again (a retry) answers the same decision; another
 * decision on a decided appeal, or a strike never appealed, is a 409.
 */
export async function decideAppeal(
  em: EntityManager,
  actor: Actor,
  strikeId: number,
  input: { decision: AppealDecision; note: string },
  now: Date = new Date(),
): Promise<AppealDecisionResult> {
  requireRole(actor, ['admin']);
  const note = checkedText(
    input.note,
    APPEAL_NOTE_MIN_LENGTH,
    APPEAL_NOTE_MAX_LENGTH,
    MESSAGES.reliability.noteLength,
  );
  if (input.decision !== 'uphold' && input.decision !== 'remove') {
    throw invalid('invalid_decision', MESSAGES.reliability.invalidDecision);
  }
  const status = input.decision === 'remove' ? 'removed' : 'upheld';
  const freelancerId = await inTransaction(em, async (tx) => {
    const strike = await lockStrike(tx, strikeId);
    if (strike.appealStatus === status) return strike.freelancer.id;
    if (strike.appealStatus === null)
      throw conflict('no_pending_appeal', MESSAGES.reliability.noPendingAppeal);
    if (strike.appealStatus !== 'pending')
      throw conflict('already_decided', MESSAGES.reliability.alreadyDecided);
    strike.appealStatus = status;
    strike.appealDecidedAt = now;
    strike.appealDecidedBy = actor.adminId;
    strike.appealDecisionNote = note;
    if (status === 'removed') strike.removedAt = now;
    await tx.flush();
    await recordStrikeEvent(tx, strike);
    return strike.freelancer.id;
  });
  const reader = em.fork();
  const [dispute, suspendedUntil] = await Promise.all([
    readDispute(reader, strikeId),
    readSuspendedUntil(reader, freelancerId, now),
  ]);
  if (!dispute) throw strikeNotFound();
  return { dispute, suspendedUntil };
}
