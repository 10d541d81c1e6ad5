import { PhotoUploadErrorSchema, PhotoUploadResponseSchema, type FreelancerMe } from '@turno/contracts';
import { MESSAGES, photoValidationError, PHOTO_MESSAGES } from '@turno/domain';
import { Alert, Button } from '@turno/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { BFF } from '../shared/bff';

export const UPLOAD_PHOTO_URL = `${BFF}/freelancers/upload-photo`;

const frame: React.CSSProperties = {
  width: 96,
  height: 96,
  borderRadius: '50%',
  objectFit: 'cover',
  flex: '0 0 auto',
  background: '#e2e8f0',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontWeight: 700,
  color: '#334155',
};

interface Refusal {
  error: string;
  details: string | null;
}

/**
 * Sends one photo as multipart (field `photo`, spec 01 §7). A refusal reads the server's pt-BR
 * `error` and `details`; a network failure says so.
 */
export async function uploadPhoto(file: Blob, fetchImpl: typeof fetch = globalThis.fetch) {
  const form = new FormData();
  form.append('photo', file);
  let response: Response;
  try {
    response = await fetchImpl(UPLOAD_PHOTO_URL, { method: 'POST', credentials: 'include', body: form });
  } catch {
    throw { error: MESSAGES.photos.uploadFailed, details: MESSAGES.common.connection } as Refusal;
  }
  const body: unknown = await response.json().catch(() => undefined);
  const ok = PhotoUploadResponseSchema.safeParse(body);
  if (response.ok && ok.success) return ok.data;
  const refused = PhotoUploadErrorSchema.safeParse(body);
  const error = (body as { error?: unknown } | undefined)?.error;
  throw (
    refused.success
      ? refused.data
      : { error: typeof error === 'string' ? error : MESSAGES.photos.uploadFailed, details: null }
  ) as Refusal;
}

export interface PhotoUploaderProps {
  me: FreelancerMe;
  /** After a photo is stored: the profile is read again (the missing-photo banner goes away). */
  onUploaded: (message: string) => void;
  fetchImpl?: typeof fetch;
}

/**
 * The profile photo: the current one (or the initial), "Escolher foto" with a preview of the chosen
 * file, checked in the browser first (an image, 1 KB to 5 MB: the server checks the content again),
 * and "Enviar foto".
 */
export function PhotoUploader({ me, onUploaded, fetchImpl }: PhotoUploaderProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [sending, setSending] = useState(false);
  const [brokenPhoto, setBrokenPhoto] = useState<string | null>(null);
  /** The browser could not draw the chosen file (not an image, or a format it does not show). */
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | undefined) => {
    setRefusal(null);
    setFile(null);
    setPreview(null);
    if (!chosen) return;
    const problem = photoValidationError(chosen);
    if (problem) {
      setRefusal({ error: problem, details: null });
      if (input.current) input.current.value = '';
      return;
    }
    setFile(chosen);
  };

  const send = async () => {
    if (!file) return;
    setSending(true);
    setRefusal(null);
    try {
      const answer = await uploadPhoto(file, fetchImpl);
      setFile(null);
      setPreview(null);
      if (input.current) input.current.value = '';
      onUploaded(answer.message);
    } catch (failure) {
      setRefusal(failure as Refusal);
    } finally {
      setSending(false);
    }
  };

  const current = me.profile_photo_url && brokenPhoto !== me.profile_photo_url ? me.profile_photo_url : null;
  const initial = me.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <div className="t-stack" style={{ gap: 12 }} data-testid="photo-uploader">
      <div className="t-row" style={{ gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
        {preview && brokenPreview !== preview ? (
          <img
            src={preview}
            alt={PHOTO_MESSAGES.previewAlt}
            style={{ ...frame, overflow: 'hidden' }}
            data-testid="photo-preview"
            onError={() => setBrokenPreview(preview)}
          />
        ) : current && !preview ? (
          <img
            src={current}
            alt={PHOTO_MESSAGES.currentAlt}
            style={frame}
            data-testid="photo-current"
            onError={() => setBrokenPhoto(current)}
          />
        ) : (
          <span style={frame} aria-hidden="true">
            {initial}
          </span>
        )}
        <div className="t-stack" style={{ gap: 8, minWidth: 0, flex: '1 1 180px' }}>
          <p id={hintId} className="t-muted" style={{ margin: 0, fontSize: 14 }}>
            {PHOTO_MESSAGES.hint}
          </p>
          <div className="t-row" style={{ gap: 8, flexWrap: 'wrap' }}>
            <input
              ref={input}
              type="file"
              accept="image/*"
              className="t-visually-hidden"
              tabIndex={-1}
              aria-label={PHOTO_MESSAGES.choose}
              aria-describedby={hintId}
              data-testid="photo-input"
              onChange={(event) => choose(event.target.files?.[0])}
            />
            <Button
              variant="secondary"
              size="sm"
              onClick={() => input.current?.click()}
              aria-describedby={hintId}
            >
              {PHOTO_MESSAGES.choose}
            </Button>
            {file && (
              <Button size="sm" busy={sending} onClick={() => void send()}>
                {sending ? PHOTO_MESSAGES.sending : PHOTO_MESSAGES.send}
              </Button>
            )}
          </div>
          {file && (
            <p className="t-muted" style={{ margin: 0, fontSize: 14, overflowWrap: 'anywhere' }}>
              {file.name}
            </p>
          )}
        </div>
      </div>
      {refusal && (
        <Alert tone="danger" title={refusal.error} data-testid="photo-error">
          {refusal.details ?? undefined}
        </Alert>
      )}
    </div>
  );
}
