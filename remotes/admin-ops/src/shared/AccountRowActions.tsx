import { Button } from '@turno/ui';

/** What the admin can do on an account row (Mercados, Freelancers); `running` is the key of the action under way (`approve-12`…). */
export interface AccountRowHandlers<T> {
  running: string | null;
  onApprove: (account: T) => void;
  onReject: (account: T) => void;
  onEdit: (account: T) => void;
  onDelete: (account: T) => void;
}

/**
 * A row's actions on an account (spec 02 §4): approve and reject for pending registrations only,
 * then edit and delete; each button names the account for screen readers.
 */
export function AccountRowActions<T extends { id: number }>({
  account,
  name,
  pending,
  approvable = true,
  actions,
}: {
  account: T;
  /** The account's name, as the buttons' accessible names say it ("Aprovar Mercado Bom Preço"). */
  name: string;
  pending: boolean;
  /** False hides "Aprovar" (a freelancer whose vetting checklist is incomplete; issue 27). */
  approvable?: boolean;
  actions: AccountRowHandlers<T>;
}) {
  const busy = actions.running !== null;
  return (
    <div className="t-row" style={{ gap: 6 }}>
      {pending && (
        <>
          {approvable && (
            <Button
              size="sm"
              onClick={() => actions.onApprove(account)}
              busy={actions.running === `approve-${account.id}`}
              disabled={busy}
              aria-label={`Aprovar ${name}`}
            >
              Aprovar
            </Button>
          )}
          <Button
            size="sm"
            variant="danger"
            onClick={() => actions.onReject(account)}
            disabled={busy}
            aria-label={`Rejeitar ${name}`}
          >
            Rejeitar
          </Button>
        </>
      )}
      <Button
        size="sm"
        variant="secondary"
        onClick={() => actions.onEdit(account)}
        disabled={busy}
        aria-label={`Editar ${name}`}
      >
        Editar
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => actions.onDelete(account)}
        disabled={busy}
        aria-label={`Excluir ${name}`}
      >
        Excluir
      </Button>
    </div>
  );
}
