import { MESSAGES } from '@turno/domain';
import { Alert, Button, Field, TextField, useFieldIds } from '@turno/ui';
import { useState, type CSSProperties, type FormEvent } from 'react';
import { Link, useNavigate } from '../router';
import { LogoMark } from '../layout/Logo';
import { SiteLayout } from '../layout/SiteLayout';
import { ApiError } from '../session/api';
import { createAdminSecurityApi, type AdminSecurityApi } from '../session/admin-security-api';
import { AdminSecondStep, type SecondStep } from './AdminSecondStep';

const pageStyle: CSSProperties = { maxWidth: 440, margin: '48px auto 0' };

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M4 4l16 16" />}
    </svg>
  );
}

/** The error a failed login shows (spec 02 §8 "Login"): the server's text, else the fallbacks. */
export function adminLoginError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === undefined) return MESSAGES.adminAuth.loginFailed;
    return error.serverMessage ?? MESSAGES.adminAuth.invalidCredentials;
  }
  return MESSAGES.adminAuth.loginFailed;
}

let defaultApi: AdminSecurityApi | undefined;

/** What the login page calls: the password step may answer nothing (signed in) or the second step. */
export interface AdminLoginPageApi {
  login(request: {
    email: string;
    password: string;
  }): Promise<Awaited<ReturnType<AdminSecurityApi['login']>> | void>;
  secondStep?: AdminSecurityApi['secondStep'];
}

/**
 * /admin (spec 02 §2 "Admin login"): e-mail and password (both required), show/hide password,
 * "Entrar" ("Entrando..." while busy), a link back to the site; then the second factor (issue 12:
 * AdminSecondStep.tsx: the 6-digit code or a recovery code, or the enrolment with a QR code);
 * success → /admin/dashboard.
 */
export function AdminLoginPage({ api }: { api?: AdminLoginPageApi }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [step, setStep] = useState<SecondStep>();
  const password_ = useFieldIds('admin-password');
  const client = () => api ?? (defaultApi ??= createAdminSecurityApi());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!email.trim() || !password) {
      setError(MESSAGES.adminAuth.credentialsRequired);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const answer = await client().login({ email: email.trim(), password });
      if (answer && 'mfa' in answer) {
        setStep(
          answer.mfa === 'enrolment' ? { kind: 'enrolment', enrolment: answer.enrolment } : { kind: 'code' },
        );
        setPassword('');
        setBusy(false);
        return;
      }
      void navigate('/admin/dashboard', { replace: true });
    } catch (failure) {
      setError(adminLoginError(failure));
      setBusy(false);
    }
  };

  return (
    <SiteLayout
      context="Administração"
      nav={
        <Link to="/" className="t-link">
          Voltar ao site
        </Link>
      }
    >
      <title>Turno · Área administrativa</title>
      <div style={pageStyle}>
        {step ? (
          <AdminSecondStep
            step={step}
            api={{
              secondStep: (request) => (client().secondStep ?? createAdminSecurityApi().secondStep)(request),
            }}
            onDone={() => void navigate('/admin/dashboard', { replace: true })}
            onRestart={() => {
              setStep(undefined);
              setError(undefined);
            }}
            errorOf={adminLoginError}
          />
        ) : (
          <div className="t-card">
            <div className="t-card__body" style={{ padding: 32 }}>
              <div style={{ textAlign: 'center', marginBottom: 24 }}>
                <LogoMark size={48} />
                <h1 style={{ fontSize: 24, marginTop: 12 }}>Área administrativa</h1>
                <p className="t-muted" style={{ margin: '4px 0 0' }}>
                  Entre com o e-mail e a senha da equipe Turno.
                </p>
              </div>
              <form
                className="t-stack"
                style={{ gap: 18 }}
                onSubmit={submit}
                noValidate
                aria-label="Login de administrador"
              >
                <TextField
                  label="E-mail"
                  name="email"
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                  required
                  autoFocus
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
                <Field label="Senha" htmlFor={password_.inputId}>
                  <div className="t-input-wrap">
                    <input
                      id={password_.inputId}
                      name="password"
                      className="t-input t-input--with-action"
                      type={showPassword ? 'text' : 'password'}
                      autoComplete="current-password"
                      required
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                    />
                    <Button
                      variant="ghost"
                      size="sm"
                      className="t-input-action"
                      onClick={() => setShowPassword((s) => !s)}
                      title={showPassword ? 'Ocultar senha' : 'Mostrar senha'}
                      aria-controls={password_.inputId}
                    >
                      <EyeIcon open={!showPassword} />
                      {showPassword ? 'Ocultar' : 'Mostrar'}
                    </Button>
                  </div>
                </Field>
                {error && (
                  <Alert tone="danger" data-testid="admin-login-error">
                    {error}
                  </Alert>
                )}
                <Button type="submit" size="lg" busy={busy}>
                  {busy ? MESSAGES.adminAuth.signingIn : 'Entrar'}
                </Button>
              </form>
            </div>
          </div>
        )}
        <p className="t-muted" style={{ textAlign: 'center', fontSize: 14, marginTop: 16 }}>
          Não é da equipe?{' '}
          <Link to="/" className="t-link">
            Voltar ao site principal
          </Link>
        </p>
      </div>
    </SiteLayout>
  );
}
