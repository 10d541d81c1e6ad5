import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminAuditEvent, AdminAuditEventsPage, AdminAuditEventsQuerySchema } from '@turno/contracts';
import { AUDIT_ACTIONS, auditActionLabel } from '@turno/domain';
import type { z } from 'zod';
import { decodeCursor, pageOf } from '../shared/keyset';
import { SqlWhere } from '../shared/sql-where';
import { UTC_ISO } from '../shared/wire';

export type AdminAuditEventsFilter = z.output<typeof AdminAuditEventsQuerySchema>;

const SAO_PAULO_DAY_START = (param: string) => `(${param}::date)::timestamp at time zone 'America/Sao_Paulo'`;

/** Lower case without accents, as `turno_fold` does in SQL (for matching the pt-BR labels here). */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The WHERE of the "Auditoria" list, shared by the page and the export: period (Sao Paulo days,
 * both included), actor, group of actions or one action, outcome, record, and a search over the
 * action (by its pt-BR label or as recorded), the record number and the request id.
 */
export function adminAuditEventsWhere(query: Omit<AdminAuditEventsFilter, 'cursor' | 'limit'>): SqlWhere {
  const filter = new SqlWhere();
  if (query.from) filter.add(`e.created_at >= ${SAO_PAULO_DAY_START('?')}`, query.from);
  if (query.to) filter.add(`e.created_at < ${SAO_PAULO_DAY_START('(?::date + 1)')}`, query.to);
  if (query.actor === 'anonymous' || query.actor === 'system') filter.add('e.actor_kind = ?', query.actor);
  else if (query.actor !== 'all') filter.add(`e.actor_kind = 'admin' and e.actor_id = ?`, query.actor);
  if (query.group === 'seguranca') filter.add(`e.action like 'admin.%'`);
  else if (query.group !== 'all') {
    const actions = AUDIT_ACTIONS.filter((a) => a.group === query.group).map((a) => a.action);
    filter.add(`e.action in (${actions.map(() => '?').join(', ')})`, ...actions);
  }
  if (query.action) filter.add('e.action = ?', query.action);
  if (query.outcome !== 'all') filter.add('e.outcome = ?', query.outcome);
  if (query.targetType !== 'all') filter.add('e.target_type = ?', query.targetType);
  if (query.targetId) filter.add('e.target_id = ?', query.targetId);
  if (query.q) {
    // Set-based, with indexes: the known actions whose pt-BR label or recorded text holds the term
    // (matched here, then `action in (…)`), a record number, a request id. A security event not in
    // the list is found by its recorded name when the term looks like one (`admin.mfa`).
    const term = fold(query.q);
    const actions = AUDIT_ACTIONS.filter(
      (a) => fold(auditActionLabel(a.action)).includes(term) || fold(a.action).includes(term),
    ).map((a) => a.action);
    const conditions = ['e.request_id = ?', 'e.target_id = ?'];
    const params: unknown[] = [query.q, query.q];
    if (actions.length > 0) {
      conditions.push(`e.action in (${actions.map(() => '?').join(', ')})`);
      params.push(...actions);
    }
    if (/^admin\.[\w.]*$/.test(query.q)) {
      conditions.push(`e.action like ?`);
      params.push(`${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
    }
    filter.add(`(${conditions.join(' or ')})`, ...params);
  }
  return filter;
}

type AuditRow = Omit<AdminAuditEvent, 'before' | 'after' | 'refusal'> & {
  details: Record<string, unknown> | null;
};

const snapshotOf = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as AdminAuditEvent['before']) : null;

/** A row as the contract has it: before/after and the refusal out of `details`, nothing else. */
function shape(row: AuditRow): AdminAuditEvent {
  const { details, ...rest } = row;
  const refusal = details?.refusal ?? details?.reason ?? null;
  return {
    ...rest,
    before: snapshotOf(details?.before),
    after: snapshotOf(details?.after),
    refusal: typeof refusal === 'string' ? refusal : null,
  };
}

/** Rows of the list in its order (newest first), after `afterId` when given. */
export async function readAdminAuditEvents(
  em: EntityManager,
  filter: SqlWhere,
  limit: number,
  afterId?: number,
): Promise<AdminAuditEvent[]> {
  const where = filter.copy();
  if (afterId !== undefined) where.add('e.id < ?', afterId);
  // The page first (its filter and limit on audit_events alone), then the names of its records,
  // one join per kind on their primary keys: "Supermercado Bom Preço", "Ana Souza · Estoquista".
  const rows = await em.getConnection().execute<(AuditRow & { id: string | number })[]>(
    `with e as (
       select e.*, case when e.target_id ~ '^[0-9]{1,9}$' then e.target_id::int end as target_key
       from audit_events e
       ${where.sql()}
       order by e.id desc limit ?
     )
     select e.id, ${UTC_ISO('e.created_at')} as created_at, e.actor_kind, e.actor_id,
       coalesce(ad.name, au.name) as actor_name, coalesce(ad.email, au.email) as actor_email,
       e.action, e.outcome, e.status,
       e.target_type, e.target_id, e.request_id,
       case e.target_type
         when 'jobs' then tj.title || ' · ' || tjr.business_name
         when 'restaurants' then tr.business_name
         when 'freelancers' then tf.name
         when 'applications' then taf.name || ' · ' || taj.title
         when 'assignments' then tsf.name || ' · ' || tsj.title
         when 'invoices' then ti.invoice_number || ' · ' || tir.business_name
         when 'blocks' then tbf.name || ' · ' || tbr.business_name
         when 'strikes' then tkf.name
         when 'admin' then coalesce(nullif(tad.name, ''), tad.email)
       end as target_name,
       jsonb_build_object('before', e.details->'before', 'after', e.details->'after',
         'refusal', e.details->'refusal', 'reason', e.details->'reason') as details
     from e
     left join admins ad on e.actor_kind = 'admin' and ad.id = e.actor_id
     left join users au on e.actor_kind = 'user' and au.id = e.actor_id
     left join jobs tj on e.target_type = 'jobs' and tj.id = e.target_key
     left join restaurants tjr on tjr.id = tj.restaurant_id
     left join restaurants tr on e.target_type = 'restaurants' and tr.id = e.target_key
     left join freelancers tf on e.target_type = 'freelancers' and tf.id = e.target_key
     left join applications ta on e.target_type = 'applications' and ta.id = e.target_key
     left join freelancers taf on taf.id = ta.freelancer_id
     left join jobs taj on taj.id = ta.job_id
     left join assignments ts on e.target_type = 'assignments' and ts.id = e.target_key
     left join freelancers tsf on tsf.id = ts.freelancer_id
     left join jobs tsj on tsj.id = ts.job_id
     left join invoices ti on e.target_type = 'invoices' and ti.id = e.target_key
     left join restaurants tir on tir.id = ti.restaurant_id
     left join blocks tb on e.target_type = 'blocks' and tb.id = e.target_key
     left join freelancers tbf on tbf.id = tb.freelancer_id
     left join restaurants tbr on tbr.id = tb.restaurant_id
     left join freelancer_strikes tk on e.target_type = 'strikes' and tk.id = e.target_key
     left join freelancers tkf on tkf.id = tk.freelancer_id
     left join admins tad on e.target_type = 'admin' and tad.id = e.target_key
     order by e.id desc`,
    [...where.params, limit],
  );
  return rows.map((row) => shape({ ...row, id: Number(row.id) }));
}

/** The newest entry's id: the version of the trail (the list's ETag changes with every new row). */
export async function latestAuditEventId(em: EntityManager): Promise<number> {
  const [row] = await em
    .getConnection()
    .execute<{ id: string | null }[]>('select max(id) as id from audit_events');
  return Number(row?.id ?? 0);
}

/**
 * The count of a filtered list stops here: the trail only grows, and counting millions of rows for
 * "Mostrando 50 de …" would cost more than the page. Past it, the page says `totalCapped`.
 */
export const AUDIT_COUNT_CAP = 10_000;

/**
 * One page of the admins' "Auditoria" (issue 12): newest first, keyset on the id, the count of the
 * filtered set (up to AUDIT_COUNT_CAP), and the admins the actor filter offers.
 */
export async function listAdminAuditEventsPage(
  em: EntityManager,
  query: AdminAuditEventsFilter,
): Promise<AdminAuditEventsPage> {
  const filter = adminAuditEventsWhere(query);
  const cursor = decodeCursor(query.cursor, ['number']);
  const connection = em.getConnection();
  const [rows, [count], actors] = await Promise.all([
    readAdminAuditEvents(em, filter, query.limit + 1, cursor?.[0] as number | undefined),
    connection.execute<{ total: string }[]>(
      `select count(*) as total from (select 1 from audit_events e ${filter.sql()} limit ?) capped`,
      [...filter.params, AUDIT_COUNT_CAP + 1],
    ),
    connection.execute<{ id: number; name: string; email: string }[]>(
      'select id, name, email from admins order by name, id limit 200',
    ),
  ]);
  const page = pageOf(
    rows,
    query.limit,
    (row) => [row.id],
    (row) => row,
  );
  const total = Number(count?.total ?? 0);
  return { ...page, total: Math.min(total, AUDIT_COUNT_CAP), totalCapped: total > AUDIT_COUNT_CAP, actors };
}
