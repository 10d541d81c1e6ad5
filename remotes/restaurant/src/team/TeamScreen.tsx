import {
  TeamChangeResponseSchema,
  TeamSchema,
  type BusinessStore,
  type TeamInvitation,
  type TeamMember,
} from '@turno/contracts';
import {
  BUSINESS_MEMBER_MESSAGES,
  BUSINESS_MEMBER_ROLE_LABELS,
  MESSAGES,
  SUCCESS_MESSAGE_MS,
} from '@turno/domain';
import { Alert, Badge, bffErrorMessage, Button, Card, ConfirmDialog, ListCard, sendBff } from '@turno/ui';
import { useInsertionEffect, useRef, useState } from 'react';
import { ensureSectionStyles } from '../shared/styles';
import { useLiveResource } from '../shared/useLiveResource';
import { useTimedMessage } from '../shared/useTimedMessage';
import { WithStores, type StoresResource } from '../stores/stores';
import { InviteDialog, MemberDialog } from './TeamDialogs';
import {
  TEAM_INVITATIONS_URL,
  TEAM_MEMBERS_URL,
  TEAM_URL,
  memberName,
  storeNamesText,
  validUntilText,
} from './team';

const TEAM_CSS = `
.r-team__roles{display:grid;gap:8px}
.r-team__roles .t-choice{min-height:var(--t-touch,44px)}
.r-team__roles .t-choice input{width:20px;height:20px;flex:none}
.r-team__checks{display:grid;gap:8px;grid-template-columns:repeat(auto-fill,minmax(min(100%,200px),1fr))}
.r-team__check{display:flex;align-items:center;gap:10px;min-height:var(--t-touch,44px);padding:8px 12px;border:1px solid var(--t-color-border-strong);border-radius:8px;cursor:pointer;overflow-wrap:anywhere}
.r-team__check>input{width:20px;height:20px;flex:none;margin:0;accent-color:var(--t-color-primary)}
.r-team__check:has(>input:checked){border-color:var(--t-color-primary);background:var(--t-color-primary-soft)}
.r-team__check:has(>input:focus-visible){outline:3px solid var(--t-color-primary);outline-offset:2px}
.r-team__link .t-input{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:14px;word-break:break-all;resize:none}
`;

const TEAM_HINT =
  'Gerentes de loja cuidam das vagas e dos freelancers das lojas deles; supervisores aprovam entradas e ' +
  'saídas e avaliam. Só o proprietário vê faturas, lojas e equipe.';

export interface TeamScreenProps {
  fetchImpl?: typeof fetch;
}

/**
 * The "Equipe" tab (issue 28), the owner's: the business's members (role, stores, "(você)"), with
 * "Alterar papel" and "Remover" for managers and supervisors, the invitations still open with
 * "Cancelar convite", and "Convidar pessoa" (the link shown once, to copy). Store names come from
 * the panel's stores (alone, a read of its own); only active stores are offered.
 */
export function TeamScreen({ fetchImpl }: TeamScreenProps) {
  return (
    <WithStores fetchImpl={fetchImpl}>
      {(stores) => <Team stores={stores} fetchImpl={fetchImpl} />}
    </WithStores>
  );
}

/** What waits for a confirmation: removing a member or cancelling an invitation. */
type Confirming = { member: TeamMember } | { invitation: TeamInvitation } | null;

function Team({ stores, fetchImpl }: { stores: StoresResource; fetchImpl?: typeof fetch }) {
  useInsertionEffect(() => ensureSectionStyles('turno-restaurant-team', TEAM_CSS), []);
  const team = useLiveResource(TEAM_URL, TeamSchema, { types: ['restaurant_updated'], fetchImpl });
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<TeamMember | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const flash = useTimedMessage();

  const allStores: readonly BusinessStore[] = stores.data?.items ?? [];
  const activeStores = allStores.filter((store) => store.is_active);

  async function remove(target: NonNullable<Confirming>) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    const [url, text] =
      'member' in target
        ? [`${TEAM_MEMBERS_URL}/${target.member.id}`, BUSINESS_MEMBER_MESSAGES.memberRemovedByOwner]
        : [`${TEAM_INVITATIONS_URL}/${target.invitation.id}`, BUSINESS_MEMBER_MESSAGES.invitationRevoked];
    try {
      await sendBff(url, { method: 'DELETE', schema: TeamChangeResponseSchema, fetchImpl });
      flash.show({ tone: 'success', text }, SUCCESS_MESSAGE_MS);
      team.refresh();
    } catch (error) {
      const message = bffErrorMessage(error, MESSAGES.common.saveFailed, MESSAGES.common.saveConnection);
      flash.show({ tone: 'danger', text: message }, SUCCESS_MESSAGE_MS);
    } finally {
      inFlight.current = false;
      setBusy(false);
      setConfirming(null);
    }
  }

  const members = team.data?.members ?? [];
  const invitations = team.data?.invitations ?? [];

  return (
    <div className="t-stack">
      {flash.message && (
        <Alert tone={flash.message.tone} data-testid="team-message">
          {flash.message.text}
        </Alert>
      )}
      <ListCard
        title="Equipe do Mercado"
        className="r-rows"
        actions={<Button onClick={() => setInviting(true)}>Convidar pessoa</Button>}
        hint={TEAM_HINT}
        resource={team}
        empty={members.length === 0}
      >
        <ul className="r-rows__list" aria-label="Equipe do Mercado" data-testid="team-members">
          {members.map((member) => {
            const name = memberName(member);
            const editable = member.role !== 'owner' && !member.is_you;
            return (
              <li key={member.id} className="r-rows__item">
                <div>
                  <strong className="r-rows__name">
                    {name}
                    {member.is_you && <span className="t-muted"> (você)</span>}
                  </strong>
                  <div className="r-rows__facts">
                    <Badge tone={member.role === 'owner' ? 'info' : undefined}>
                      {BUSINESS_MEMBER_ROLE_LABELS[member.role]}
                    </Badge>
                    {member.email && member.name?.trim() && <span className="t-muted">{member.email}</span>}
                    <span>{storeNamesText(member.role, member.store_ids, allStores)}</span>
                  </div>
                </div>
                {editable && (
                  <div className="r-rows__actions">
                    <Button
                      variant="secondary"
                      onClick={() => setChanging(member)}
                      aria-label={`Alterar papel de ${name}`}
                    >
                      Alterar papel
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => setConfirming({ member })}
                      disabled={busy}
                      aria-label={`Remover ${name}`}
                    >
                      Remover
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </ListCard>
      {team.data && (
        <Card title="Convites em aberto" titleAs="h2" className="r-rows">
          {invitations.length === 0 && (
            <p className="t-muted" style={{ margin: 0 }} data-testid="team-invitations-empty">
              Nenhum convite em aberto.
            </p>
          )}
          {invitations.length > 0 && (
            <ul className="r-rows__list" aria-label="Convites em aberto" data-testid="team-invitations">
              {invitations.map((invitation) => (
                <li key={invitation.id} className="r-rows__item">
                  <div>
                    <strong className="r-rows__name">{invitation.email}</strong>
                    <div className="r-rows__facts">
                      <Badge>{BUSINESS_MEMBER_ROLE_LABELS[invitation.role]}</Badge>
                      <span>{storeNamesText(invitation.role, invitation.store_ids, allStores)}</span>
                      <span className="t-muted">{validUntilText(invitation.expires_at)}</span>
                    </div>
                  </div>
                  <div className="r-rows__actions">
                    <Button
                      variant="secondary"
                      onClick={() => setConfirming({ invitation })}
                      disabled={busy}
                      aria-label={`Cancelar convite de ${invitation.email}`}
                    >
                      Cancelar convite
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}
      {inviting && (
        <InviteDialog
          stores={activeStores}
          fetchImpl={fetchImpl}
          onClose={(created) => {
            setInviting(false);
            if (created) team.refresh();
          }}
        />
      )}
      {changing && (
        <MemberDialog
          member={changing}
          stores={activeStores}
          fetchImpl={fetchImpl}
          onClose={() => setChanging(null)}
          onSaved={() => {
            setChanging(null);
            flash.show({ tone: 'success', text: BUSINESS_MEMBER_MESSAGES.memberChanged }, SUCCESS_MESSAGE_MS);
            team.refresh();
          }}
        />
      )}
      {confirming && 'member' in confirming && (
        <ConfirmDialog
          title="Remover da equipe"
          message={`Remover ${memberName(confirming.member)} da equipe? A pessoa perde o acesso na hora e é desconectada.`}
          confirmLabel="Remover"
          tone="danger"
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void remove(confirming)}
        />
      )}
      {confirming && 'invitation' in confirming && (
        <ConfirmDialog
          title="Cancelar convite"
          message={`Cancelar o convite de ${confirming.invitation.email}? O link deixa de funcionar.`}
          confirmLabel="Cancelar convite"
          tone="danger"
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void remove(confirming)}
        />
      )}
    </div>
  );
}
