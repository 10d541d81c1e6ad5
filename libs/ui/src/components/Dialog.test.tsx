/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Button } from './Button';
import { ConfirmDialog, DIALOG_CSS, Dialog } from './Dialog';

function Opener({ busy = false, onSubmit }: { busy?: boolean; onSubmit?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Abrir</Button>
      {open && (
        <Dialog
          title="Editar vaga"
          busy={busy}
          onClose={() => setOpen(false)}
          onSubmit={onSubmit}
          footer={<Button type="submit">Salvar</Button>}
        >
          <p>Texto</p>
          <label>
            Nome
            <input />
          </label>
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('is a modal named by its title, focuses its first field, and returns focus on Escape', () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Editar vaga' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Nome' }));
    // Its stylesheet is in the document once it opened.
    expect(document.getElementById('turno-dialog')?.textContent).toBe(DIALOG_CSS);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside: from the last control to the first and back', () => {
    render(<Opener />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    const dialog = screen.getByRole('dialog');
    const close = screen.getByRole('button', { name: 'Fechar' });
    const save = screen.getByRole('button', { name: 'Salvar' });
    save.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(save);
  });

  it('cannot be closed while busy (Escape, ✕, backdrop)', () => {
    render(<Opener busy />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    fireEvent.mouseDown(dialog.parentElement!);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('closes on a click on the backdrop, not on one inside', () => {
    render(<Opener />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    fireEvent.mouseDown(screen.getByText('Texto'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('dialog').parentElement!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('with onSubmit, the body and footer are a form: the footer submit button calls it', () => {
    const onSubmit = jest.fn();
    render(<Opener onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('its CSS keeps every control at least 44 px and the body scrolling inside the viewport', () => {
    expect(DIALOG_CSS).toMatch(/\.t-dialog__close\.t-btn\{[^}]*min-height:44px;min-width:44px/);
    expect(DIALOG_CSS).toMatch(/\.t-dialog__footer \.t-btn\{min-height:44px\}/);
    expect(DIALOG_CSS).toMatch(/\.t-dialog\{[^}]*max-height:100%/);
    expect(DIALOG_CSS).toMatch(/\.t-dialog__body\{[^}]*overflow-y:auto/);
  });
});

describe('ConfirmDialog', () => {
  it('asks, confirms and cancels; Escape cancels', () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(
      <ConfirmDialog
        title="Excluir fatura"
        message="Tem certeza?"
        confirmLabel="Excluir"
        tone="danger"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Excluir fatura' });
    expect(dialog.textContent).toContain('Tem certeza?');
    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    act(() => {
      fireEvent.keyDown(dialog, { key: 'Escape' });
    });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
