import { type AdminMfaEnrolment, type AdminMfaRequest, type AdminMfaResponse } from '@turno/contracts';
import { ADMIN_SECURITY_MESSAGES, RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '@turno/domain';
import { Alert, Button, TextField } from '@turno/ui';
import { useState, type CSSProperties, type FormEvent } from 'react';

export type SecondStep = { kind: 'code' } | { kind: 'enrolment'; enrolment: AdminMfaEnrolment };

const monoStyle: CSSProperties = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 15,
  letterSpacing: 1,
  overflowWrap: 'anywhere',
  background: 'var(--t-color-surface-muted, #f4f4f5)',
  borderRadius: 8,
  padding: '8px 12px',
  margin: 0,
};
const codesStyle: CSSProperties = {
  ...monoStyle,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
  gap: 8,
  listStyle: 'none',
};
const checkStyle: CSSProperties = { display: 'flex', gap: 8, alignItems: 'flex-start', fontSize: 14 };

/** The recovery codes shown once, to copy or download (also after regenerating them on "Segurança"). */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
}: {
  codes: readonly string[];
  onDone?: () => void;
  doneLabel?: string;
}) {
  const [copied, setCopied] = useState(false);
  const text = `Turno · códigos de recuperação\n${codes.join('\n')}\n`;
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <div className="t-stack" style={{ gap: 14 }} data-testid="recovery-codes">
      <h2 style={{ fontSize: 20, margin: 0 }}>{ADMIN_SECURITY_MESSAGES.recoveryCodesTitle}</h2>
      <p className="t-muted" style={{ margin: 0 }}>
        {ADMIN_SECURITY_MESSAGES.recoveryCodesHelp}
      </p>
      <ul style={codesStyle} aria-label="Códigos de recuperação">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button variant="secondary" size="sm" onClick={copy}>
          {copied ? 'Copiados' : 'Copiar códigos'}
        </Button>
        <a
          className="t-btn t-btn--secondary t-btn--sm"
          href={href}
          download="turno-codigos-de-recuperacao.txt"
        >
          Baixar (.txt)
        </a>
      </div>
      {onDone && (
        <Button size="lg" onClick={onDone}>
          {doneLabel ?? 'Continuar para o painel'}
        </Button>
      )}
    </div>
  );
}

/**
 * The second step of the admin sign-in (issue 12): the 6-digit code of the authenticator app or,
 * by choice, a recovery code; for an admin without a factor, the enrolment (QR code and the secret
 * as text, then the first code) and afterwards the recovery codes, shown once.
 */
export function AdminSecondStep({
  step,
  api,
  onDone,
  onRestart,
  errorOf,
}: {
  step: SecondStep;
  api: { secondStep(request: AdminMfaRequest): Promise<AdminMfaResponse> };
  onDone: () => void;
  onRestart: () => void;
  errorOf: (error: unknown) => string;
}) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [codes, setCodes] = useState<string[]>();
  const enrolling = step.kind === 'enrolment';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = code.trim();
    const valid = useRecovery
      ? RECOVERY_CODE_PATTERN.test(value.toUpperCase())
      : TOTP_CODE_PATTERN.test(value);
    if (!valid) {
      setError(
        useRecovery ? ADMIN_SECURITY_MESSAGES.recoveryCodeInvalid : ADMIN_SECURITY_MESSAGES.codeRequired,
      );
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const answer = await api.secondStep(
        useRecovery
          ? { recoveryCode: value, rememberDevice: remember }
          : { code: value, rememberDevice: remember },
      );
      if (answer.recoveryCodes?.length) {
        setCodes(answer.recoveryCodes);
        setBusy(false);
        return;
      }
      onDone();
    } catch (failure) {
      setError(errorOf(failure));
      setBusy(false);
    }
  };

  return (
    <div className="t-card">
      <div className="t-card__body" style={{ padding: 'clamp(20px, 5vw, 32px)' }}>
        {codes ? (
          <RecoveryCodes codes={codes} onDone={onDone} />
        ) : (
          <form
            className="t-stack"
            style={{ gap: 16 }}
            onSubmit={submit}
            noValidate
            aria-label="Verificação em duas etapas"
          >
            <h1 style={{ fontSize: 22, margin: 0 }}>
              {enrolling ? ADMIN_SECURITY_MESSAGES.enrolTitle : ADMIN_SECURITY_MESSAGES.codeTitle}
            </h1>
            <p className="t-muted" style={{ margin: 0 }}>
              {enrolling
                ? ADMIN_SECURITY_MESSAGES.enrolHelp
                : useRecovery
                  ? ADMIN_SECURITY_MESSAGES.recoveryHelp
                  : ADMIN_SECURITY_MESSAGES.codeHelp}
            </p>
            {step.kind === 'enrolment' && (
              <>
                <img
                  src={step.enrolment.qrCode}
                  alt="QR code para o aplicativo autenticador"
                  width={200}
                  height={200}
                  style={{ alignSelf: 'center', maxWidth: '100%', height: 'auto' }}
                  data-testid="mfa-qr-code"
                />
                <div>
                  <p style={{ margin: '0 0 6px', fontWeight: 600, fontSize: 14 }}>
                    Chave para digitar no aplicativo
                  </p>
                  <p style={monoStyle} data-testid="mfa-secret">
                    {step.enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ')}
                  </p>
                </div>
              </>
            )}
            {useRecovery ? (
              <TextField
                key="recovery"
                label="Código de recuperação"
                name="recoveryCode"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={11}
                placeholder="ABCDE-FGHIJ"
                autoFocus
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            ) : (
              <TextField
                key="code"
                label="Código de 6 dígitos"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={6}
                autoFocus
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              />
            )}
            <label style={checkStyle}>
              <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
              <span>{ADMIN_SECURITY_MESSAGES.rememberDevice}</span>
            </label>
            {error && (
              <Alert tone="danger" data-testid="admin-login-error">
                {error}
              </Alert>
            )}
            <Button type="submit" size="lg" busy={busy}>
              {busy ? 'Verificando...' : enrolling ? 'Ativar e entrar' : 'Verificar'}
            </Button>
            <div
              style={{
                display: 'flex',
                justifyContent: 'space-between',
                gap: 12,
                flexWrap: 'wrap',
                fontSize: 14,
              }}
            >
              {!enrolling && (
                <button
                  type="button"
                  className="t-link"
                  style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer' }}
                  onClick={() => {
                    setUseRecovery((value) => !value);
                    setCode('');
                    setError(undefined);
                  }}
                >
                  {useRecovery ? 'Usar o código do aplicativo' : 'Usar um código de recuperação'}
                </button>
              )}
              <button
                type="button"
                className="t-link"
                style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer' }}
                onClick={onRestart}
              >
                Voltar ao e-mail e senha
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
