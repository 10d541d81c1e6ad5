import { auditTrailVersion, route } from '@turno/bff-kit';
import { XlsxStreamSchema, allPages, xlsxHeaders, xlsxStream, type ExcelColumn } from '@turno/bff-kit/excel';
import {
  AdminAuditEventsExportQuerySchema,
  AdminAuditEventsPageSchema,
  AdminAuditEventsQuerySchema,
  type AdminAuditEvent,
} from '@turno/contracts';
import { listAdminAuditEventsPage } from './audit-events.queries';
import {
  AUDIT_ACTION_GROUP_LABELS,
  AUDIT_OUTCOME_LABELS,
  LIST_PAGE_SIZE_MAX,
  formatDateBR,
  auditActionLabel,
  auditChanges,
  auditRecordLabel,
  formatAuditChange,
  saoPauloDate,
  saoPauloTime,
} from '@turno/domain';
import { type z } from 'zod';

/**
 * "Auditoria" (issue 12): the audit trail for admins, newest first, filtered on the server, and its
 * Excel export. Reading the trail is not itself an admin action (GET), so it writes no row.
 */

/** GET /api/admin/audit-events — one page; its ETag follows the newest row of the trail. */
export const listAuditEventsRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/audit-events',
  query: AdminAuditEventsQuerySchema,
  response: AdminAuditEventsPageSchema,
  dataVersion: auditTrailVersion,
  handler: ({ em, query }) => listAdminAuditEventsPage(em, query),
});

/** Who acted, as the screen says it: the admin's name and e-mail, "Sistema" or "Anônimo". */
export function auditActorLabel(event: AdminAuditEvent): string {
  if (event.actor_kind === 'admin')
    return event.actor_name
      ? `${event.actor_name} (${event.actor_email})`
      : `Administrador #${event.actor_id}`;
  if (event.actor_kind === 'system') return 'Sistema';
  if (event.actor_kind === 'anonymous') return 'Anônimo';
  return `Usuário #${event.actor_id ?? '—'}`;
}

const AUDIT_COLUMNS: ExcelColumn<AdminAuditEvent>[] = [
  { header: 'Data', type: 'date', value: (e) => saoPauloDate(new Date(e.created_at)) },
  { header: 'Hora', type: 'text', value: (e) => saoPauloTime(new Date(e.created_at)), width: 7 },
  { header: 'Quem', type: 'text', value: auditActorLabel, width: 34 },
  { header: 'Ação', type: 'text', value: (e) => auditActionLabel(e.action), width: 30 },
  { header: 'Registro', type: 'text', value: (e) => auditRecordLabel(e.target_type, e.target_id), width: 18 },
  { header: 'Resultado', type: 'text', value: (e) => AUDIT_OUTCOME_LABELS[e.outcome], width: 11 },
  { header: 'HTTP', type: 'integer', value: (e) => e.status, width: 6 },
  {
    header: 'Alterações',
    type: 'text',
    value: (e) => auditChanges(e.before, e.after).map(formatAuditChange).join('\n') || null,
    width: 60,
  },
  { header: 'Motivo da recusa', type: 'text', value: (e) => e.refusal, width: 30 },
  { header: 'Request ID', type: 'text', value: (e) => e.request_id, width: 38 },
];

/** The "Filtros" sheet: what the screen filtered by, in pt-BR. */
function auditFilterPairs(query: z.output<typeof AdminAuditEventsExportQuerySchema>): [string, string][] {
  const pairs: [string, string | undefined][] = [
    ['De', query.from && formatDateBR(query.from)],
    ['Até', query.to && formatDateBR(query.to)],
    [
      'Quem',
      query.actor === 'all'
        ? undefined
        : query.actor === 'system'
          ? 'Sistema'
          : query.actor === 'anonymous'
            ? 'Anônimo'
            : `Administrador #${query.actor}`,
    ],
    ['Ações', query.group === 'all' ? undefined : AUDIT_ACTION_GROUP_LABELS[query.group]],
    ['Ação', query.action && auditActionLabel(query.action)],
    ['Resultado', query.outcome === 'all' ? undefined : AUDIT_OUTCOME_LABELS[query.outcome]],
    [
      'Registro',
      query.targetType === 'all' ? undefined : auditRecordLabel(query.targetType, query.targetId ?? null),
    ],
    ['Busca', query.q],
  ];
  return pairs.filter((pair): pair is [string, string] => Boolean(pair[1]));
}

/** GET /api/admin/exports/audit-events.xlsx — every row of the screen's filters, with a "Filtros" sheet. */
export const exportAuditEventsRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/exports/audit-events.xlsx',
  query: AdminAuditEventsExportQuerySchema,
  response: XlsxStreamSchema,
  handler: ({ em, query, ctx }) => {
    ctx.set(xlsxHeaders(`auditoria-${saoPauloDate(new Date())}.xlsx`));
    return xlsxStream({
      sheetName: 'Auditoria',
      columns: AUDIT_COLUMNS,
      filters: auditFilterPairs(query),
      rows: allPages((cursor) =>
        listAdminAuditEventsPage(em, { ...query, cursor, limit: LIST_PAGE_SIZE_MAX }),
      ),
    });
  },
});
