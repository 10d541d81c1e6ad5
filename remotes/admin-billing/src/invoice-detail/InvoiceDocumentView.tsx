import { type InvoiceDocumentContract } from '@turno/contracts';
import { STORE_BILLING_MESSAGES } from '@turno/domain';
import { ResponsiveTable, type TableColumn, type TableRowGroup } from '@turno/ui';

type Line = InvoiceDocumentContract['lines'][number];

const COLUMNS: TableColumn<Line>[] = [
  { key: 'weekday', header: 'Dia', render: (l) => l.weekday },
  { key: 'date', header: 'Data', render: (l) => l.date },
  { key: 'service', header: 'Serviço', render: (l) => l.service },
  { key: 'professional', header: 'Profissional', render: (l) => l.professional },
  { key: 'amount', header: 'Valor', align: 'right', render: (l) => l.amount },
];

/** The document's lines by store, each with its subtotal, when they are of two stores or more (issue 28). */
function storeGroups(document: InvoiceDocumentContract): TableRowGroup<Line>[] | undefined {
  return document.storeGroups?.map((group, index) => ({
    key: index,
    heading: group.store,
    rows: group.lines,
    total: { label: STORE_BILLING_MESSAGES.subtotal(group.store), value: group.subtotal },
  }));
}

/**
 * The invoice document on screen: the model the PDF and the print page draw (built on the server
 * by services/core invoice-document.ts), so the three never disagree.
 */
export function InvoiceDocumentView({ document }: { document: InvoiceDocumentContract }) {
  return (
    <article className="t-stack" aria-label={document.title} data-testid="invoice-document">
      <div className="t-row" style={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 12 }}>
        <div>
          <strong style={{ fontSize: '1.2rem', color: 'var(--t-color-primary, #0f766e)' }}>
            {document.provider.name}
          </strong>
          <div className="t-muted">{document.provider.legalName}</div>
          <div className="t-muted">{document.provider.cnpj}</div>
          <div className="t-muted">{document.provider.address}</div>
          <div className="t-muted">{document.provider.contact}</div>
        </div>
        <div style={{ minWidth: 0 }}>
          <h3 style={{ margin: 0 }}>{document.title}</h3>
        </div>
      </div>
      <div className="t-row" style={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 12 }}>
        <div>
          <h3 style={{ margin: 0, fontSize: '1rem' }}>Cliente</h3>
          <div>{document.client.businessName}</div>
          {/* Razão social and CNPJ (masked by the server) when the business gave them (issue 25). */}
          {document.client.legalName && <div>Razão social: {document.client.legalName}</div>}
          {document.client.cnpj && <div>CNPJ: {document.client.cnpj}</div>}
          <div>Responsável: {document.client.responsible}</div>
          <div className="t-muted">{document.client.address}</div>
        </div>
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto auto', gap: '0 8px' }}>
          {[['Fatura', document.number] as const, ...document.facts].map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt style={{ fontWeight: 600 }}>{label}:</dt>
              <dd style={{ margin: 0 }}>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      {document.lines.length > 0 ? (
        <ResponsiveTable
          caption="Serviços da fatura"
          columns={COLUMNS}
          rows={document.lines}
          groups={storeGroups(document)}
          rowKey={(line) => `${line.date}-${line.service}-${line.professional}-${line.amount}`}
        />
      ) : (
        <p data-testid="invoice-description">{document.description ?? 'Nenhum serviço nesta fatura.'}</p>
      )}
      <p style={{ textAlign: 'right', fontWeight: 700, fontSize: '1.1rem', margin: 0 }}>
        Total: <span data-testid="invoice-total">{document.total}</span>
      </p>
      <div>
        <h3 style={{ margin: 0, fontSize: '1rem' }}>Condições de pagamento</h3>
        <p style={{ margin: 0 }}>{document.paymentTerms}</p>
      </div>
    </article>
  );
}
