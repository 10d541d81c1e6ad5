import {
  PRIVACY_NOTICE,
  PRIVACY_NOTICE_PATH,
  TERMS_OF_USE,
  TERMS_PATH,
  versionLabel,
  type LegalDocument,
} from '@turno/domain';
import { type CSSProperties } from 'react';
import { Link } from '../router';
import { SiteLayout } from '../layout/SiteLayout';

const articleStyle: CSSProperties = {
  maxWidth: 760,
  margin: '0 auto',
  lineHeight: 1.6,
  overflowWrap: 'anywhere',
};
const linkRowStyle: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: 8, margin: '32px 0 0' };
/** Links at least 44 px tall (touch targets at 360 px). */
const touchLinkStyle: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  padding: '0 4px',
};

/** "Versão de 27/11/2026" under the title. */
const versionTitle = (version: string) => {
  const label = versionLabel(version);
  return label.charAt(0).toUpperCase() + label.slice(1);
};

function LegalDocumentView({
  document,
  other,
}: {
  document: LegalDocument;
  other: { to: string; label: string };
}) {
  return (
    <SiteLayout>
      <title>{`Turno · ${document.title}`}</title>
      <article style={articleStyle} data-testid="legal-document" data-version={document.version}>
        <h1 style={{ fontSize: 30, margin: '8px 0 4px' }}>{document.title}</h1>
        <p className="t-muted" style={{ margin: '0 0 16px' }}>
          {versionTitle(document.version)}
        </p>
        <p style={{ fontSize: 17 }}>{document.summary}</p>
        {document.sections.map((section, index) => (
          <section key={section.heading} aria-labelledby={`legal-${index}`}>
            <h2 id={`legal-${index}`} style={{ fontSize: 20, margin: '28px 0 8px' }}>
              {section.heading}
            </h2>
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph} style={{ margin: '0 0 10px' }}>
                {paragraph}
              </p>
            ))}
            {section.items && (
              <ul style={{ margin: '0 0 10px', paddingLeft: 22 }}>
                {section.items.map((item) => (
                  <li key={item} style={{ marginBottom: 6 }}>
                    {item}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
        <nav aria-label="Documentos" style={linkRowStyle}>
          <Link to={other.to} className="t-link" style={touchLinkStyle}>
            {other.label}
          </Link>
          <Link to="/" className="t-link" style={touchLinkStyle}>
            Voltar ao início
          </Link>
        </nav>
      </article>
    </SiteLayout>
  );
}

/** /termos: the terms of use in force (libs/domain legal-texts.ts, version in privacy.ts). */
export function TermsPage() {
  return (
    <LegalDocumentView
      document={TERMS_OF_USE}
      other={{ to: PRIVACY_NOTICE_PATH, label: `Ler o ${PRIVACY_NOTICE.title}` }}
    />
  );
}

/** /privacidade: the privacy notice in force. */
export function PrivacyNoticePage() {
  return (
    <LegalDocumentView
      document={PRIVACY_NOTICE}
      other={{ to: TERMS_PATH, label: `Ler os ${TERMS_OF_USE.title}` }}
    />
  );
}
