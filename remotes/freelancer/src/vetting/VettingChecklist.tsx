import {
  FreelancerVettingSchema,
  PhotoUploadErrorSchema,
  VettingDocumentUploadResponseSchema,
  VettingSubmitResponseSchema,
  type FreelancerMe,
  type FreelancerVetting,
} from '@turno/contracts';
import {
  IDENTITY_DOCUMENT_TYPES,
  IDENTITY_DOCUMENT_TYPE_LABELS,
  MESSAGES,
  POLL_INTERVAL_MS,
  VETTING_CHECKLIST_ITEMS,
  VETTING_CHECKLIST_LABELS,
  VETTING_DOCUMENT_KINDS,
  VETTING_DOCUMENT_LABELS,
  VETTING_MESSAGES,
  VETTING_REJECTION_REASON_LABELS,
  vettingKindAcceptsPdf,
  type IdentityDocumentType,
  type VettingDocumentKind,
} from '@turno/domain';
import { Alert, BffError, Button, Card, fetchBff, SelectField, sendBff, useLiveRefresh } from '@turno/ui';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { BFF } from '../shared/bff';

export const VETTING_URL = `${BFF}/freelancers/vetting`;
export const vettingUploadUrl = (kind: VettingDocumentKind) => `${VETTING_URL}/documents/${kind}`;
export const VETTING_SUBMIT_URL = `${VETTING_URL}/submit`;

interface Refusal {
  error: string;
  details: string | null;
}

/** Sends one file as multipart (field `file`); a refusal reads the server's pt-BR `error` and `details`. */
async function uploadDocument(kind: VettingDocumentKind, file: Blob, fetchImpl: typeof fetch) {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetchImpl(vettingUploadUrl(kind), {
      method: 'POST',
      credentials: 'include',
      body: form,
    });
  } catch {
    throw { error: MESSAGES.photos.uploadFailed, details: MESSAGES.common.connection } as Refusal;
  }
  const body: unknown = await response.json().catch(() => undefined);
  const ok = VettingDocumentUploadResponseSchema.safeParse(body);
  if (response.ok && ok.success) return ok.data;
  const refused = PhotoUploadErrorSchema.safeParse(body);
  throw (refused.success ? refused.data : { error: MESSAGES.photos.uploadFailed, details: null }) as Refusal;
}

/** Items the Perfil tab completes (the others are on this card). */
const PROFILE_ITEMS = new Set(['cpf', 'pix_key', 'profile_photo']);

function DocumentRow({
  kind,
  sent,
  onUploaded,
  fetchImpl,
}: {
  kind: VettingDocumentKind;
  sent: boolean;
  onUploaded: (vetting: FreelancerVetting, message: string) => void;
  fetchImpl: typeof fetch;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const label = VETTING_DOCUMENT_LABELS[kind];
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setSending(true);
    setRefusal(null);
    try {
      const answer = await uploadDocument(kind, file, fetchImpl);
      onUploaded(answer.vetting, answer.message);
    } catch (failure) {
      setRefusal(failure as Refusal);
    } finally {
      setSending(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <li className="t-stack" style={{ gap: 8 }} data-testid={`vetting-document-${kind}`}>
      <div className="t-row" style={{ gap: 12, flexWrap: 'wrap', alignItems: 'center' }}>
        <div style={{ flex: '1 1 180px', minWidth: 0 }}>
          <strong>{label}</strong>
          <p id={hintId} className="t-muted" style={{ margin: 0, fontSize: 14 }}>
            {sent ? `✓ ${VETTING_MESSAGES.fileSent}` : VETTING_MESSAGES.fileMissing}
            {' · '}
            {vettingKindAcceptsPdf(kind) ? 'Foto ou PDF' : 'Foto'}
          </p>
        </div>
        <input
          ref={input}
          type="file"
          accept={vettingKindAcceptsPdf(kind) ? 'image/*,application/pdf' : 'image/*'}
          className="t-visually-hidden"
          tabIndex={-1}
          aria-label={`${sent ? VETTING_MESSAGES.replaceFile : VETTING_MESSAGES.chooseFile}: ${label}`}
          data-testid={`vetting-input-${kind}`}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        <Button
          variant="secondary"
          busy={sending}
          onClick={() => input.current?.click()}
          aria-label={`${sent ? VETTING_MESSAGES.replaceFile : VETTING_MESSAGES.chooseFile}: ${label}`}
          aria-describedby={hintId}
        >
          {sending
            ? VETTING_MESSAGES.submitting
            : sent
              ? VETTING_MESSAGES.replaceFile
              : VETTING_MESSAGES.chooseFile}
        </Button>
      </div>
      {refusal && (
        <Alert tone="danger" title={refusal.error} data-testid={`vetting-error-${kind}`}>
          {refusal.details ?? undefined}
        </Alert>
      )}
    </li>
  );
}

export interface VettingChecklistProps {
  me: FreelancerMe;
  /** Opens the Perfil tab (CPF, chave Pix, foto). */
  onOpenProfile: () => void;
  fetchImpl?: typeof fetch;
}

/**
 * The Dashboard's vetting card (issue 27): what approval still needs (CPF, Pix, photo from Perfil;
 * the document's sides and the selfie here), "Enviar para análise" once complete, "em análise"
 * while admins review it, and the reason of a request for a correction. Nothing once approved.
 */
export function VettingChecklist({ me, onOpenProfile, fetchImpl = globalThis.fetch }: VettingChecklistProps) {
  const [vetting, setVetting] = useState<FreelancerVetting | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [documentType, setDocumentType] = useState<IdentityDocumentType | ''>('');
  const [notice, setNotice] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const load = useCallback(() => {
    fetchBff(VETTING_URL, FreelancerVettingSchema, { fetchImpl }).then(
      (answer) => {
        setVetting(answer);
        setLoadError(null);
        if (answer.document_type) setDocumentType((chosen) => chosen || answer.document_type || '');
      },
      (error: unknown) =>
        setLoadError(error instanceof BffError ? error.message : MESSAGES.common.connection),
    );
  }, [fetchImpl]);
  // Read again when the profile changes (a CPF, a Pix key or a photo saved in Perfil) and on every
  // event of the freelancer's (an admin's decision).
  useEffect(load, [load, me.cpf, me.pix_key, me.profile_photo_url, me.is_approved]);
  useLiveRefresh('freelancer', load, {
    pollIntervalMs: POLL_INTERVAL_MS.freelancerActiveJobs,
    types: ['freelancer_updated'],
  });

  if (me.is_approved || vetting?.status === 'approved') return null;
  if (!vetting) {
    return loadError ? (
      <Alert tone="danger" title={VETTING_MESSAGES.checklistTitle}>
        {loadError}
      </Alert>
    ) : null;
  }

  const missing = new Set(vetting.missing);
  const needsProfile = [...PROFILE_ITEMS].some((item) => missing.has(item as never));
  const missingHere = vetting.missing.filter((item) => item !== 'document_type');
  const canSubmit = missingHere.length === 0 && documentType !== '';
  const editable = vetting.status === 'incomplete' || vetting.status === 'rejected';

  const submit = async () => {
    if (!canSubmit) return;
    setSubmitting(true);
    setSubmitError(null);
    try {
      const answer = await sendBff(VETTING_SUBMIT_URL, {
        body: { document_type: documentType },
        schema: VettingSubmitResponseSchema,
        fetchImpl,
      });
      setVetting(answer.vetting);
      setNotice(answer.message);
    } catch (error) {
      setSubmitError(error instanceof BffError ? error.message : MESSAGES.common.connection);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card title={VETTING_MESSAGES.checklistTitle}>
      <div className="t-stack" style={{ gap: 12 }} data-testid="vetting-checklist">
        {notice && <Alert tone="success" title={notice} data-testid="vetting-notice" />}
        {vetting.status === 'submitted' && (
          <Alert tone="info" title={VETTING_MESSAGES.underReviewTitle} data-testid="vetting-under-review">
            {VETTING_MESSAGES.underReview}
          </Alert>
        )}
        {vetting.status === 'rejected' && vetting.rejection_reason && (
          <Alert tone="danger" title={VETTING_MESSAGES.rejectedTitle} data-testid="vetting-rejection">
            <strong>{VETTING_REJECTION_REASON_LABELS[vetting.rejection_reason]}</strong>
            {vetting.rejection_note && <span style={{ display: 'block' }}>{vetting.rejection_note}</span>}
            <span style={{ display: 'block' }}>{VETTING_MESSAGES.rejectedHint}</span>
          </Alert>
        )}
        {editable && (
          <>
            <p className="t-muted" style={{ margin: 0 }}>
              {VETTING_MESSAGES.checklistIntro}
            </p>
            <ul className="t-stack" style={{ gap: 4, margin: 0, paddingLeft: 0, listStyle: 'none' }}>
              {VETTING_CHECKLIST_ITEMS.map((item) => {
                const done = item === 'document_type' ? documentType !== '' : !missing.has(item);
                return (
                  <li key={item} data-testid={`vetting-item-${item}`} data-done={done}>
                    <span aria-hidden="true">{done ? '✓ ' : '○ '}</span>
                    {VETTING_CHECKLIST_LABELS[item]}:{' '}
                    <span className={done ? undefined : 't-muted'}>
                      {done ? VETTING_MESSAGES.checklistDone : VETTING_MESSAGES.checklistMissing}
                    </span>
                  </li>
                );
              })}
            </ul>
            {needsProfile && (
              <div>
                <Button variant="secondary" onClick={onOpenProfile}>
                  {VETTING_MESSAGES.goToProfile}
                </Button>
              </div>
            )}
            <h3 style={{ margin: '8px 0 0', fontSize: 16 }}>{VETTING_MESSAGES.documentsTitle}</h3>
            <p className="t-muted" style={{ margin: 0, fontSize: 14 }}>
              {VETTING_MESSAGES.documentsHint}
            </p>
            <div style={{ maxWidth: 320 }}>
              <SelectField
                label={VETTING_MESSAGES.documentTypeLabel}
                value={documentType}
                onChange={(event) => setDocumentType(event.target.value as IdentityDocumentType | '')}
                options={[
                  { value: '', label: 'Escolha…' },
                  ...IDENTITY_DOCUMENT_TYPES.map((type) => ({
                    value: type,
                    label: IDENTITY_DOCUMENT_TYPE_LABELS[type],
                  })),
                ]}
              />
            </div>
            <ul className="t-stack" style={{ gap: 12, margin: 0, paddingLeft: 0, listStyle: 'none' }}>
              {VETTING_DOCUMENT_KINDS.map((kind) => (
                <DocumentRow
                  key={kind}
                  kind={kind}
                  sent={!missing.has(kind)}
                  fetchImpl={fetchImpl}
                  onUploaded={(next, message) => {
                    setVetting(next);
                    setNotice(message);
                  }}
                />
              ))}
            </ul>
            {submitError && <Alert tone="danger" title={submitError} data-testid="vetting-submit-error" />}
            <div className="t-stack" style={{ gap: 4 }}>
              <div>
                <Button busy={submitting} disabled={!canSubmit} onClick={() => void submit()}>
                  {submitting ? VETTING_MESSAGES.submitting : VETTING_MESSAGES.submit}
                </Button>
              </div>
              {!canSubmit && (
                <p className="t-muted" style={{ margin: 0, fontSize: 14 }}>
                  {VETTING_MESSAGES.submitBlocked}
                </p>
              )}
            </div>
          </>
        )}
      </div>
    </Card>
  );
}
