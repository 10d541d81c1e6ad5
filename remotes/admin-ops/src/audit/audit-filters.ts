import {
  AUDIT_GROUP_FILTERS,
  AUDIT_OUTCOME_FILTERS,
  AUDIT_TARGET_FILTERS,
  AdminAuditEventsQuerySchema,
  type AdminAuditEvent,
  type AdminAuditEventsPage,
} from '@turno/contracts';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTION_GROUP_LABELS,
  AUDIT_OUTCOME_LABELS,
  AUDIT_TARGET_LABELS,
} from '@turno/domain';
import { type SelectOption, type Tone } from '@turno/ui';
import { ADMIN_OPS_BFF } from '../shared/bff';

export const AUDIT_EVENTS_URL = `${ADMIN_OPS_BFF}/audit-events`;
export const AUDIT_DEFAULTS = AdminAuditEventsQuerySchema.parse({});

/** The filters bar of "Auditoria", as the query string sends them (empty text = no filter). */
export type AuditFilters = {
  from: string;
  to: string;
  actor: string;
  group: (typeof AUDIT_GROUP_FILTERS)[number];
  action: string;
  outcome: (typeof AUDIT_OUTCOME_FILTERS)[number];
  targetType: (typeof AUDIT_TARGET_FILTERS)[number];
  targetId: string;
  q: string;
};
export const AUDIT_DEFAULT_FILTERS: AuditFilters = {
  from: '',
  to: '',
  actor: 'all',
  group: 'all',
  action: '',
  outcome: 'all',
  targetType: 'all',
  targetId: '',
  q: '',
};

export const GROUP_OPTIONS: SelectOption[] = AUDIT_GROUP_FILTERS.map((value) => ({
  value,
  label: value === 'all' ? 'Todas as ações' : AUDIT_ACTION_GROUP_LABELS[value],
}));

/** The actions of the chosen group (all of them when none is chosen). */
export function actionOptions(group: AuditFilters['group']): SelectOption[] {
  return [
    { value: '', label: 'Qualquer ação' },
    ...AUDIT_ACTIONS.filter((a) => group === 'all' || a.group === group).map((a) => ({
      value: a.action,
      label: a.label,
    })),
  ];
}

export const OUTCOME_OPTIONS: SelectOption[] = AUDIT_OUTCOME_FILTERS.map((value) => ({
  value,
  label: value === 'all' ? 'Todos' : AUDIT_OUTCOME_LABELS[value],
}));
export const OUTCOME_TONES: Record<AdminAuditEvent['outcome'], Tone> = {
  success: 'success',
  refused: 'warning',
  failed: 'danger',
};

export const TARGET_OPTIONS: SelectOption[] = AUDIT_TARGET_FILTERS.map((value) => ({
  value,
  label: value === 'all' ? 'Qualquer registro' : AUDIT_TARGET_LABELS[value]!,
}));

/** "Quem": every admin by name, plus the sign-ins of nobody known and the system's own actions. */
export function actorOptions(actors: AdminAuditEventsPage['actors'] | undefined): SelectOption[] {
  return [
    { value: 'all', label: 'Todos' },
    ...(actors ?? []).map((a) => ({ value: String(a.id), label: a.name || a.email })),
    { value: 'anonymous', label: 'Anônimo (sem sessão)' },
    { value: 'system', label: 'Sistema' },
  ];
}

/** Who acted, in words: the admin's name and e-mail, "Sistema" or "Anônimo". */
export function actorLabel(event: AdminAuditEvent): { name: string; detail: string | null } {
  if (event.actor_kind === 'admin')
    return event.actor_name
      ? { name: event.actor_name, detail: event.actor_email }
      : { name: `Administrador #${event.actor_id}`, detail: null };
  if (event.actor_kind === 'system') return { name: 'Sistema', detail: null };
  if (event.actor_kind === 'anonymous') return { name: 'Anônimo', detail: null };
  return { name: `Usuário #${event.actor_id ?? '—'}`, detail: null };
}
