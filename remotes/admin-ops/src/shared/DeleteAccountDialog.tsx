import { DELETE_CONFIRMATION_WORD, MESSAGES } from '@turno/domain';
import { Button, Dialog, TextField } from '@turno/ui';
import { useState, type FormEvent } from 'react';

export interface DeleteAccountDialogProps {
  title: string;
  /** "Tem certeza que deseja excluir …? Esta ação não pode ser desfeita." */
  message: string;
  busy?: boolean;
  /** Called only when the typed word is CONFIRMAR. */
  onConfirm: () => void;
  /** Wrong word: the deletion is cancelled with "Exclusão cancelada. Texto de confirmação incorreto.". */
  onWrongWord: () => void;
  onCancel: () => void;
}

/**
 * Deleting a restaurant or a freelancer (spec 02 §5): the question, then the typed word CONFIRMAR.
 * Accounts with completed work or invoices are anonymized instead, which the hint says up front.
 */
export function DeleteAccountDialog({
  title,
  message,
  busy = false,
  onConfirm,
  onWrongWord,
  onCancel,
}: DeleteAccountDialogProps) {
  const [word, setWord] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (word.trim() === DELETE_CONFIRMATION_WORD) onConfirm();
    else onWrongWord();
  };
  const formId = 'delete-account-form';
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      busy={busy}
      size="small"
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button variant="danger" type="submit" form={formId} busy={busy}>
            Excluir
          </Button>
        </>
      }
    >
      <p style={{ margin: 0 }}>{message}</p>
      <p className="t-muted" style={{ margin: 0, fontSize: 14 }}>
        Contas com trabalhos concluídos ou faturas não são apagadas: os dados pessoais são removidos e a conta
        é desativada, mantendo os registros financeiros.
      </p>
      <form id={formId} onSubmit={submit}>
        <TextField
          label={MESSAGES.deletion.typeToConfirm(DELETE_CONFIRMATION_WORD)}
          value={word}
          autoComplete="off"
          onChange={(event) => setWord(event.target.value)}
        />
      </form>
    </Dialog>
  );
}
