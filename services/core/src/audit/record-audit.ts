import type { EntityManager } from '@mikro-orm/postgresql';

export type AuditActorKind = 'admin' | 'user' | 'anonymous' | 'system';
export type AuditOutcome = 'success' | 'refused' | 'failed';

export interface AuditEntry {
  actorKind: AuditActorKind;
  actorId?: number | null;
  action: string;
  outcome: AuditOutcome;
  status?: number | null;
  targetType?: string | null;
  targetId?: string | number | null;
  details?: Record<string, unknown>;
  requestId?: string | null;
  ipHash?: string | null;
}

/** Keys whose values never reach the audit trail (whatever their nesting). */
const SECRET_KEY = /pass(word)?|senha|secret|token|code|cookie|session|otp|totp|recovery/i;
/** Personal data the trail does not need (LGPD minimisation): CPF and Pix key, whatever their nesting. */
const PERSONAL_KEY = /cpf|pix/i;
const MAX_STRING = 500;

/**
 * NUL (U+0000) as U+FFFD: PostgreSQL's jsonb refuses `\u0000`, and a refused action whose input
 * holds one (the kit answers it 400) must still reach the trail.
 */
const withoutNul = (text: string) => text.replaceAll('\u0000', '\uFFFD');

/**
 * The input as the trail may keep it: secrets and CPF/Pix replaced, NULs replaced (in values and
 * keys), long strings cut, depth bounded.
 */
export function redactForAudit(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'string')
    return withoutNul(value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value);
  if (typeof value !== 'object') return value;
  if (depth >= 4) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redactForAudit(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      withoutNul(key),
      SECRET_KEY.test(key) || PERSONAL_KEY.test(key) ? '[removido]' : redactForAudit(item, depth + 1),
    ]),
  );
}

/**
 * Appends one entry to the audit trail (one INSERT; the table refuses any other change). Inside a
 * transaction the entry is part of it: written when the change commits, never when it rolls back.
 */
export async function recordAudit(em: EntityManager, entry: AuditEntry): Promise<void> {
  await em.execute(
    'insert into audit_events (actor_kind, actor_id, action, outcome, status, target_type, target_id, ' +
      'details, request_id, ip_hash) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [
      entry.actorKind,
      entry.actorId ?? null,
      withoutNul(entry.action.slice(0, 160)),
      entry.outcome,
      entry.status ?? null,
      entry.targetType ?? null,
      entry.targetId === undefined || entry.targetId === null
        ? null
        : withoutNul(String(entry.targetId).slice(0, 64)),
      JSON.stringify(redactForAudit(entry.details ?? {})),
      entry.requestId?.slice(0, 64) ?? null,
      entry.ipHash ?? null,
    ],
    'run',
  );
}
