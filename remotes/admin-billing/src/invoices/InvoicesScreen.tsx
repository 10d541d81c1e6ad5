import { InvoiceListSchema } from '@turno/contracts';
import { QueryView, useBffQuery } from '@turno/ui';
import { INVOICES_URL } from './invoices';
import { InvoicesView } from './InvoicesView';

export function InvoicesScreen() {
  const invoices = useBffQuery(INVOICES_URL, InvoiceListSchema);
  return <QueryView query={invoices}>{(data) => <InvoicesView invoices={data} />}</QueryView>;
}
