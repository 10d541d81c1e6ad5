import type { RouteAudit } from '@turno/bff-kit';

/**
 * Before/after values of the billing actions in the audit trail (issue 12), by `METHOD path`
 * (attached by bff-kit's `withAuditSnapshots`). An invoice's fields are listed in
 * services/core/src/audit/audit-snapshots.ts. Generation runs in the invoices worker, after the
 * answer: its row keeps the run the request started (its id, kind and state), and the invoices the
 * run makes are found by that run in the Faturas tab.
 */

const invoiceInPath: RouteAudit<{ id: number }> = {
  records: ({ params }) => [{ type: 'invoices', id: params.id }],
};

interface GenerationRun {
  runId: string;
  kind: string;
  state: string;
  requestedAt: string;
}
const generationRun: RouteAudit<unknown, unknown, GenerationRun> = {
  records: () => [],
  answer: (run) => ({
    [`invoice-generation-runs:${run.runId}`]: {
      kind: run.kind,
      state: run.state,
      requested_at: run.requestedAt,
    },
  }),
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const ADMIN_BILLING_AUDIT: Record<string, RouteAudit<any, any, any>> = {
  'POST /api/admin/invoices/:id/mark-paid': invoiceInPath,
  'DELETE /api/admin/invoices/:id': invoiceInPath,
  'POST /api/admin/invoices/generate-weekly': generationRun,
  'POST /api/admin/invoices/generate-custom': generationRun,
};
