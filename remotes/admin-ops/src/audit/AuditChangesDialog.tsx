import { type AdminAuditEvent } from '@turno/contracts';
import { auditActionLabel, auditChanges, formatAuditValue, type AuditChange } from '@turno/domain';
import { Button, Dialog, formatTimestampBR } from '@turno/ui';

const cellStyle = {
  padding: '6px 8px',
  verticalAlign: 'top',
  overflowWrap: 'anywhere',
  whiteSpace: 'normal',
} as const;

function Value({ change, side }: { change: AuditChange; side: 'before' | 'after' }) {
  const value = change[side];
  if (value === undefined)
    return <em className="t-muted">{side === 'before' ? 'não existia' : 'removido'}</em>;
  return <>{formatAuditValue(change.field, value, change.recordType)}</>;
}

/** The before → after differences of one entry, field by field, grouped by record. */
export function AuditChangesTable({ event }: { event: AdminAuditEvent }) {
  const changes = auditChanges(event.before, event.after);
  if (changes.length === 0)
    return <p className="t-muted">Nenhum valor mudou (ou a ação não guarda valores).</p>;
  return (
    <div className="t-table-wrap">
      {/* Three narrow columns fit a phone: no 640 px minimum, fixed widths, long values wrap. */}
      <table className="t-table" style={{ tableLayout: 'fixed', width: '100%', minWidth: 0 }}>
        <caption className="t-visually-hidden">Valores antes e depois</caption>
        <thead>
          <tr>
            <th scope="col" style={{ ...cellStyle, width: '34%' }}>
              Campo
            </th>
            <th scope="col" style={cellStyle}>
              Antes
            </th>
            <th scope="col" style={cellStyle}>
              Depois
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={`${change.record}.${change.field}`} data-testid="audit-change">
              <th scope="row" style={{ ...cellStyle, fontWeight: 500, textAlign: 'left' }}>
                <span className="t-muted" style={{ display: 'block', fontSize: 12 }}>
                  {change.recordLabel}
                </span>
                {change.fieldLabel}
              </th>
              <td style={cellStyle}>
                <Value change={change} side="before" />
              </td>
              <td style={cellStyle}>
                <Value change={change} side="after" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Ver alterações": the entry's differences, its refusal and its request id. */
export function AuditChangesDialog({ event, onClose }: { event: AdminAuditEvent; onClose: () => void }) {
  return (
    <Dialog
      closeButton={false}
      title={`${auditActionLabel(event.action)} · ${formatTimestampBR(event.created_at)}`}
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Fechar
        </Button>
      }
    >
      {event.refusal && (
        <p style={{ margin: 0 }}>
          <strong>Motivo:</strong> {event.refusal}
        </p>
      )}
      <AuditChangesTable event={event} />
      <p className="t-muted" style={{ margin: 0, fontSize: 13, overflowWrap: 'anywhere' }}>
        Ação registrada: {event.action} · Request ID: {event.request_id ?? '—'}
      </p>
    </Dialog>
  );
}
