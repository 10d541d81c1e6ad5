import { type AdminSecurityResponse } from '@turno/contracts';
import {
  ADMIN_PASSWORD_MIN_LENGTH,
  ADMIN_SECURITY_MESSAGES,
  TOTP_CODE_PATTERN,
  adminPasswordProblem,
} from '@turno/domain';
import { Alert, Button, TextField } from '@turno/ui';
import { useEffect, useState, type CSSProperties, type FormEvent } from 'react';
import { Link } from '../router';
import { ApiError } from '../session/api';
import { createAdminSecurityApi, type AdminSecurityApi } from '../session/admin-security-api';
import { AdminFrame, type AdminFrameApi } from './AdminFrame';
import { RecoveryCodes } from './AdminSecondStep';

const pageStyle: CSSProperties = { maxWidth: 720, margin: '24px auto 0', display: 'grid', gap: 20 };
const serverError = (error: unknown) =>
  error instanceof ApiError && error.serverMessage
    ? error.serverMessage
    : 'Não foi possível concluir. Tente novamente.';

let defaultApi: AdminSecurityApi | undefined;

function ChangePassword({ api, email }: { api: AdminSecurityApi; email: string }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'danger' | 'success'; text: string }>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem =
      (!current && 'Informe a senha atual') ||
      adminPasswordProblem(next, email) ||
      (next !== confirmation ? ADMIN_SECURITY_MESSAGES.passwordMismatch : null);
    if (problem) {
      setMessage({ tone: 'danger', text: problem });
      return;
    }
    setBusy(true);
    setMessage(undefined);
    try {
      await api.changePassword({ currentPassword: current, newPassword: next, confirmation });
      setCurrent('');
      setNext('');
      setConfirmation('');
      setMessage({ tone: 'success', text: ADMIN_SECURITY_MESSAGES.passwordChanged });
    } catch (error) {
      setMessage({ tone: 'danger', text: serverError(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="t-card" aria-labelledby="alterar-senha">
      <form className="t-card__body t-stack" style={{ gap: 14 }} onSubmit={submit} noValidate>
        <h2 id="alterar-senha" style={{ fontSize: 20, margin: 0 }}>
          Alterar senha
        </h2>
        <TextField
          label="Senha atual"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <TextField
          label="Nova senha"
          type="password"
          autoComplete="new-password"
          hint={`Pelo menos ${ADMIN_PASSWORD_MIN_LENGTH} caracteres; nada de senhas comuns, do seu e-mail ou "turno".`}
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <TextField
          label="Confirme a nova senha"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
        {message && (
          <Alert tone={message.tone} data-testid="change-password-message">
            {message.text}
          </Alert>
        )}
        <Button type="submit" busy={busy} style={{ justifySelf: 'start' }}>
          {busy ? 'Salvando...' : 'Alterar senha'}
        </Button>
      </form>
    </section>
  );
}

function SecondFactor({
  api,
  state,
  onChanged,
}: {
  api: AdminSecurityApi;
  state: AdminSecurityResponse;
  onChanged: () => void;
}) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [codes, setCodes] = useState<string[]>();
  const since = state.mfaEnabledAt
    ? new Date(state.mfaEnabledAt).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })
    : null;

  const regenerate = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!TOTP_CODE_PATTERN.test(code)) {
      setError(ADMIN_SECURITY_MESSAGES.codeRequired);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      setCodes(await api.regenerateRecoveryCodes(code));
      setCode('');
      onChanged();
    } catch (failure) {
      setError(serverError(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="t-card" aria-labelledby="dois-fatores">
      <div className="t-card__body t-stack" style={{ gap: 14 }}>
        <h2 id="dois-fatores" style={{ fontSize: 20, margin: 0 }}>
          Verificação em duas etapas
        </h2>
        <ul style={{ margin: 0, paddingLeft: 20, display: 'grid', gap: 4 }} data-testid="mfa-state">
          <li>{since ? `Ativa desde ${since} (aplicativo autenticador).` : 'Não configurada.'}</li>
          <li>{`Códigos de recuperação disponíveis: ${state.recoveryCodesLeft} de 10.`}</li>
          <li>
            {state.rememberedDevice
              ? 'Este dispositivo está lembrado até o fim da sessão.'
              : 'Este dispositivo não está lembrado.'}
          </li>
        </ul>
        {codes ? (
          <>
            <Alert tone="success">{ADMIN_SECURITY_MESSAGES.recoveryCodesRegenerated}</Alert>
            <RecoveryCodes codes={codes} />
          </>
        ) : (
          <form className="t-stack" style={{ gap: 12 }} onSubmit={regenerate} noValidate>
            <TextField
              label="Código de 6 dígitos para gerar novos códigos de recuperação"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
            {error && <Alert tone="danger">{error}</Alert>}
            <Button type="submit" variant="secondary" busy={busy} style={{ justifySelf: 'start' }}>
              Gerar novos códigos
            </Button>
          </form>
        )}
      </div>
    </section>
  );
}

/**
 * /admin/seguranca ("Segurança", issue 12): the signed-in admin's second factor (state, new
 * recovery codes with a current code) and "Alterar senha" (other sessions end, this one stays).
 */
export function AdminSecurityPage({ api, frameApi }: { api?: AdminSecurityApi; frameApi?: AdminFrameApi }) {
  const client = api ?? (defaultApi ??= createAdminSecurityApi());
  const [state, setState] = useState<AdminSecurityResponse>();
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    client.security().then(
      (answer) => active && setState(answer),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, [client, version]);

  return (
    <AdminFrame title="Segurança" api={frameApi}>
      <div style={pageStyle}>
        <div>
          <Link to="/admin/dashboard" className="t-link">
            ← Voltar ao painel
          </Link>
          <h1 style={{ fontSize: 26, margin: '8px 0 0' }}>Segurança</h1>
        </div>
        {failed && <Alert tone="danger">Não foi possível carregar. Recarregue a página.</Alert>}
        {state && (
          <>
            <SecondFactor api={client} state={state} onChanged={() => setVersion((n) => n + 1)} />
            <ChangePassword api={client} email={state.admin.email} />
          </>
        )}
      </div>
    </AdminFrame>
  );
}
