import { formatDateBR, formatDateTimeBR, formatMoneyCents } from './format';
import {
  APPLICATION_STATUS_LABELS,
  ASSIGNMENT_STATUS_LABELS,
  INVOICE_STATUS_LABELS,
  JOB_STATUS_LABELS,
} from './statuses';
import { isIsoDate } from './time';

/**
 * The audit trail as people read it ("Auditoria", issue 12): pt-BR labels of the recorded actions,
 * their groups, the records and fields they touch, and the before → after differences of one row.
 * The server stores actions as `METHOD /path/:param` (admin routes) or `admin.<event>` (security
 * events); everything here turns those into words, shared by the screen and the Excel export.
 */

export const AUDIT_OUTCOMES = ['success', 'refused', 'failed'] as const;
export type AuditOutcomeKind = (typeof AUDIT_OUTCOMES)[number];
export const AUDIT_OUTCOME_LABELS: Record<AuditOutcomeKind, string> = {
  success: 'Concluída',
  refused: 'Recusada',
  failed: 'Falhou',
};

export const AUDIT_ACTION_GROUPS = [
  'contas',
  'vagas',
  'candidaturas',
  'turnos',
  'bloqueios',
  'faturas',
  'repasses',
  'seguranca',
] as const;
export type AuditActionGroup = (typeof AUDIT_ACTION_GROUPS)[number];
export const AUDIT_ACTION_GROUP_LABELS: Record<AuditActionGroup, string> = {
  contas: 'Contas (mercados e freelancers)',
  vagas: 'Vagas',
  candidaturas: 'Candidaturas',
  turnos: 'Alocações e check-in/out',
  bloqueios: 'Bloqueios',
  faturas: 'Faturas',
  repasses: 'Repasses (Pix aos freelancers)',
  seguranca: 'Segurança (acesso dos administradores)',
};

/** Every admin action and security event known to the trail, with its label and group. */
export const AUDIT_ACTIONS = [
  { action: 'POST /api/admin/restaurants/:id/approve', group: 'contas', label: 'Aprovou mercado' },
  { action: 'POST /api/admin/restaurants/:id/reject', group: 'contas', label: 'Rejeitou mercado' },
  { action: 'PUT /api/admin/restaurants/:id', group: 'contas', label: 'Editou mercado' },
  { action: 'DELETE /api/admin/restaurants/:id', group: 'contas', label: 'Excluiu mercado' },
  {
    action: 'POST /api/admin/restaurants/:id/location/geocode',
    group: 'contas',
    label: 'Localizou mercado pelo endereço',
  },
  {
    action: 'PUT /api/admin/restaurants/:id/location',
    group: 'contas',
    label: 'Corrigiu localização do mercado',
  },
  { action: 'POST /api/admin/freelancers', group: 'contas', label: 'Cadastrou freelancer' },
  { action: 'PUT /api/admin/freelancers/:id', group: 'contas', label: 'Editou freelancer' },
  { action: 'POST /api/admin/freelancers/:id/approve', group: 'contas', label: 'Aprovou freelancer' },
  { action: 'POST /api/admin/freelancers/:id/reject', group: 'contas', label: 'Rejeitou freelancer' },
  { action: 'DELETE /api/admin/freelancers/:id', group: 'contas', label: 'Excluiu/anonimizou freelancer' },
  // Vetting (issue 27): the freelancer's submission, the admin's request for a correction, the files seen.
  { action: 'vetting.submitted', group: 'contas', label: 'Freelancer enviou cadastro para análise' },
  { action: 'POST /api/admin/vetting/:id/reject', group: 'contas', label: 'Pediu correção do cadastro' },
  { action: 'vetting.document_viewed', group: 'contas', label: 'Viu documento de verificação' },
  { action: 'POST /api/admin/jobs', group: 'vagas', label: 'Criou vagas' },
  { action: 'PUT /api/admin/jobs/:id', group: 'vagas', label: 'Editou vaga' },
  { action: 'DELETE /api/admin/jobs/:id', group: 'vagas', label: 'Excluiu vaga' },
  { action: 'POST /api/admin/applications/:id/accept', group: 'candidaturas', label: 'Aceitou candidatura' },
  { action: 'POST /api/admin/applications/:id/reject', group: 'candidaturas', label: 'Recusou candidatura' },
  { action: 'POST /api/admin/assignments', group: 'turnos', label: 'Alocou freelancer' },
  { action: 'DELETE /api/admin/assignments/:id', group: 'turnos', label: 'Desalocou freelancer' },
  { action: 'POST /api/admin/assignments/:id/checkin', group: 'turnos', label: 'Check-in manual' },
  {
    action: 'POST /api/admin/assignments/:id/approve-checkin',
    group: 'turnos',
    label: 'Aprovou check-in',
  },
  { action: 'POST /api/admin/assignments/:id/checkout', group: 'turnos', label: 'Check-out manual' },
  {
    action: 'POST /api/admin/assignments/:id/approve-checkout',
    group: 'turnos',
    label: 'Aprovou check-out',
  },
  {
    action: 'POST /api/admin/timesheets/:id/decide',
    group: 'turnos',
    label: 'Decidiu disputa de horários',
  },
  {
    action: 'POST /api/admin/strikes/:id/appeal-decision',
    group: 'turnos',
    label: 'Decidiu recurso de ocorrência',
  },
  { action: 'POST /api/admin/block-freelancer', group: 'bloqueios', label: 'Bloqueou freelancer' },
  { action: 'POST /api/admin/unblock-freelancer', group: 'bloqueios', label: 'Desbloqueou freelancer' },
  {
    action: 'POST /api/admin/invoices/generate-weekly',
    group: 'faturas',
    label: 'Gerou faturas semanais',
  },
  {
    action: 'POST /api/admin/invoices/generate-custom',
    group: 'faturas',
    label: 'Gerou faturas personalizadas',
  },
  { action: 'POST /api/admin/invoices/:id/mark-paid', group: 'faturas', label: 'Marcou fatura como paga' },
  { action: 'DELETE /api/admin/invoices/:id', group: 'faturas', label: 'Excluiu fatura' },
  // A payout's life (issue 25): recorded by the services, the system or an admin acting.
  { action: 'payout.created', group: 'repasses', label: 'Repasse criado (turno concluído)' },
  { action: 'payout.sending', group: 'repasses', label: 'Repasse enviado ao banco' },
  { action: 'payout.paid', group: 'repasses', label: 'Repasse pago' },
  { action: 'payout.failed', group: 'repasses', label: 'Repasse falhou' },
  { action: 'payout.unsent', group: 'repasses', label: 'Repasse não recebido pelo banco (volta à fila)' },
  { action: 'payout.released', group: 'repasses', label: 'Repasse liberado' },
  { action: 'payout.retried', group: 'repasses', label: 'Repasse reenviado' },
  { action: 'payout.paid_outside', group: 'repasses', label: 'Repasse marcado como pago fora da plataforma' },
  // The shell BFF's own admin routes (the kit audits every admin write, refused ones too).
  { action: 'POST /api/admin/password', group: 'seguranca', label: 'Alterar senha' },
  {
    action: 'POST /api/admin/mfa/recovery-codes',
    group: 'seguranca',
    label: 'Gerar novos códigos de recuperação',
  },
  { action: 'admin.sign_in', group: 'seguranca', label: 'Entrada de administrador' },
  // Issue 27: a person's consents (recorded by the services, actor = the person) and the retention job.
  { action: 'consent.accepted', group: 'contas', label: 'Aceitou termos ou autorizou um uso dos dados' },
  { action: 'consent.withdrawn', group: 'contas', label: 'Retirou a autorização de um uso dos dados' },
  { action: 'retention.applied', group: 'contas', label: 'Retenção de dados aplicada (contagens)' },
  { action: 'data_export.requested', group: 'contas', label: 'Pediu uma cópia dos dados pessoais' },
  { action: 'data_export.downloaded', group: 'contas', label: 'Baixou a cópia dos dados pessoais' },
  // The security events the servers record (issue 22: no codes on screen).
  { action: 'admin.sign_in.password_ok', group: 'seguranca', label: 'Senha conferida (falta o código)' },
  { action: 'admin.mfa.failed', group: 'seguranca', label: 'Código de verificação recusado' },
  { action: 'admin.mfa.enrolled', group: 'seguranca', label: 'Ativou a verificação em duas etapas' },
  { action: 'admin.mfa.recovery_code_used', group: 'seguranca', label: 'Entrou com código de recuperação' },
  {
    action: 'admin.mfa.recovery_codes_regenerated',
    group: 'seguranca',
    label: 'Gerou novos códigos de recuperação',
  },
  { action: 'admin.password_change', group: 'seguranca', label: 'Troca de senha' },
  { action: 'admin.password_changed', group: 'seguranca', label: 'Trocou a senha' },
  { action: 'admin.added', group: 'seguranca', label: 'Cadastrou administrador' },
  { action: 'admin.disabled', group: 'seguranca', label: 'Desativou administrador' },
  { action: 'admin.enabled', group: 'seguranca', label: 'Reativou administrador' },
  { action: 'admin.mfa_reset', group: 'seguranca', label: 'Redefiniu a verificação em duas etapas' },
  // Issue 26: the admin's own bell (a dispute, a payout failed or held).
  {
    action: 'POST /api/admin/notifications/read-all',
    group: 'seguranca',
    label: 'Marcou as notificações como lidas',
  },
  { action: 'POST /api/admin/notifications/:id/read', group: 'seguranca', label: 'Abriu uma notificação' },
] as const satisfies readonly { action: string; group: AuditActionGroup; label: string }[];

const ACTION_LABELS = new Map<string, string>(AUDIT_ACTIONS.map((a) => [a.action, a.label]));

/**
 * True for a security event (`admin.…`), false for an admin route (`METHOD /api/…`) or a payout's
 * life (`payout.…`, recorded by the services).
 */
export function isSecurityAuditAction(action: string): boolean {
  return action.startsWith('admin.');
}

/** The pt-BR label of a recorded action; an action not in the list shows as recorded. */
export function auditActionLabel(action: string): string {
  const known = ACTION_LABELS.get(action);
  if (known) return known;
  return isSecurityAuditAction(action) ? `Evento de segurança (${action})` : action;
}

/** The group of a recorded action (unknown security events belong to "seguranca"). */
export function auditActionGroup(action: string): AuditActionGroup | null {
  const known = AUDIT_ACTIONS.find((a) => a.action === action);
  if (known) return known.group;
  return isSecurityAuditAction(action) ? 'seguranca' : null;
}

/** The records the trail names (`target_type`, and the kind in `"<type>:<id>"` snapshot keys). */
export const AUDIT_TARGET_TYPES = [
  'jobs',
  'applications',
  'assignments',
  'restaurants',
  'freelancers',
  'invoices',
  'blocks',
  'timesheets',
  'strikes',
  'payouts',
] as const;
export const AUDIT_TARGET_LABELS: Record<string, string> = {
  jobs: 'Vaga',
  applications: 'Candidatura',
  assignments: 'Alocação',
  restaurants: 'Mercado',
  freelancers: 'Freelancer',
  invoices: 'Fatura',
  blocks: 'Bloqueio',
  timesheets: 'Correção de horários',
  strikes: 'Ocorrência',
  payouts: 'Repasse',
  admin: 'Administrador',
  'invoice-generation-runs': 'Geração de faturas',
  corrections: 'Correção manual',
  'location-corrections': 'Correção de localização',
  consent: 'Consentimento',
};

/** `("jobs", "12")` → 'Vaga #12'; a kind not in the list shows as recorded. */
export function auditRecordLabel(type: string | null, id: string | number | null): string {
  if (!type) return '—';
  const label = AUDIT_TARGET_LABELS[type] ?? type;
  return id === null || id === '' ? label : `${label} #${id}`;
}

/** Field names of the before/after values, in pt-BR. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  status: 'Status',
  title: 'Título',
  position_type: 'Função',
  restaurant_id: 'Mercado',
  freelancer_id: 'Freelancer',
  job_id: 'Vaga',
  date_needed: 'Data',
  start_time: 'Início',
  end_time: 'Fim',
  workload_minutes: 'Carga (min)',
  charge_cents: 'Valor',
  meal_time: 'Refeição',
  recommended_attire: 'Traje',
  description: 'Descrição',
  reviewed_at: 'Analisada em',
  check_in_at: 'Check-in',
  check_out_at: 'Check-out',
  checkin_requested_at: 'Check-in solicitado',
  checkout_requested_at: 'Check-out solicitado',
  restaurant_charge_cents: 'Cobrança do mercado',
  freelancer_payout_cents: 'Pagamento do freelancer',
  commission_cents: 'Comissão',
  completed_at: 'Concluída em',
  business_name: 'Nome do mercado',
  name: 'Nome',
  cuisine_type: 'Tipo',
  is_approved: 'Aprovado',
  is_active: 'Ativo',
  is_available: 'Disponível',
  approved_at: 'Aprovado em',
  vetting_status: 'Verificação do cadastro',
  vetting_rejection_reason: 'Motivo da correção pedida',
  vetting_rejection_note: 'Observação da correção',
  experience_years: 'Experiência (anos)',
  specialties: 'Especialidades',
  invoice_number: 'Número',
  invoice_type: 'Tipo de fatura',
  amount_cents: 'Valor',
  issue_date: 'Emissão',
  due_date: 'Vencimento',
  payment_date: 'Pagamento',
  week_start: 'Semana (início)',
  week_end: 'Semana (fim)',
  blocked_by: 'Bloqueado por',
  block_reason: 'Motivo',
  correction_reason: 'Motivo da correção',
  reason: 'Motivo',
  decision_note: 'Observação da decisão',
  suspended_until: 'Suspenso até',
  latitude: 'Latitude',
  longitude: 'Longitude',
  geocode_status: 'Localização',
  geofence_radius_m: 'Raio do check-in (m)',
  run_id: 'Execução',
  kind: 'Tipo',
  state: 'Situação',
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The status words of each kind of record (`status` of a job, an invoice…). */
const STATUS_LABELS: Record<string, Record<string, string>> = {
  jobs: JOB_STATUS_LABELS,
  assignments: ASSIGNMENT_STATUS_LABELS,
  applications: APPLICATION_STATUS_LABELS,
  invoices: INVOICE_STATUS_LABELS,
  strikes: { pending: 'Recurso em análise', upheld: 'Mantida', removed: 'Removida' },
};

/**
 * One value as people read it: money, dates, yes/no, lists, a record's status in words (when its
 * kind, `recordType`, is given); '—' for nothing.
 */
export function formatAuditValue(field: string, value: unknown, recordType?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'status' && typeof value === 'string' && recordType) {
    const label = STATUS_LABELS[recordType]?.[value];
    if (label) return label;
  }
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number' && field.endsWith('_cents')) return formatMoneyCents(value);
  if (typeof value === 'string' && isIsoDate(value)) return formatDateBR(value);
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatDateTimeBR(new Date(value));
  if (Array.isArray(value)) return value.map((item) => formatAuditValue(field, item)).join(', ') || '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Records' fields by `"<type>:<id>"`, as the trail's `details.before` and `details.after` hold them. */
export type AuditSnapshotValues = Record<string, Record<string, unknown>>;

/** One difference: a field of a record, before → after (`undefined` when the record did not exist). */
export interface AuditChange {
  record: string;
  /** The record's kind (`jobs`, `invoices`…). */
  recordType: string;
  recordLabel: string;
  field: string;
  fieldLabel: string;
  before: unknown;
  after: unknown;
}

const FIELD_ORDER = new Map(Object.keys(AUDIT_FIELD_LABELS).map((field, index) => [field, index]));
const fieldRank = (field: string) => FIELD_ORDER.get(field) ?? FIELD_ORDER.size;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The differences between two snapshots, record by record: a changed record lists its changed
 * fields; a created one (after only) and a removed one (before only) list every field.
 */
export function auditChanges(
  before: AuditSnapshotValues | null | undefined,
  after: AuditSnapshotValues | null | undefined,
): AuditChange[] {
  const changes: AuditChange[] = [];
  const records = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  for (const record of records) {
    const old = before?.[record];
    const now = after?.[record];
    const [type, id] = record.split(':');
    const recordLabel = auditRecordLabel(type ?? record, id ?? null);
    // In the order of AUDIT_FIELD_LABELS (jsonb keeps keys in its own order), unknown fields last.
    const fields = [...new Set([...Object.keys(old ?? {}), ...Object.keys(now ?? {})])].sort(
      (a, b) => fieldRank(a) - fieldRank(b),
    );
    for (const field of fields) {
      const a = old?.[field];
      const b = now?.[field];
      if (old && now && same(a, b)) continue;
      changes.push({
        record,
        recordType: type ?? record,
        recordLabel,
        field,
        fieldLabel: AUDIT_FIELD_LABELS[field] ?? field,
        before: old ? (a ?? null) : undefined,
        after: now ? (b ?? null) : undefined,
      });
    }
  }
  return changes;
}

/** A change as one line of text (the export's "Alterações" column): 'Vaga #3 · Status: Aberta → Atribuída'. */
export function formatAuditChange(change: AuditChange): string {
  const format = (value: unknown) => formatAuditValue(change.field, value, change.recordType);
  const before = change.before === undefined ? '(não existia)' : format(change.before);
  const after = change.after === undefined ? '(removido)' : format(change.after);
  return `${change.recordLabel} · ${change.fieldLabel}: ${before} → ${after}`;
}
