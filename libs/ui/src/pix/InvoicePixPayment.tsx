import type { InvoicePixCharge } from '@turno/contracts';
import {
  INVOICE_PIX_MESSAGES as TEXT,
  formatDateBR,
  formatMoney,
  invoicePixMismatchText,
  invoicePixPaidText,
} from '@turno/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';

export interface InvoicePixPaymentProps {
  charge: InvoicePixCharge;
  /** The heading level of "Pague com Pix" in its screen (3 by default). */
  headingLevel?: 2 | 3 | 4;
  /** Clipboard access, replaceable in tests (defaults to `navigator.clipboard`). */
  clipboard?: Pick<Clipboard, 'writeText'> | null;
}

/**
 * The QR code as an image: the BFF's SVG document (drawn by the `qrcode` package) in a data URL, so
 * no markup from the wire is ever injected into the page; `alt` says what it is.
 */
export function pixQrDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Copies `text`: the Clipboard API, else the selected field and `execCommand('copy')`. */
async function copyText(
  text: string,
  field: HTMLTextAreaElement | null,
  clipboard: Pick<Clipboard, 'writeText'> | null | undefined,
): Promise<boolean> {
  if (clipboard) {
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, insecure context): the fallback below.
    }
  }
  if (!field) return false;
  field.focus();
  field.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  }
}

const CODE_STYLE = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 14,
  wordBreak: 'break-all',
  overflowWrap: 'anywhere',
  resize: 'none',
  whiteSpace: 'pre-wrap',
  // As tall as the wrapped code where the browser can (Chromium); elsewhere the rows below.
  fieldSizing: 'content',
} as const;

/**
 * "Pague com Pix" of an invoice (issue 25): its charge's QR code, the "Pix copia e cola" code with
 * "Copiar código", the amount and due date, or what its state says instead (being created, paid,
 * a divergent amount received, unavailable). Every text comes from `@turno/domain`.
 */
export function InvoicePixPayment({ charge, headingLevel = 3, clipboard }: InvoicePixPaymentProps) {
  const Heading = `h${headingLevel}` as const;
  const titleId = useId();
  const codeId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const code = charge.br_code;
  useEffect(() => setCopyState('idle'), [code]);

  const payable = charge.status === 'active' && code !== null;
  const creating = charge.status === 'creating' || (charge.status === 'active' && code === null);

  const copy = async () => {
    if (!code) return;
    const board =
      clipboard !== undefined ? clipboard : typeof navigator !== 'undefined' ? navigator.clipboard : null;
    setCopyState((await copyText(code, field.current, board)) ? 'copied' : 'failed');
  };

  return (
    <section
      className="t-card t-stack"
      aria-labelledby={titleId}
      data-testid="invoice-pix"
      data-status={charge.status}
      style={{ gap: 12, padding: 16 }}
    >
      <Heading id={titleId} style={{ margin: 0, fontSize: '1.05rem' }}>
        {TEXT.title}
      </Heading>
      {creating && (
        <p role="status" style={{ margin: 0 }} data-testid="invoice-pix-state">
          {TEXT.creating}
        </p>
      )}
      {charge.status === 'paid' && (
        <Alert tone="success" data-testid="invoice-pix-state">
          {invoicePixPaidText(charge.received_at)}
        </Alert>
      )}
      {charge.status === 'mismatch' && (
        <Alert tone="warning" data-testid="invoice-pix-state">
          {invoicePixMismatchText(charge.received_amount, charge.amount)}
        </Alert>
      )}
      {(charge.status === 'cancelled' || charge.status === 'failed') && (
        <Alert tone="info" data-testid="invoice-pix-state">
          {TEXT.unavailable}
        </Alert>
      )}
      {payable && (
        <div className="t-row" style={{ flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
          {charge.qr_svg && (
            <img
              src={pixQrDataUrl(charge.qr_svg)}
              alt={TEXT.qrAlt}
              width={200}
              height={200}
              style={{ flex: '0 0 auto', maxWidth: '100%', height: 'auto', background: '#fff' }}
              data-testid="invoice-pix-qr"
            />
          )}
          <div className="t-stack" style={{ flex: '1 1 220px', minWidth: 0, gap: 8 }}>
            <p style={{ margin: 0 }}>{TEXT.active}</p>
            <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '0 8px' }}>
              <dt style={{ fontWeight: 600 }}>{TEXT.amountLabel}</dt>
              <dd style={{ margin: 0 }} data-testid="invoice-pix-amount">
                {formatMoney(charge.amount)}
              </dd>
              <dt style={{ fontWeight: 600 }}>{TEXT.dueDateLabel}</dt>
              <dd style={{ margin: 0 }}>{formatDateBR(charge.due_date)}</dd>
            </dl>
            <label htmlFor={codeId} style={{ fontWeight: 600 }}>
              {TEXT.codeLabel}
            </label>
            <textarea
              id={codeId}
              ref={field}
              className="t-input"
              readOnly
              value={code}
              rows={Math.min(6, Math.max(3, Math.ceil(code.length / 32)))}
              style={CODE_STYLE}
              onFocus={(event) => event.currentTarget.select()}
              data-testid="invoice-pix-code"
            />
            <div>
              <Button variant="primary" onClick={() => void copy()}>
                {TEXT.copy}
              </Button>
            </div>
            {copyState === 'failed' && (
              <p className="t-hint" style={{ margin: 0 }}>
                {TEXT.copyFailed}
              </p>
            )}
          </div>
        </div>
      )}
      {/* Always in the page, so screen readers hear the change ("Código copiado"). */}
      <p className="t-visually-hidden" role="status" aria-live="polite" data-testid="invoice-pix-copied">
        {copyState === 'copied' ? TEXT.copied : ''}
      </p>
    </section>
  );
}
