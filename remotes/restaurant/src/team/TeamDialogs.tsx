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
import type { ZodError, ZodType } from 'zod';
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

/**
 * The role and stores of a dialog (invite, change a role) and the contract's errors of its fields:
 * a field's error goes once the field changes; `parse` checks the request with the role and stores
 * in it, shows what is wrong and gives null, or gives the request.
 */
function useRoleAndStores(initialRole: InvitedRole | null, initialStoreIds: () => readonly number[]) {
  const [role, setRole] = useState(initialRole);
  const [storeIds, setStoreIds] = useState<ReadonlySet<number>>(() => new Set(initialStoreIds()));
  const [errors, setErrors] = useState<FieldErrors>({});

  const clearError = (field: keyof FieldErrors) => setErrors(({ [field]: _cleared, ...others }) => others);

  function parse<T>(schema: ZodType<T>, fields: object = {}): T | null {
    const request = schema.safeParse({ ...fields, role: role ?? undefined, storeIds: [...storeIds] });
    if (request.success) return request.data;
    setErrors(fieldErrors(request.error));
    return null;
  }

  const fields: RoleAndStoresFields = {
    role,
    onRole: (next) => {
      setRole(next);
      clearError('role');
    },
    storeIds,
    onToggleStore: (storeId) => {
      const next = new Set(storeIds);
      if (next.has(storeId)) next.delete(storeId);
      else next.add(storeId);
      setStoreIds(next);
      clearError('storeIds');
    },
    errors,
  };
  return { errors, clearError, parse, fields };
}

/** What RoleAndStores shows and changes (useRoleAndStores's `fields`). */
interface RoleAndStoresFields {
  role: InvitedRole | null;
  onRole: (role: InvitedRole) => void;
  storeIds: ReadonlySet<number>;
  onToggleStore: (storeId: number) => void;
  errors: FieldErrors;
}

interface RoleAndStoresProps extends RoleAndStoresFields {
  /** The active stores of the business, the choices. */
  stores: readonly BusinessStore[];
}

/** The role (with what each may do) and the stores given, at least one. */
function RoleAndStores({ role, onRole, storeIds, onToggleStore, stores, errors }: RoleAndStoresProps) {
  const id = useId();
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
                <input
                  type="checkbox"
                  checked={storeIds.has(store.id)}
                  onChange={() => onToggleStore(store.id)}
                />
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
  // The only store is the only choice: already ticked.
  const roleAndStores = useRoleAndStores(null, () => (stores.length === 1 ? [stores[0]!.id] : []));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<InviteMemberResponse | null>(null);
  const inFlight = useRef(false);

  async function submit() {
    if (inFlight.current) return;
    const request = roleAndStores.parse(InviteMemberRequestSchema, { email });
    if (!request) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      setCreated(
        await sendBff(TEAM_INVITATIONS_URL, {
          method: 'POST',
          body: request,
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
        error={roleAndStores.errors.email}
        onChange={(event) => {
          setEmail(event.target.value);
          roleAndStores.clearError('email');
        }}
      />
      <RoleAndStores {...roleAndStores.fields} stores={stores} />
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
  // Their stores among the choices (a deactivated store can no longer be given).
  const roleAndStores = useRoleAndStores(member.role === 'owner' ? null : member.role, () =>
    member.store_ids.filter((id) => stores.some((store) => store.id === id)),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const name = memberName(member);

  async function submit() {
    if (inFlight.current) return;
    const request = roleAndStores.parse(ChangeMemberRequestSchema);
    if (!request) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      await sendBff(`${TEAM_MEMBERS_URL}/${member.id}`, {
        method: 'PUT',
        body: request,
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
      <RoleAndStores {...roleAndStores.fields} stores={stores} />
      {error && (
        <Alert tone="danger" data-testid="team-member-error">
          {error}
        </Alert>
      )}
    </Dialog>
  );
}
