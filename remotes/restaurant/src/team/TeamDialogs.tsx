import {
  ChangeMemberRequestSchema,
  InviteMemberRequestSchema,
  InviteMemberResponseSchema,
  TeamChangeResponseSchema,
  type BusinessStore,
  type InviteMemberResponse,
  type TeamMember,
} from '@turno/contracts';
import { BUSINESS_MEMBER_MESSAGES, BUSINESS_MEMBER_ROLE_LABELS, MESSAGES } from '@turno/domain';
import { Alert, bffErrorMessage, Button, Dialog, sendBff, TextAreaField, TextField } from '@turno/ui';
import { useId, useRef, useState } from 'react';
import type { ZodError } from 'zod';
import {
  INVITED_ROLES,
  ROLE_HINTS,
  TEAM_INVITATIONS_URL,
  TEAM_MEMBERS_URL,
  invitationLink,
  memberName,
  type InvitedRole,
} from './team';

/** What the contract says is wrong with each field (its first issue per field). */
type FieldErrors = Partial<Record<'email' | 'role' | 'storeIds', string>>;

function fieldErrors(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if ((key === 'email' || key === 'role' || key === 'storeIds') && !errors[key])
      errors[key] = issue.message;
  }
  return errors;
}

interface RoleAndStoresProps {
  role: InvitedRole | null;
  onRole: (role: InvitedRole) => void;
  storeIds: ReadonlySet<number>;
  onStores: (storeIds: ReadonlySet<number>) => void;
  /** The active stores of the business, the choices. */
  stores: readonly BusinessStore[];
  errors: FieldErrors;
}

/** The role (with what each may do) and the stores given, at least one. */
function RoleAndStores({ role, onRole, storeIds, onStores, stores, errors }: RoleAndStoresProps) {
  const id = useId();
  const toggle = (storeId: number) => {
    const next = new Set(storeIds);
    if (next.has(storeId)) next.delete(storeId);
    else next.add(storeId);
    onStores(next);
  };
  return (
    <>
      <fieldset
        className="t-fieldset"
        aria-describedby={errors.role ? `${id}-role-error` : undefined}
        data-testid="team-role"
      >
        <legend>Papel</legend>
        <div className="r-team__roles">
          {INVITED_ROLES.map((choice) => (
            <label key={choice} className="t-choice">
              <input
                type="radio"
                name={`${id}-role`}
                value={choice}
                checked={role === choice}
                onChange={() => onRole(choice)}
                aria-labelledby={`${id}-${choice}`}
                aria-describedby={`${id}-${choice}-hint`}
              />
              <span>
                <span className="t-choice__title" id={`${id}-${choice}`}>
                  {BUSINESS_MEMBER_ROLE_LABELS[choice]}
                </span>
                <span className="t-choice__text" id={`${id}-${choice}-hint`}>
                  {ROLE_HINTS[choice]}
                </span>
              </span>
            </label>
          ))}
        </div>
        {errors.role && (
          <p className="t-hint t-hint--error" id={`${id}-role-error`} role="alert">
            {errors.role}
          </p>
        )}
      </fieldset>
      <fieldset
        className="t-fieldset"
        aria-describedby={errors.storeIds ? `${id}-stores-error` : undefined}
        data-testid="team-stores"
      >
        <legend>Lojas</legend>
        {stores.length === 0 ? (
          <p className="t-muted" style={{ margin: 0 }}>
            Nenhuma loja ativa. Adicione ou reative uma loja na aba Lojas.
          </p>
        ) : (
          <div className="r-team__checks">
            {stores.map((store) => (
              <label key={store.id} className="r-team__check">
                <input type="checkbox" checked={storeIds.has(store.id)} onChange={() => toggle(store.id)} />
                <span>{store.name}</span>
              </label>
            ))}
          </div>
        )}
        {errors.storeIds && (
          <p className="t-hint t-hint--error" id={`${id}-stores-error`} role="alert">
            {errors.storeIds}
          </p>
        )}
      </fieldset>
    </>
  );
}

export interface InviteDialogProps {
  /** The active stores of the business. */
  stores: readonly BusinessStore[];
  /** `created`: an invitation was made (the list is read again). */
  onClose: (created: boolean) => void;
  fetchImpl?: typeof fetch;
}

/**
 * "Convidar pessoa": e-mail, role and stores; then the invitation's link, shown this once, to copy
 * and send to the person.
 */
export function InviteDialog({ stores, onClose, fetchImpl }: InviteDialogProps) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitedRole | null>(null);
  // The only store is the only choice: already ticked.
  const [storeIds, setStoreIds] = useState<ReadonlySet<number>>(
    () => new Set(stores.length === 1 ? [stores[0]!.id] : []),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<InviteMemberResponse | null>(null);
  const inFlight = useRef(false);

  async function submit() {
    if (inFlight.current) return;
    const request = InviteMemberRequestSchema.safeParse({
      email,
      role: role ?? undefined,
      storeIds: [...storeIds],
    });
    if (!request.success) {
      setErrors(fieldErrors(request.error));
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      setCreated(
        await sendBff(TEAM_INVITATIONS_URL, {
          method: 'POST',
          body: request.data,
          schema: InviteMemberResponseSchema,
          fetchImpl,
        }),
      );
    } catch (failure) {
      setError(bffErrorMessage(failure, MESSAGES.common.saveFailed, MESSAGES.common.saveConnection));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  if (created) return <InvitationLink invitation={created} onClose={() => onClose(true)} />;

  return (
    <Dialog
      title="Convidar pessoa"
      onClose={() => onClose(false)}
      busy={busy}
      onSubmit={() => void submit()}
      footer={
        <>
          <Button variant="secondary" onClick={() => onClose(false)} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" busy={busy}>
            Criar convite
          </Button>
        </>
      }
    >
      <TextField
        label="E-mail da pessoa"
        type="email"
        inputMode="email"
        autoComplete="off"
        maxLength={254}
        required
        value={email}
        placeholder="nome@exemplo.com"
        hint="O convite vale só para este e-mail."
        error={errors.email}
        onChange={(event) => {
          setEmail(event.target.value);
          setErrors(({ email: _email, ...others }) => others);
        }}
      />
      <RoleAndStores
        role={role}
        onRole={(next) => {
          setRole(next);
          setErrors(({ role: _role, ...others }) => others);
        }}
        storeIds={storeIds}
        onStores={(next) => {
          setStoreIds(next);
          setErrors(({ storeIds: _storeIds, ...others }) => others);
        }}
        stores={stores}
        errors={errors}
      />
      {error && (
        <Alert tone="danger" data-testid="team-invite-error">
          {error}
        </Alert>
      )}
    </Dialog>
  );
}

/** The invitation just made: its link (the only time it is shown), "Copiar link" and how it works. */
function InvitationLink({ invitation, onClose }: { invitation: InviteMemberResponse; onClose: () => void }) {
  const linkId = useId();
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const link = invitationLink(invitation.path);

  async function copy() {
    try {
      const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
      if (!clipboard) throw new Error('no clipboard');
      await clipboard.writeText(link);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
      const field = document.getElementById(linkId) as HTMLTextAreaElement | null;
      field?.focus();
      field?.select();
    }
  }

  return (
    <Dialog
      title="Convite criado"
      onClose={onClose}
      closeButton={false}
      data-testid="team-invitation-link"
      footer={<Button onClick={onClose}>Fechar</Button>}
    >
      <Alert tone="success" data-testid="team-invitation-sent">
        {invitation.emailed
          ? BUSINESS_MEMBER_MESSAGES.invitationEmailed(invitation.email)
          : BUSINESS_MEMBER_MESSAGES.invitationSent}
      </Alert>
      <p style={{ margin: 0 }}>
        Para <strong>{invitation.email}</strong>, como {BUSINESS_MEMBER_ROLE_LABELS[invitation.role]}. O link
        só aparece agora{invitation.emailed ? '' : ': copie e envie antes de fechar'}.
      </p>
      <TextAreaField
        id={linkId}
        label="Link do convite"
        readOnly
        rows={3}
        value={link}
        className="r-team__link"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div>
        <Button onClick={() => void copy()}>Copiar link</Button>
      </div>
      {copyState === 'failed' && (
        <p className="t-hint t-hint--error" role="alert" style={{ margin: 0 }}>
          Não foi possível copiar. Selecione o link acima e copie (toque e segure, ou Ctrl+C).
        </p>
      )}
      {/* Always in the page, so screen readers hear the change. */}
      <p
        role="status"
        aria-live="polite"
        className="t-hint t-hint--success"
        style={{ margin: 0 }}
        data-testid="team-link-copied"
      >
        {copyState === 'copied' ? 'Link copiado.' : ''}
      </p>
    </Dialog>
  );
}

export interface MemberDialogProps {
  member: TeamMember;
  /** The active stores of the business. */
  stores: readonly BusinessStore[];
  onClose: () => void;
  onSaved: () => void;
  fetchImpl?: typeof fetch;
}

/** "Alterar papel": the role and the stores of a manager or supervisor, at least one store. */
export function MemberDialog({ member, stores, onClose, onSaved, fetchImpl }: MemberDialogProps) {
  const [role, setRole] = useState<InvitedRole | null>(member.role === 'owner' ? null : member.role);
  // Their stores among the choices (a deactivated store can no longer be given).
  const [storeIds, setStoreIds] = useState<ReadonlySet<number>>(
    () => new Set(member.store_ids.filter((id) => stores.some((store) => store.id === id))),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const name = memberName(member);

  async function submit() {
    if (inFlight.current) return;
    const request = ChangeMemberRequestSchema.safeParse({ role: role ?? undefined, storeIds: [...storeIds] });
    if (!request.success) {
      setErrors(fieldErrors(request.error));
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      await sendBff(`${TEAM_MEMBERS_URL}/${member.id}`, {
        method: 'PUT',
        body: request.data,
        schema: TeamChangeResponseSchema,
        fetchImpl,
      });
      onSaved();
    } catch (failure) {
      setError(bffErrorMessage(failure, MESSAGES.common.saveFailed, MESSAGES.common.saveConnection));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={`Alterar papel de ${name}`}
      onClose={onClose}
      busy={busy}
      onSubmit={() => void submit()}
      initialFocus="first"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" busy={busy}>
            Salvar
          </Button>
        </>
      }
    >
      <p className="t-hint" style={{ margin: 0 }}>
        Vale a partir da próxima ação da pessoa.
      </p>
      <RoleAndStores
        role={role}
        onRole={(next) => {
          setRole(next);
          setErrors(({ role: _role, ...others }) => others);
        }}
        storeIds={storeIds}
        onStores={(next) => {
          setStoreIds(next);
          setErrors(({ storeIds: _storeIds, ...others }) => others);
        }}
        stores={stores}
        errors={errors}
      />
      {error && (
        <Alert tone="danger" data-testid="team-member-error">
          {error}
        </Alert>
      )}
    </Dialog>
  );
}
