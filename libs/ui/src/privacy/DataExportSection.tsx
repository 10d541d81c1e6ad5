import { CurrentDataExportResponseSchema, DataExportSchema, type DataExport } from '@turno/contracts';
import { DATA_EXPORT_MESSAGES } from '@turno/domain';
import { useCallback, useEffect, useState, type CSSProperties } from 'react';
import { Alert } from '../components/Alert';
import { Button, buttonClassName } from '../components/Button';
import { fetchBff } from '../data/fetch-bff';
import { sendBff } from '../data/send-bff';

/** The shell BFF's data exports (issue 27), reached through the gateway's /api. */
export const DATA_EXPORTS_URL = '/api/data-exports';
/** How often the progress is read while the export is being prepared. */
export const DATA_EXPORT_POLL_MS = 2_000;

const sectionStyle: CSSProperties = {
  borderTop: '1px solid var(--t-color-border)',
  paddingTop: 12,
  display: 'grid',
  gap: 8,
};
const barStyle: CSSProperties = { width: '100%', height: 12, accentColor: 'var(--t-color-primary, #0f766e)' };

const inProgress = (item: DataExport | null) => item?.status === 'queued' || item?.status === 'running';

function statusText(item: DataExport): string {
  switch (item.status) {
    case 'queued':
      return DATA_EXPORT_MESSAGES.queued;
    case 'running':
      return DATA_EXPORT_MESSAGES.running(item.progress);
    case 'ready':
      return DATA_EXPORT_MESSAGES.ready;
    case 'downloaded':
      return DATA_EXPORT_MESSAGES.downloaded;
    case 'expired':
      return DATA_EXPORT_MESSAGES.expired;
    case 'failed':
      return DATA_EXPORT_MESSAGES.failed;
  }
}

/**
 * "Baixar meus dados" inside Perfil → "Privacidade" (issue 27, LGPD art. 18 II and V): asks for a
 * ZIP of everything held about the person (JSON + PDF summary), shows its progress (read every 2 s
 * while it is prepared), then offers the file once, for 24 hours. A new copy can be asked after it
 * is downloaded, has expired or failed.
 */
export function DataExportSection({
  fetchImpl,
  headingAs: Heading = 'h4',
}: {
  fetchImpl?: typeof fetch;
  headingAs?: 'h3' | 'h4';
}) {
  const [item, setItem] = useState<DataExport | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchBff(`${DATA_EXPORTS_URL}/current`, CurrentDataExportResponseSchema, { fetchImpl }).then(
      (answer) => live && setItem(answer.export),
      () => live && setItem(null),
    );
    return () => {
      live = false;
    };
  }, [fetchImpl]);

  const pollId = inProgress(item ?? null) ? item?.id : undefined;
  useEffect(() => {
    if (pollId === undefined) return undefined;
    const timer = setInterval(() => {
      fetchBff(`${DATA_EXPORTS_URL}/${pollId}`, DataExportSchema, { fetchImpl }).then(
        setItem,
        () => undefined,
      );
    }, DATA_EXPORT_POLL_MS);
    return () => clearInterval(timer);
  }, [pollId, fetchImpl]);

  const request = useCallback(async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      setItem(await sendBff(DATA_EXPORTS_URL, { body: {}, schema: DataExportSchema, fetchImpl }));
    } catch (failure) {
      setError((failure as { serverMessage?: string }).serverMessage ?? DATA_EXPORT_MESSAGES.requestFailed);
    } finally {
      setBusy(false);
    }
  }, [busy, fetchImpl]);

  const canRequest =
    item !== undefined && (item === null || !['queued', 'running', 'ready'].includes(item.status));
  return (
    <section style={sectionStyle} data-testid="data-export" aria-labelledby="data-export-title">
      <Heading id="data-export-title" style={{ margin: '8px 0 0', fontSize: 16 }}>
        {DATA_EXPORT_MESSAGES.title}
      </Heading>
      <p className="t-muted" style={{ margin: 0, fontSize: 14 }}>
        {DATA_EXPORT_MESSAGES.intro}
      </p>
      {item && (
        <p style={{ margin: 0 }} role="status" data-testid="data-export-status">
          {statusText(item)}
        </p>
      )}
      {item && inProgress(item) && (
        <progress
          max={100}
          value={item.progress}
          aria-label={DATA_EXPORT_MESSAGES.progressLabel}
          style={barStyle}
          data-testid="data-export-progress"
        />
      )}
      {item?.status === 'ready' && item.download_url && (
        <div>
          <a
            href={item.download_url}
            download
            className={buttonClassName('primary')}
            data-testid="data-export-download"
            // Once: the server refuses a second download; the card says so at once.
            onClick={() =>
              setTimeout(() => setItem({ ...item, status: 'downloaded', download_url: null }), 0)
            }
          >
            {DATA_EXPORT_MESSAGES.download}
          </a>
        </div>
      )}
      {canRequest && (
        <div>
          <Button
            variant="secondary"
            busy={busy}
            onClick={() => void request()}
            data-testid="data-export-request"
          >
            {busy ? DATA_EXPORT_MESSAGES.requesting : DATA_EXPORT_MESSAGES.request}
          </Button>
        </div>
      )}
      {error && (
        <Alert tone="danger" data-testid="data-export-error">
          {error}
        </Alert>
      )}
    </section>
  );
}
