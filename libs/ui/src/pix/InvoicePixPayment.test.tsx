/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { INVOICE_PIX_MESSAGES as TEXT, formatMoney } from '@turno/domain';
import { LONG_BR_CODE, invoicePixChargeFixture } from '../testing';
import { InvoicePixPayment, pixQrDataUrl } from './InvoicePixPayment';

const settle = () => act(async () => undefined);

describe('InvoicePixPayment', () => {
  it('shows an active charge: the QR code as an image (never injected markup), the code, amount and due date', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const { container } = render(<InvoicePixPayment charge={invoicePixChargeFixture({ qr_svg: svg })} />);
    expect(screen.getByRole('heading', { name: TEXT.title })).toBeTruthy();
    const qr = screen.getByRole('img', { name: TEXT.qrAlt }) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe(pixQrDataUrl(svg));
    expect(qr.getAttribute('src')!.startsWith('data:image/svg+xml;charset=utf-8,%3Csvg')).toBe(true);
    // The SVG is in the image's URL only, not in the page's DOM.
    expect(container.querySelector('svg, script')).toBeNull();
    const code = screen.getByLabelText(TEXT.codeLabel) as HTMLTextAreaElement;
    expect(LONG_BR_CODE).toHaveLength(150);
    expect(code.value).toBe(LONG_BR_CODE);
    expect(code.readOnly).toBe(true);
    // Wraps anywhere: a 150-character code without spaces must fit a 360 px screen.
    expect(code.style.wordBreak).toBe('break-all');
    expect(screen.getByTestId('invoice-pix-amount').textContent).toBe(formatMoney(189.9));
    expect(screen.getByText('30/11/2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: TEXT.copy }).className).toContain('t-btn');
  });

  it('copies the code with the Clipboard API and says so politely', async () => {
    const writeText = jest.fn(async () => undefined);
    render(<InvoicePixPayment charge={invoicePixChargeFixture()} clipboard={{ writeText }} />);
    const live = screen.getByTestId('invoice-pix-copied');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: TEXT.copy }));
    await settle();
    expect(writeText).toHaveBeenCalledWith(LONG_BR_CODE);
    expect(live.textContent).toBe(TEXT.copied);
  });

  it('falls back to selecting the field and execCommand("copy") when the clipboard refuses', async () => {
    const writeText = jest.fn(async () => {
      throw new Error('NotAllowedError');
    });
    const execCommand = jest.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    render(<InvoicePixPayment charge={invoicePixChargeFixture()} clipboard={{ writeText }} />);
    fireEvent.click(screen.getByRole('button', { name: TEXT.copy }));
    await settle();
    expect(execCommand).toHaveBeenCalledWith('copy');
    const code = screen.getByLabelText(TEXT.codeLabel) as HTMLTextAreaElement;
    expect(code.selectionEnd - code.selectionStart).toBe(LONG_BR_CODE.length);
    expect(screen.getByTestId('invoice-pix-copied').textContent).toBe(TEXT.copied);
    // Neither works: the person is told to copy by hand.
    execCommand.mockReturnValue(false);
    fireEvent.click(screen.getByRole('button', { name: TEXT.copy }));
    await settle();
    expect(screen.getByText(TEXT.copyFailed)).toBeTruthy();
    expect(screen.getByTestId('invoice-pix-copied').textContent).toBe('');
  });

  it('says "Gerando o Pix…" while the charge is being created, with no QR nor code', () => {
    render(
      <InvoicePixPayment
        charge={invoicePixChargeFixture({ status: 'creating', br_code: null, qr_svg: null })}
      />,
    );
    expect(screen.getByTestId('invoice-pix-state').textContent).toBe(TEXT.creating);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says when it was paid, and the amounts of a divergent payment, without the QR', () => {
    const { rerender } = render(
      <InvoicePixPayment
        charge={invoicePixChargeFixture({
          status: 'paid',
          received_at: '2026-11-27T17:32:00Z',
          received_amount: 189.9,
        })}
      />,
    );
    expect(screen.getByTestId('invoice-pix-state').textContent).toBe('Pago em 27/11 às 14:32');
    expect(screen.queryByRole('img')).toBeNull();
    rerender(
      <InvoicePixPayment
        charge={invoicePixChargeFixture({
          status: 'mismatch',
          received_at: '2026-11-27T17:32:00Z',
          received_amount: 100,
        })}
      />,
    );
    expect(screen.getByTestId('invoice-pix-state').textContent).toBe(
      'Recebemos R$ 100,00; o valor da fatura é R$ 189,90. Nossa equipe vai entrar em contato.',
    );
    expect(screen.queryByLabelText(TEXT.codeLabel)).toBeNull();
  });

  it.each(['cancelled', 'failed'] as const)(
    'a %s charge offers the boleto or contact instead of a QR',
    (status) => {
      render(<InvoicePixPayment charge={invoicePixChargeFixture({ status })} />);
      expect(screen.getByTestId('invoice-pix-state').textContent).toBe(TEXT.unavailable);
      expect(screen.queryByRole('img')).toBeNull();
      expect(screen.queryByLabelText(TEXT.codeLabel)).toBeNull();
    },
  );
});
