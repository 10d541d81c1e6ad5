/**
 * How long personal data is kept (issue 27, LGPD art. 15–16): one row per kind of data, read by the
 * workers' daily `apply-retention` job (services/core retention) and described in docs/privacy.md.
 * `appliedBy` says who removes it: the job (`worker`), an operator on purpose (`operator`: the audit
 * trail refuses UPDATE and DELETE by trigger), the log store of the deployment (`log_store`), the
 * account deletion itself (`deletion`: the admin's, or the workers' `carry-out-account-deletions`
 * job after the 7-day grace, libs/domain account-deletion.ts), or nobody yet (`to_come`).
 */
export interface RetentionRule {
  id: string;
  /** What the row is about, as docs/privacy.md names it. */
  data: string;
  /** Days kept after `from`. */
  days: number;
  /** What happens after: the data removed, or reduced to what is still needed. */
  then: 'delete' | 'reduce';
  /** The moment the days count from. */
  from: string;
  appliedBy: 'worker' | 'operator' | 'log_store' | 'deletion' | 'to_come';
}

export const RETENTION_RULES = [
  {
    id: 'check_in_positions',
    data: 'Posição no check-in (distância até a loja, em metros)',
    days: 90,
    then: 'reduce',
    from: 'o check-in',
    // Reduced to "inside / outside the store": the method 'geofence' stays (it was inside).
    appliedBy: 'worker',
  },
  {
    id: 'rejected_application_messages',
    data: 'Mensagem de uma candidatura recusada',
    days: 180,
    then: 'delete',
    from: 'a recusa',
    appliedBy: 'worker',
  },
  {
    id: 'audit_trail',
    data: 'Trilha de auditoria',
    days: 5 * 365 + 1,
    then: 'delete',
    from: 'o registro',
    appliedBy: 'operator',
  },
  {
    id: 'sign_in_logs',
    data: 'Registros de acesso (linhas de log com o IP cifrado)',
    days: 183,
    then: 'delete',
    from: 'o acesso',
    appliedBy: 'log_store',
  },
  {
    id: 'deleted_account_photos',
    data: 'Fotos de contas excluídas',
    days: 0,
    then: 'delete',
    from: 'a exclusão',
    appliedBy: 'deletion',
  },
  {
    id: 'deleted_account_data_exports',
    data: 'Cópias dos dados pessoais ("Baixar meus dados") de contas excluídas, prontas ou na fila',
    days: 0,
    then: 'delete',
    from: 'a exclusão',
    // The files leave storage and the rows are closed before the account goes (account-removal).
    appliedBy: 'deletion',
  },
] as const satisfies readonly RetentionRule[];

export type RetentionRuleId = (typeof RETENTION_RULES)[number]['id'];

/** The rule of `id` (the worker reads its days from here: one source of truth). */
export function retentionRule(id: RetentionRuleId): RetentionRule {
  return RETENTION_RULES.find((rule) => rule.id === id)!;
}

/** The rows the workers' job applies itself. */
export const WORKER_RETENTION_RULES = RETENTION_RULES.filter((rule) => rule.appliedBy === 'worker').map(
  (rule) => rule.id,
);

/** The instant before which data of `id` is past its retention at `now`. */
export function retentionCutoff(id: RetentionRuleId, now: Date): Date {
  return new Date(now.getTime() - retentionRule(id).days * 24 * 60 * 60 * 1000);
}
