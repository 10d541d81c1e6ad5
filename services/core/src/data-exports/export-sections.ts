import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * What a data export holds about a person, one section per kind of record. Each section is read in
 * keyset pages (`id > ? order by id limit ?`) so a person with years of shifts never sits in memory
 * at once; every query is bounded to the person (their freelancer, store or user id). Columns keep
 * their database names (snake_case): the JSON is for machines and for other services (portability).
 */
export interface ExportSection {
  /** The key in meus-dados.json. */
  key: string;
  /** The pt-BR title in the PDF summary (libs/domain DATA_EXPORT_MESSAGES.pdf.sections). */
  title: SectionTitle;
  /** One page of rows after `afterId` (the rows' `id`, ascending). */
  page(em: EntityManager, afterId: number, limit: number): Promise<ExportRow[]>;
  /** How many rows the section has (for the progress and the PDF's counts). */
  count(em: EntityManager): Promise<number>;
}

export type SectionTitle =
  | 'applications'
  | 'shifts'
  | 'ratingsGiven'
  | 'ratingsReceived'
  | 'payouts'
  | 'vacancies'
  | 'applicationsReceived'
  | 'assignments'
  | 'invoices'
  | 'invoiceLines'
  | 'consents'
  | 'signIns';

export type ExportRow = Record<string, unknown> & { id: number | string };

/** A section from a `from … where …` clause over the person's rows, its columns and its id column. */
function section(
  key: string,
  title: SectionTitle,
  columns: string,
  fromWhere: string,
  idColumn: string,
  params: unknown[],
): ExportSection {
  return {
    key,
    title,
    page: (em, afterId, limit) =>
      em
        .getConnection()
        .execute<ExportRow[]>(
          `select ${columns} ${fromWhere} and ${idColumn} > ? order by ${idColumn} limit ?`,
          [...params, afterId, limit],
        ),
    count: async (em) => {
      const [row] = await em
        .getConnection()
        .execute<{ count: string | number }[]>(`select count(*) as count ${fromWhere}`, params);
      return Number(row?.count ?? 0);
    },
  };
}

const JOB_COLUMNS =
  'j.id as job_id, j.title, j.position_type, j.date_needed, j.start_time, j.end_time, j.workload_minutes';

/** Everything about the person as a user: consents and their activity (sign-ins and every action, from the audit trail). */
function userSections(userId: number): ExportSection[] {
  return [
    section(
      'consentimentos',
      'consents',
      'c.id, c.kind, c.version, c.action, c.client, c.created_at',
      'from consents c where c.user_id = ?',
      'c.id',
      [userId],
    ),
    section(
      'historico_de_acesso_e_atividade',
      'signIns',
      'e.id, e.action, e.outcome, e.target_type, e.target_id, e.request_id, e.created_at',
      "from audit_events e where e.actor_kind = 'user' and e.actor_id = ?",
      'e.id',
      [userId],
    ),
  ];
}

/** A freelancer's records. */
export function freelancerSections(userId: number, freelancerId: number): ExportSection[] {
  return [
    section(
      'candidaturas',
      'applications',
      `a.id, a.status, a.message, a.applied_at, a.expires_at, a.reviewed_at, ${JOB_COLUMNS}, r.business_name as loja`,
      'from applications a join jobs j on j.id = a.job_id join restaurants r on r.id = j.restaurant_id where a.freelancer_id = ?',
      'a.id',
      [freelancerId],
    ),
    section(
      'turnos',
      'shifts',
      `s.id, s.status, ${JOB_COLUMNS}, r.business_name as loja, r.address as endereco_da_loja,
       s.on_the_way_at, s.checkin_requested_at, s.check_in_at, s.check_in_method, s.check_in_distance_m,
       s.checkout_requested_at, s.check_out_at, s.check_out_method, s.pay_basis, s.paid_minutes,
       s.freelancer_payout_cents, s.completed_at, s.cancelled_by, s.cancelled_at, s.cancellation_reason,
       s.cancellation_payout_cents, s.created_at`,
      'from assignments s join jobs j on j.id = s.job_id join restaurants r on r.id = j.restaurant_id where s.freelancer_id = ?',
      's.id',
      [freelancerId],
    ),
    section(
      'avaliacoes_feitas',
      'ratingsGiven',
      'g.id, g.assignment_id, g.rating, g.comment, g.created_at, r.business_name as loja',
      "from ratings g join assignments s on s.id = g.assignment_id join jobs j on j.id = s.job_id join restaurants r on r.id = j.restaurant_id where g.rater_type = 'freelancer' and s.freelancer_id = ?",
      'g.id',
      [freelancerId],
    ),
    section(
      'avaliacoes_recebidas',
      'ratingsReceived',
      'g.id, g.assignment_id, g.rating, g.comment, g.created_at, r.business_name as loja',
      "from ratings g join assignments s on s.id = g.assignment_id join jobs j on j.id = s.job_id join restaurants r on r.id = j.restaurant_id where g.rater_type = 'restaurant' and s.freelancer_id = ?",
      'g.id',
      [freelancerId],
    ),
    section(
      'pagamentos',
      'payouts',
      `p.id, p.assignment_id, p.kind, p.amount_cents, p.deducted_cents, p.status, p.pix_key, p.payee_name, p.payee_cpf,
       p.failure_reason, p.end_to_end_id, p.paid_at, p.paid_outside_reason, p.created_at`,
      'from payouts p where p.freelancer_id = ?',
      'p.id',
      [freelancerId],
    ),
    ...userSections(userId),
  ];
}

/** A business's records. */
export function restaurantSections(userId: number, restaurantId: number): ExportSection[] {
  return [
    section(
      'vagas',
      'vacancies',
      `j.id, j.title, j.position_type, j.description, j.date_needed, j.start_time, j.end_time, j.workload_minutes,
       j.charge_cents, j.meal_time, j.recommended_attire, j.status, j.created_at`,
      'from jobs j where j.restaurant_id = ?',
      'j.id',
      [restaurantId],
    ),
    section(
      'candidaturas_recebidas',
      'applicationsReceived',
      `a.id, a.job_id, a.status, a.message, a.applied_at, a.reviewed_at, f.name as profissional`,
      'from applications a join jobs j on j.id = a.job_id join freelancers f on f.id = a.freelancer_id where j.restaurant_id = ?',
      'a.id',
      [restaurantId],
    ),
    section(
      'escalas',
      'assignments',
      `s.id, s.job_id, s.status, f.name as profissional, s.check_in_at, s.check_in_method, s.check_out_at,
       s.check_out_method, s.paid_minutes, s.restaurant_charge_cents, s.completed_at, s.cancelled_by, s.cancelled_at,
       s.cancellation_reason, s.cancellation_fee_cents`,
      'from assignments s join jobs j on j.id = s.job_id join freelancers f on f.id = s.freelancer_id where j.restaurant_id = ?',
      's.id',
      [restaurantId],
    ),
    section(
      'avaliacoes_feitas',
      'ratingsGiven',
      'g.id, g.assignment_id, g.rating, g.comment, g.created_at',
      "from ratings g join assignments s on s.id = g.assignment_id join jobs j on j.id = s.job_id where g.rater_type = 'restaurant' and j.restaurant_id = ?",
      'g.id',
      [restaurantId],
    ),
    section(
      'avaliacoes_recebidas',
      'ratingsReceived',
      'g.id, g.assignment_id, g.rating, g.comment, g.created_at',
      "from ratings g join assignments s on s.id = g.assignment_id join jobs j on j.id = s.job_id where g.rater_type = 'freelancer' and j.restaurant_id = ?",
      'g.id',
      [restaurantId],
    ),
    section(
      'faturas',
      'invoices',
      `i.id, i.invoice_number, i.invoice_type, i.description, i.amount_cents, i.status, i.issue_date, i.due_date,
       i.payment_date, i.week_start, i.week_end, i.created_at`,
      'from invoices i where i.restaurant_id = ?',
      'i.id',
      [restaurantId],
    ),
    section(
      'linhas_de_faturas',
      'invoiceLines',
      // A line's key is its assignment (one line per shift billed).
      'l.assignment_id as id, l.assignment_id, l.invoice_id, l.date_needed, l.position_type, l.freelancer_name, l.amount_cents',
      'from invoice_lines l join invoices i on i.id = l.invoice_id where i.restaurant_id = ?',
      'l.assignment_id',
      [restaurantId],
    ),
    ...userSections(userId),
  ];
}
