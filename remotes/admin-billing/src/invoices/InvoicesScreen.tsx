import { AdminInvoicesPageSchema } from '@turno/contracts';
import { useLiveRefresh, usePagedList } from '@turno/ui';
import { useMemo, useState } from 'react';
import { CustomInvoiceModal } from '../generation/CustomInvoiceModal';
import { GenerationPanel } from '../generation/GenerationPanel';
import { useGenerationRun } from '../generation/useGenerationRun';
import { INVOICES_DEFAULT_FILTERS, INVOICES_QUERY_DEFAULTS, INVOICES_URL, invoicesQuery } from './invoices';
import { InvoicesView } from './InvoicesView';
import { useInvoiceActions } from './useInvoiceActions';
import { INVOICES_POLL_INTERVAL_MS } from './poll';
import { InvoiceDetailDialog } from '../invoice-detail/InvoiceDetailDialog';
import { PixMismatchesPanel } from '../pix-mismatches/PixMismatchesPanel';

export { INVOICES_POLL_INTERVAL_MS };

export interface InvoicesScreenProps {
  /** For tests: the fetch the list uses (the browser's by default). */
  fetchImpl?: typeof fetch;
  /** For tests: the clock the weekly buttons are computed from. */
  now?: Date;
  /** For tests: the fetch of the "Divergências de pagamento" (the browser's by default). */
  mismatchesFetchImpl?: typeof fetch;
}

/**
 * The admin's "Faturas" tab: generation (weekly buttons, custom modal, the run's progress and
 * result), invoices filtered on the server and kept fresh, mark paid and delete.
 */
export function InvoicesScreen({ fetchImpl, now, mismatchesFetchImpl }: InvoicesScreenProps) {
  const [filters, setFilters] = useState(INVOICES_DEFAULT_FILTERS);
  const [customOpen, setCustomOpen] = useState(false);
  const [viewing, setViewing] = useState<number>();
  const list = usePagedList(INVOICES_URL, invoicesQuery(filters), AdminInvoicesPageSchema, {
    defaults: INVOICES_QUERY_DEFAULTS,
    fetchImpl,
  });
  useLiveRefresh('admin-billing', list.refresh, { pollIntervalMs: INVOICES_POLL_INTERVAL_MS });
  const actions = useInvoiceActions({ fetchImpl, onChanged: list.refresh });
  const generation = useGenerationRun({ fetchImpl, onFinished: list.refresh });
  const [clock] = useState(() => now ?? new Date());
  const rowActions = useMemo(
    () => ({
      busyId: actions.busyId,
      markPaid: actions.markPaid,
      remove: actions.remove,
      view: (invoice: { id: number }) => setViewing(invoice.id),
    }),
    // The handlers read the latest state through busyId; a new busyId gives new buttons.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [actions.busyId],
  );
  return (
    <>
      <InvoicesView
        list={list}
        filters={filters}
        onFiltersChange={setFilters}
        actions={rowActions}
        notice={actions.notice}
        mismatches={<PixMismatchesPanel onView={setViewing} fetchImpl={mismatchesFetchImpl} />}
        generation={
          <GenerationPanel
            now={clock}
            run={generation.run}
            error={customOpen ? undefined : generation.error}
            busy={generation.busy}
            onWeekly={(offset) => void generation.generateWeekly(offset)}
            onCustom={() => setCustomOpen(true)}
          />
        }
      />
      <InvoiceDetailDialog invoiceId={viewing} onClose={() => setViewing(undefined)} />
      {actions.confirmation}
      <CustomInvoiceModal
        open={customOpen}
        busy={generation.starting}
        now={clock}
        error={generation.error}
        fetchImpl={fetchImpl}
        onClose={() => setCustomOpen(false)}
        onSubmit={async (request) => {
          const started = await generation.generateCustom(request);
          if (started) setCustomOpen(false);
          return started;
        }}
      />
    </>
  );
}
