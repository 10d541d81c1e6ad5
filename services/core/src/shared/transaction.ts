import { ConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { DomainError } from './domain-error';

/** Constraint name (PostgreSQL) → the refusal to answer when a write trips it. */
export type ConstraintRefusals = Readonly<Record<string, () => DomainError>>;

/**
 * Runs `work` as one transaction on a fresh fork of `em` (empty identity map, so every read
 * sees the database, never an entity loaded earlier by the caller). Commits when `work`
 * resolves, rolls back when it throws. A constraint violation named in `refusals` becomes that
 * DomainError: PostgreSQL is the last guard of the invariants the service also checks itself.
 */
export async function inTransaction<T>(
  em: EntityManager,
  work: (tx: EntityManager) => Promise<T>,
  refusals: ConstraintRefusals = {},
): Promise<T> {
  try {
    return await em.transactional(work, { clear: true });
  } catch (error) {
    throw translateConstraintViolation(error, refusals);
  }
}

/** The refusal for a violated constraint listed in `refusals`, else the error unchanged. */
export function translateConstraintViolation(error: unknown, refusals: ConstraintRefusals): unknown {
  if (!(error instanceof ConstraintViolationException)) return error;
  const constraint = (error as ConstraintViolationException & { constraint?: string }).constraint;
  const refusal = constraint ? refusals[constraint] : undefined;
  return refusal ? refusal() : error;
}
