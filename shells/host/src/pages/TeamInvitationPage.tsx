import { type TeamInvitationPreview } from '@turno/contracts';
import {
  BUSINESS_MEMBER_MESSAGES,
  BUSINESS_MEMBER_ROLE_DUTIES,
  BUSINESS_MEMBER_ROLE_LABELS,
  MESSAGES,
  PRIVACY_MESSAGES,
} from '@turno/domain';
import { Alert, Button, buttonClassName, formatTimestampBR } from '@turno/ui';
import { useEffect, useState, type CSSProperties, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from '../router';
import { PageLoading, SiteLayout } from '../layout/SiteLayout';
import { ApiError, type SessionApi } from '../session/api';
import { noticeOf } from '../session/notice';
import { TEAM_INVITATION_PREFIX } from '../session/sign-in';
import {
  createTeamInvitationApi,
  isInvitationToken,
  type TeamInvitationApi,
} from '../session/team-invitation-api';
import { useSession } from '../session/useSession';
import { useSignIn } from '../session/useSignIn';
import { SHOWN_VERSIONS, TermsCheckbox } from './TermsAcceptance';

export const TEAM_INVITATION_TITLE = 'Convite para a equipe';

/** What each invited role may do, in one line (libs/domain). */
export const ROLE_DUTIES: Record<TeamInvitationPreview['role'], string> = BUSINESS_MEMBER_ROLE_DUTIES;

/** The texts of this page that @turno/domain does not have. */
export const TEAM_INVITATION_TEXTS = {
  loading: 'Carregando convite...',
  notFoundHint: 'Confira se o link está completo ou peça um novo convite ao proprietário.',
  loadFailed: 'Não foi possível carregar o convite.',
  retry: 'Tentar novamente',
  home: 'Ir para o início',
  signInHint:
    'Entre com sua conta para aceitar. Se for o seu primeiro acesso à Turno, a conta é criada ao entrar.',
  signInButton: 'Entrar para aceitar',
  signedInAs: (who: string) => `Você entrou como ${who}.`,
  acceptButton: 'Aceitar convite',
  accepting: 'Aceitando...',
  acceptFailedTitle: 'Não foi possível aceitar o convite',
  acceptFailed: 'Não foi possível aceitar o convite. Tente novamente.',
  hasProfile:
    'Você já tem uma conta neste portal; peça um convite para outro e-mail ou saia e entre com outra conta.',
  noStores: 'Nenhuma loja indicada.',
  sentTo: (email: string) => `Enviado para ${email}`,
  validUntil: (date: string) => `Válido até ${date}`,
} as const;

const cardStyle: CSSProperties = { maxWidth: 640, margin: '8px auto 0', overflowWrap: 'anywhere' };
const bodyStyle: CSSProperties = { gap: 18, padding: '24px 20px' };
const labelStyle: CSSProperties = {
  margin: 0,
  fontSize: 13,
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: 'var(--t-color-muted)',
};
const listStyle: CSSProperties = { margin: '4px 0 0', paddingLeft: 20 };

type Preview =
  | { status: 'loading' }
  | { status: 'found'; invitation: TeamInvitationPreview }
  | { status: 'missing' }
  | { status: 'failed' };

/** What the accept call's refusal means to the person (the server's pt-BR text first). */
function acceptFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return TEAM_INVITATION_TEXTS.acceptFailed;
  if (error.serverMessage) return error.serverMessage;
  if (error.status === undefined) return MESSAGES.common.connection;
  if (error.status === 401) return MESSAGES.common.unauthenticated;
  return TEAM_INVITATION_TEXTS.acceptFailed;
}

/** The business, the role and what it may do, the stores, to whom and until when. */
function InvitationDetails({ invitation }: { invitation: TeamInvitationPreview }) {
  return (
    <div className="t-stack" style={{ gap: 14 }} data-testid="team-invitation-details">
      <div>
        <p style={labelStyle}>Mercado</p>
        <p style={{ margin: '2px 0 0', fontSize: 20, fontWeight: 700 }}>{invitation.business_name}</p>
      </div>
      <div>
        <p style={labelStyle}>Papel</p>
        <p style={{ margin: '2px 0 0', fontWeight: 700 }}>{BUSINESS_MEMBER_ROLE_LABELS[invitation.role]}</p>
        <p className="t-muted" style={{ margin: '2px 0 0' }}>
          {ROLE_DUTIES[invitation.role]}
        </p>
      </div>
      <div>
        <p style={labelStyle}>{invitation.store_names.length === 1 ? 'Loja' : 'Lojas'}</p>
        {invitation.store_names.length > 0 ? (
          <ul style={listStyle} aria-label="Lojas do convite">
            {invitation.store_names.map((name, index) => (
              <li key={`${index}:${name}`}>{name}</li>
            ))}
          </ul>
        ) : (
          <p className="t-muted" style={{ margin: '2px 0 0' }}>
            {TEAM_INVITATION_TEXTS.noStores}
          </p>
        )}
      </div>
      <p className="t-muted" style={{ margin: 0, fontSize: 14 }}>
        {TEAM_INVITATION_TEXTS.sentTo(invitation.email)} ·{' '}
        {TEAM_INVITATION_TEXTS.validUntil(formatTimestampBR(invitation.expires_at, { dateOnly: true }))}
      </p>
    </div>
  );
}

function HomeLink() {
  return (
    <div className="t-row">
      <Link to="/" className={buttonClassName('primary')}>
        {TEAM_INVITATION_TEXTS.home}
      </Link>
    </div>
  );
}

let defaultApi: TeamInvitationApi | undefined;
const invitationApi = (api: TeamInvitationApi | undefined) =>
  api ?? (defaultApi ??= createTeamInvitationApi());

/**
 * /convite-equipe/:token (issue 28 "Equipe"): the page of the link a business owner sends. Anyone
 * sees the business, the role, the stores and until when the link works; a signed-out person signs
 * in and comes back here (the path is kept in sessionStorage for /auth/callback); a signed-in person
 * without a profile accepts the terms and the invitation, then lands on /dashboard; someone who
 * already has a profile is told to ask for another e-mail or to sign out. An expired, used or
 * unknown link says so, with no button to accept.
 */
export function TeamInvitationPage({
  api,
  signInApi,
}: {
  api?: TeamInvitationApi;
  signInApi?: Pick<SessionApi, 'signInUrl'>;
}) {
  const { token } = useParams();
  const session = useSession();
  const signIn = useSignIn(signInApi);
  const navigate = useNavigate();
  const location = useLocation();
  const notice = noticeOf(location);
  const [preview, setPreview] = useState<Preview>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [checked, setChecked] = useState(false);
  const [termsError, setTermsError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [joined, setJoined] = useState(false);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (!isInvitationToken(token)) {
      setPreview({ status: 'missing' });
      return;
    }
    let active = true;
    setPreview({ status: 'loading' });
    invitationApi(api)
      .preview(token)
      .then(
        (invitation) => {
          if (active) setPreview({ status: 'found', invitation });
        },
        (error: unknown) => {
          if (!active) return;
          setPreview({ status: error instanceof ApiError && error.status === 404 ? 'missing' : 'failed' });
        },
      );
    return () => {
      active = false;
    };
  }, [api, token, attempt]);

  const logout = () => {
    setLeaving(true);
    void session.logout().then(() => setLeaving(false));
  };

  const accept = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || !token) return;
    if (!checked) {
      setTermsError(PRIVACY_MESSAGES.termsRequired);
      return;
    }
    setSaving(true);
    setFailure(undefined);
    try {
      await invitationApi(api).accept(token, { acceptedTerms: true, ...SHOWN_VERSIONS });
      // From here the person has a profile: this page keeps its "Aceitando..." until /dashboard.
      setJoined(true);
      await session.refresh();
      void navigate('/dashboard', { replace: true });
    } catch (error) {
      setFailure(acceptFailure(error));
      setSaving(false);
    }
  };

  const title = <title>{`Turno · ${TEAM_INVITATION_TITLE}`}</title>;
  if (preview.status === 'loading' || session.pending) {
    return (
      <SiteLayout>
        {title}
        <PageLoading label={TEAM_INVITATION_TEXTS.loading} />
      </SiteLayout>
    );
  }

  const user = session.user;
  const invitation = preview.status === 'found' ? preview.invitation : undefined;
  const who = user ? (user.email ?? user.name ?? '') : '';
  const hasProfile = Boolean(user?.profile) && !joined;

  let action;
  if (preview.status === 'missing') {
    action = (
      <>
        <Alert
          tone="warning"
          title={BUSINESS_MEMBER_MESSAGES.invitationNotFound}
          data-testid="team-invitation-closed"
        >
          {TEAM_INVITATION_TEXTS.notFoundHint}
        </Alert>
        <HomeLink />
      </>
    );
  } else if (preview.status === 'failed') {
    action = (
      <Alert
        tone="danger"
        title={TEAM_INVITATION_TEXTS.loadFailed}
        data-testid="team-invitation-load-error"
        action={
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            {TEAM_INVITATION_TEXTS.retry}
          </Button>
        }
      >
        {MESSAGES.common.connection}
      </Alert>
    );
  } else if (invitation && invitation.state !== 'open') {
    action = (
      <>
        <Alert tone="warning" data-testid="team-invitation-closed">
          {invitation.state === 'expired'
            ? BUSINESS_MEMBER_MESSAGES.invitationExpired
            : BUSINESS_MEMBER_MESSAGES.invitationUsed}
        </Alert>
        <HomeLink />
      </>
    );
  } else if (!user) {
    const problem = signIn.problem;
    action = (
      <>
        <p style={{ margin: 0 }}>{TEAM_INVITATION_TEXTS.signInHint}</p>
        {problem ? (
          <Alert tone={problem.tone} title={problem.title} data-testid="sign-in-problem">
            {problem.text}
          </Alert>
        ) : (
          signIn.inAppBrowser && (
            <Alert
              tone="warning"
              title={MESSAGES.signIn.inAppBrowserTitle}
              data-testid="in-app-browser-warning"
            >
              {MESSAGES.signIn.inAppBrowser}
            </Alert>
          )
        )}
        <div className="t-row">
          <Button
            size="lg"
            busy={signIn.busy}
            onClick={() => signIn.start(undefined, `${TEAM_INVITATION_PREFIX}${token ?? ''}`)}
          >
            {TEAM_INVITATION_TEXTS.signInButton}
          </Button>
        </div>
      </>
    );
  } else if (hasProfile) {
    action = (
      <Alert
        tone="warning"
        title={who ? TEAM_INVITATION_TEXTS.signedInAs(who) : undefined}
        data-testid="team-invitation-has-profile"
        action={
          <Button variant="secondary" busy={leaving} onClick={logout}>
            {MESSAGES.signIn.signOut}
          </Button>
        }
      >
        {TEAM_INVITATION_TEXTS.hasProfile}
      </Alert>
    );
  } else {
    action = (
      <form className="t-stack" style={{ gap: 16 }} onSubmit={accept} noValidate>
        {who && (
          <p className="t-muted" style={{ margin: 0 }}>
            {TEAM_INVITATION_TEXTS.signedInAs(who)}
          </p>
        )}
        <TermsCheckbox
          checked={checked}
          onChange={(next) => {
            setChecked(next);
            if (next) setTermsError(undefined);
          }}
          error={termsError}
        />
        {failure && (
          <Alert
            tone="danger"
            title={TEAM_INVITATION_TEXTS.acceptFailedTitle}
            data-testid="team-invitation-error"
          >
            {failure}
          </Alert>
        )}
        <div className="t-row">
          <Button type="submit" size="lg" busy={saving}>
            {saving ? TEAM_INVITATION_TEXTS.accepting : TEAM_INVITATION_TEXTS.acceptButton}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <SiteLayout
      nav={
        // Someone signed in with the wrong account leaves here (the profile's case: in the card).
        user &&
        !hasProfile && (
          <Button variant="ghost" size="sm" busy={leaving} onClick={logout} disabled={saving}>
            {MESSAGES.signIn.signOut}
          </Button>
        )
      }
    >
      {title}
      <div className="t-card" style={cardStyle} data-testid="team-invitation">
        <div className="t-card__body t-stack" style={bodyStyle}>
          <h1 style={{ fontSize: 24, margin: 0 }}>{TEAM_INVITATION_TITLE}</h1>
          {notice && (
            <Alert tone={notice.tone} title={notice.title} data-testid="sign-in-notice">
              {notice.text}
            </Alert>
          )}
          {invitation && <InvitationDetails invitation={invitation} />}
          {action}
        </div>
      </div>
    </SiteLayout>
  );
}
