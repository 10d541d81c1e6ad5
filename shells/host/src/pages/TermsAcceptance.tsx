import { type TermsStatus } from '@turno/contracts';
import {
  PRIVACY_MESSAGES,
  PRIVACY_NOTICE_PATH,
  PRIVACY_NOTICE_VERSION,
  TERMS_PATH,
  TERMS_VERSION,
} from '@turno/domain';
import { Alert, Button } from '@turno/ui';
import { useState, type CSSProperties, type FormEvent } from 'react';
import { SiteLayout } from '../layout/SiteLayout';
import { ApiError, createSessionApi, type SessionApi } from '../session/api';
import { useSession } from '../session/useSession';

const checkStyle: CSSProperties = { display: 'flex', alignItems: 'flex-start', gap: 10, minHeight: 44 };
const boxStyle: CSSProperties = { width: 22, height: 22, margin: '1px 0 0', flex: 'none' };

/**
 * The box every person ticks to accept the terms of use and the privacy notice (issue 27): at setup
 * and on the page that asks again after a new version. The names open the texts in a new tab, so
 * the form stays as it was.
 */
export function TermsCheckbox({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  return (
    <div>
      <label style={checkStyle}>
        <input
          type="checkbox"
          name="acceptedTerms"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={error ? 'terms-error' : undefined}
          aria-invalid={error ? true : undefined}
          required
          style={boxStyle}
        />
        <span>
          {PRIVACY_MESSAGES.acceptPrefix}{' '}
          <a href={TERMS_PATH} target="_blank" rel="noopener" className="t-link">
            {PRIVACY_MESSAGES.termsLabel}
          </a>{' '}
          {PRIVACY_MESSAGES.acceptJoin}{' '}
          <a href={PRIVACY_NOTICE_PATH} target="_blank" rel="noopener" className="t-link">
            {PRIVACY_MESSAGES.privacyNoticeLabel}
          </a>{' '}
          da Turno.
        </span>
      </label>
      {error && (
        <p className="t-hint t-hint--error" id="terms-error" role="alert" style={{ marginTop: 6 }}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The versions this host shows: sent with an acceptance, so the server refuses an outdated page. */
export const SHOWN_VERSIONS = { termsVersion: TERMS_VERSION, privacyNoticeVersion: PRIVACY_NOTICE_VERSION };

/** Whether the signed-in person has to accept a newer version (an older BFF says nothing: accepted). */
export const termsPending = (terms: TermsStatus | undefined) => terms !== undefined && !terms.accepted;

let defaultApi: SessionApi | undefined;

/**
 * The page a person with a profile sees instead of their area while the terms or the notice in
 * force are not accepted (a new version since their last sign-in): accept, or sign out.
 */
export function TermsUpdatePage({ api }: { api?: Pick<SessionApi, 'acceptTerms'> }) {
  const session = useSession();
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!checked) {
      setError(PRIVACY_MESSAGES.termsRequired);
      return;
    }
    setSaving(true);
    setFailure(undefined);
    try {
      defaultApi ??= createSessionApi();
      await (api ?? defaultApi).acceptTerms(SHOWN_VERSIONS);
      await session.refresh();
    } catch (caught) {
      setFailure(
        caught instanceof ApiError && caught.serverMessage
          ? caught.serverMessage
          : PRIVACY_MESSAGES.acceptFailed,
      );
      setSaving(false);
    }
  };

  const logout = () => {
    setLeaving(true);
    void session.logout().then(() => window.location.assign('/'));
  };

  return (
    <SiteLayout>
      <title>{`Turno · ${PRIVACY_MESSAGES.updatedTitle}`}</title>
      <div className="t-card" style={{ maxWidth: 640, margin: '8px auto 0' }} data-testid="terms-update">
        <form className="t-card__body t-stack" style={{ gap: 18, padding: 24 }} onSubmit={submit} noValidate>
          <h1 style={{ fontSize: 24, margin: 0 }}>{PRIVACY_MESSAGES.updatedTitle}</h1>
          <p style={{ margin: 0 }}>{PRIVACY_MESSAGES.updatedText}</p>
          <TermsCheckbox
            checked={checked}
            onChange={(next) => {
              setChecked(next);
              if (next) setError(undefined);
            }}
            error={error}
          />
          {failure && (
            <Alert tone="danger" title={PRIVACY_MESSAGES.acceptFailed}>
              {failure}
            </Alert>
          )}
          <div className="t-row" style={{ justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' }}>
            <Button variant="ghost" onClick={logout} busy={leaving}>
              {PRIVACY_MESSAGES.signOutInstead}
            </Button>
            <Button type="submit" busy={saving}>
              {saving ? PRIVACY_MESSAGES.accepting : PRIVACY_MESSAGES.acceptButton}
            </Button>
          </div>
        </form>
      </div>
    </SiteLayout>
  );
}
