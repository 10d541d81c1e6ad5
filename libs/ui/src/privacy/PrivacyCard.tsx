import { ConsentsResponseSchema, type OptionalConsent } from '@turno/contracts';
import { OPTIONAL_CONSENT_TEXTS, PRIVACY_MESSAGES, PRIVACY_NOTICE_PATH, TERMS_PATH } from '@turno/domain';
import { useState, type CSSProperties } from 'react';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { ExpandableCard } from '../components/ExpandableCard';
import { Skeleton } from '../components/Skeleton';
import { LoadErrorAlert } from '../data/LoadErrorAlert';
import { sendBff } from '../data/send-bff';
import { useReadWhenOpened } from '../data/useReadWhenOpened';
import { formatTimestampBR } from '../format';
import { AccountDeletionSection } from './AccountDeletionSection';
import { DataExportSection } from './DataExportSection';

/** The shell BFF's consents (issue 27): every profile reaches it through the gateway's /api. */
export const CONSENTS_URL = '/api/consents';

const itemStyle: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: 12,
  alignItems: 'center',
  justifyContent: 'space-between',
  borderTop: '1px solid var(--t-color-border)',
  paddingTop: 12,
};
const touchLink: CSSProperties = { display: 'inline-flex', alignItems: 'center', minHeight: 44 };

function statusLine(consent: OptionalConsent): string {
  if (!consent.at) return PRIVACY_MESSAGES.neverAsked;
  const at = formatTimestampBR(consent.at);
  return consent.granted ? PRIVACY_MESSAGES.granted(at) : PRIVACY_MESSAGES.withdrawn(at);
}

/**
 * Perfil → "Privacidade" (issue 27), for businesses and freelancers alike: the versions of the terms
 * of use and of the privacy notice the person accepted (links to both), and each optional use of
 * their data that applies to them, granted or withdrawn on its own, with when it was recorded.
 */
export function PrivacyCard({
  fetchImpl,
  titleAs = 'h3',
}: {
  fetchImpl?: typeof fetch;
  titleAs?: 'h2' | 'h3';
}) {
  const SubHeading = titleAs === 'h2' ? 'h3' : 'h4';
  // Read when opened: the profile's first paint asks nothing more of the network.
  const {
    open,
    toggle,
    read: load,
    setRead: setLoad,
    refresh,
    flash,
    setFlash,
  } = useReadWhenOpened(CONSENTS_URL, ConsentsResponseSchema, {
    fetchImpl,
    failedText: PRIVACY_MESSAGES.saveFailed,
  });
  const [saving, setSaving] = useState<string | null>(null);

  const toggleConsent = async (consent: OptionalConsent) => {
    if (saving) return;
    setSaving(consent.kind);
    setFlash(null);
    try {
      const data = await sendBff(CONSENTS_URL, {
        body: { kind: consent.kind, granted: !consent.granted },
        schema: ConsentsResponseSchema,
        fetchImpl,
      });
      setLoad({ status: 'ready', data });
      setFlash({ tone: 'success', text: PRIVACY_MESSAGES.saved });
    } catch (error) {
      const server = (error as { serverMessage?: string }).serverMessage;
      setFlash({ tone: 'danger', text: server ?? PRIVACY_MESSAGES.saveFailed });
    } finally {
      setSaving(null);
    }
  };

  return (
    <ExpandableCard
      testId="privacy-card"
      detailsId="privacy-details"
      title={PRIVACY_MESSAGES.privacyTitle}
      titleAs={titleAs}
      intro={PRIVACY_MESSAGES.privacyIntro}
      open={open}
      onToggle={toggle}
      openLabel={PRIVACY_MESSAGES.openButton}
      closeLabel={PRIVACY_MESSAGES.closeButton}
    >
      {!open ? null : load.status === 'loading' ? (
        <Skeleton height={120} label={PRIVACY_MESSAGES.loading} />
      ) : load.status === 'error' ? (
        <LoadErrorAlert detail={load.detail} onRetry={refresh} />
      ) : (
        <>
          <ul style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }} data-testid="privacy-documents">
            {(
              [
                [PRIVACY_MESSAGES.termsLabel, TERMS_PATH, load.data.accepted_terms],
                [PRIVACY_MESSAGES.privacyNoticeLabel, PRIVACY_NOTICE_PATH, load.data.accepted_privacy_notice],
              ] as const
            ).map(([label, path, accepted]) => (
              <li key={path} className="t-row" style={{ gap: 8, justifyContent: 'space-between' }}>
                <span>
                  {accepted
                    ? PRIVACY_MESSAGES.acceptedVersion(
                        label,
                        accepted.version,
                        formatTimestampBR(accepted.at),
                      )
                    : PRIVACY_MESSAGES.notAccepted(label)}
                </span>
                <a href={path} target="_blank" rel="noopener" className="t-link" style={touchLink}>
                  {`Ler ${label}`}
                </a>
              </li>
            ))}
          </ul>
          {load.data.optional.length > 0 && (
            <SubHeading style={{ margin: '8px 0 0', fontSize: 16 }}>
              {PRIVACY_MESSAGES.optionalTitle}
            </SubHeading>
          )}
          {load.data.optional.map((consent) => {
            const text = OPTIONAL_CONSENT_TEXTS[consent.kind];
            return (
              <div key={consent.kind} style={itemStyle} data-testid={`consent-${consent.kind}`}>
                <div style={{ flex: '1 1 260px', minWidth: 0 }}>
                  <p style={{ margin: 0, fontWeight: 600 }}>{text.title}</p>
                  <p className="t-muted" style={{ margin: '2px 0 4px', fontSize: 14 }}>
                    {text.text}
                  </p>
                  <p style={{ margin: 0, fontSize: 14 }} data-testid="consent-status">
                    {statusLine(consent)}
                  </p>
                </div>
                <Button
                  variant={consent.granted ? 'secondary' : 'primary'}
                  busy={saving === consent.kind}
                  aria-label={`${consent.granted ? PRIVACY_MESSAGES.withdrawButton : PRIVACY_MESSAGES.grantButton}: ${text.title}`}
                  onClick={() => void toggleConsent(consent)}
                >
                  {consent.granted ? PRIVACY_MESSAGES.withdrawButton : PRIVACY_MESSAGES.grantButton}
                </Button>
              </div>
            );
          })}
          <DataExportSection fetchImpl={fetchImpl} headingAs={SubHeading} />
          <AccountDeletionSection fetchImpl={fetchImpl} headingAs={SubHeading} />
        </>
      )}
      {open && flash && (
        <Alert tone={flash.tone} data-testid="privacy-flash">
          {flash.text}
        </Alert>
      )}
    </ExpandableCard>
  );
}
