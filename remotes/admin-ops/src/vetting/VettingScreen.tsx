import {
  AccountReviewResponseSchema,
  AdminVettingDetailSchema,
  VettingQueuePageSchema,
  VettingRejectResponseSchema,
  type AdminVettingDetail,
  type VettingQueueItem,
  type VettingRejectRequest,
} from '@turno/contracts';
import {
  IDENTITY_DOCUMENT_TYPE_LABELS,
  POLL_INTERVAL_MS,
  VETTING_CHECKLIST_LABELS,
  VETTING_DOCUMENT_KINDS,
  VETTING_DOCUMENT_LABELS,
  VETTING_MESSAGES,
  VETTING_NOTE_MAX_LENGTH,
  VETTING_REJECTION_REASONS,
  VETTING_REJECTION_REASON_LABELS,
  formatCpf,
  formatPhone,
  type VettingDocumentKind,
  type VettingRejectionReason,
} from '@turno/domain';
import {
  Alert,
  bffErrorMessage,
  Button,
  Card,
  fetchBff,
  formatTimestampBR,
  PageHeader,
  SelectField,
  sendBff,
  TextAreaField,
  useLiveRefresh,
} from '@turno/ui';
import { useCallback, useEffect, useState } from 'react';
import { ADMIN_OPS_BFF } from '../shared/bff';

export const VETTING_URL = `${ADMIN_OPS_BFF}/vetting`;
const QUEUE_PAGE = 20;
export const vettingDocumentUrl = (id: number, kind: VettingDocumentKind) =>
  `${VETTING_URL}/${id}/documents/${kind}`;

type Feedback = { tone: 'success' | 'danger'; text: string } | null;

function DocumentView({ detail, kind }: { detail: AdminVettingDetail; kind: VettingDocumentKind }) {
  const document = detail.vetting.documents.find((d) => d.kind === kind);
  const label = VETTING_DOCUMENT_LABELS[kind];
  const url = vettingDocumentUrl(detail.id, kind);
  return (
    <figure
      className="t-stack"
      style={{ gap: 6, margin: 0, minWidth: 0 }}
      data-testid={`vetting-doc-${kind}`}
    >
      <figcaption style={{ fontWeight: 600 }}>{label}</figcaption>
      {!document ? (
        <p className="t-muted" style={{ margin: 0 }}>
          {VETTING_MESSAGES.fileMissing}
        </p>
      ) : document.content_type === 'application/pdf' ? (
        <a className="t-btn t-btn--secondary" href={url} target="_blank" rel="noreferrer">
          {`Abrir PDF: ${label}`}
        </a>
      ) : (
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          aria-label={`${VETTING_MESSAGES.openDocument}: ${label}`}
        >
          <img
            src={url}
            alt={`${label} de ${detail.name}`}
            style={{
              width: '100%',
              maxHeight: 320,
              objectFit: 'contain',
              background: '#f1f5f9',
              borderRadius: 8,
              display: 'block',
            }}
          />
        </a>
      )}
    </figure>
  );
}

function Review({
  detail,
  onDecided,
  fetchImpl,
}: {
  detail: AdminVettingDetail;
  onDecided: (message: string) => void;
  fetchImpl?: typeof fetch;
}) {
  const [reason, setReason] = useState<VettingRejectionReason | ''>('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const complete = detail.vetting.missing.length === 0;

  const approve = async () => {
    setBusy('approve');
    setRefusal(null);
    try {
      await sendBff(`${ADMIN_OPS_BFF}/freelancers/${detail.id}/approve`, {
        schema: AccountReviewResponseSchema,
        fetchImpl,
      });
      onDecided(VETTING_MESSAGES.approved);
    } catch (error) {
      setRefusal(bffErrorMessage(error, VETTING_MESSAGES.cannotApproveIncomplete));
    } finally {
      setBusy(null);
    }
  };
  const reject = async () => {
    if (!reason) {
      setRefusal(VETTING_MESSAGES.invalidReason);
      return;
    }
    setBusy('reject');
    setRefusal(null);
    try {
      const body: VettingRejectRequest = { reason, note: note.trim() || null };
      await sendBff(`${VETTING_URL}/${detail.id}/reject`, {
        body,
        schema: VettingRejectResponseSchema,
        fetchImpl,
      });
      onDecided(VETTING_MESSAGES.rejected);
    } catch (error) {
      setRefusal(bffErrorMessage(error, VETTING_MESSAGES.notSubmitted));
    } finally {
      setBusy(null);
    }
  };

  const cpfText = detail.cpf ? formatCpf(detail.cpf) : VETTING_MESSAGES.cpfMissing;
  return (
    <Card title={`Cadastro de ${detail.name}`}>
      <div className="t-stack" style={{ gap: 16 }} data-testid="vetting-review">
        <dl
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))',
            gap: 12,
            margin: 0,
          }}
        >
          <div>
            <dt className="t-muted">Nome (como digitado)</dt>
            <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{detail.name}</dd>
          </div>
          <div>
            <dt className="t-muted">CPF</dt>
            <dd style={{ margin: 0 }} data-testid="vetting-cpf">
              {cpfText}
              {/* Its own wrapping line: a badge does not wrap and overflowed a 360 px screen. */}
              <span
                className={detail.cpf_valid ? 't-hint--success' : 't-hint--error'}
                style={{ display: 'block', fontSize: 14 }}
              >
                {detail.cpf_valid ? `✓ ${VETTING_MESSAGES.cpfValid}` : `✗ ${VETTING_MESSAGES.cpfInvalid}`}
              </span>
            </dd>
          </div>
          <div>
            <dt className="t-muted">Chave Pix</dt>
            <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{detail.pix_key ?? '—'}</dd>
          </div>
          <div>
            <dt className="t-muted">Telefone</dt>
            <dd style={{ margin: 0 }}>{detail.phone ? formatPhone(detail.phone) : '—'}</dd>
          </div>
          <div>
            <dt className="t-muted">Documento</dt>
            <dd style={{ margin: 0 }}>
              {detail.vetting.document_type
                ? IDENTITY_DOCUMENT_TYPE_LABELS[detail.vetting.document_type]
                : '—'}
            </dd>
          </div>
          <div>
            <dt className="t-muted">{VETTING_MESSAGES.submittedAt}</dt>
            <dd style={{ margin: 0 }}>{formatTimestampBR(detail.vetting.submitted_at)}</dd>
          </div>
        </dl>
        {!complete && (
          <Alert tone="warning" title={VETTING_MESSAGES.incompleteBadge}>
            {detail.vetting.missing.map((item) => VETTING_CHECKLIST_LABELS[item]).join(', ')}
          </Alert>
        )}
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
            gap: 16,
          }}
        >
          <figure className="t-stack" style={{ gap: 6, margin: 0 }}>
            <figcaption style={{ fontWeight: 600 }}>Foto de perfil</figcaption>
            {detail.profile_photo_url ? (
              <img
                src={detail.profile_photo_url}
                alt={`Foto de perfil de ${detail.name}`}
                style={{ width: 160, height: 160, objectFit: 'cover', borderRadius: 8 }}
              />
            ) : (
              <p className="t-muted" style={{ margin: 0 }}>
                Sem foto
              </p>
            )}
          </figure>
          {VETTING_DOCUMENT_KINDS.map((kind) => (
            <DocumentView key={kind} detail={detail} kind={kind} />
          ))}
        </div>
        {refusal && <Alert tone="danger" title={refusal} data-testid="vetting-refusal" />}
        {detail.vetting.status === 'submitted' && (
          <div className="t-stack" style={{ gap: 12 }}>
            {complete && (
              <div>
                <Button busy={busy === 'approve'} disabled={busy !== null} onClick={() => void approve()}>
                  {`${VETTING_MESSAGES.approve} ${detail.name}`}
                </Button>
              </div>
            )}
            <div style={{ maxWidth: 480 }} className="t-stack">
              <SelectField
                label={VETTING_MESSAGES.rejectReason}
                value={reason}
                onChange={(event) => setReason(event.target.value as VettingRejectionReason | '')}
                options={[
                  { value: '', label: 'Escolha um motivo…' },
                  ...VETTING_REJECTION_REASONS.map((value) => ({
                    value,
                    label: VETTING_REJECTION_REASON_LABELS[value],
                  })),
                ]}
              />
              <TextAreaField
                label={VETTING_MESSAGES.rejectNote}
                optional={reason !== 'other'}
                value={note}
                maxLength={VETTING_NOTE_MAX_LENGTH}
                rows={3}
                onChange={(event) => setNote(event.target.value)}
              />
              <div>
                <Button
                  variant="danger"
                  busy={busy === 'reject'}
                  disabled={busy !== null}
                  onClick={() => void reject()}
                >
                  {VETTING_MESSAGES.reject}
                </Button>
              </div>
            </div>
          </div>
        )}
      </div>
    </Card>
  );
}

/**
 * "Análise de cadastro" (issue 27): the complete checklists sent for review, oldest first (paged on
 * the server); one opens the profile, the CPF check and the documents beside the selfie, with
 * "Aprovar" (only for a complete checklist; the server refuses otherwise) and "Pedir correção"
 * (a reason from the list and a free text). Kept fresh by the freelancers' events.
 */
export function VettingScreen({ fetchImpl }: { fetchImpl?: typeof fetch }) {
  const [items, setItems] = useState<VettingQueueItem[] | null>(null);
  const [total, setTotal] = useState(0);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selected, setSelected] = useState<AdminVettingDetail | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);

  const load = useCallback(() => {
    fetchBff(`${VETTING_URL}?limit=${QUEUE_PAGE}`, VettingQueuePageSchema, { fetchImpl }).then(
      (page) => {
        setItems(page.items);
        setTotal(page.total);
        setNextCursor(page.nextCursor);
        setLoadError(null);
      },
      (error: unknown) => setLoadError(bffErrorMessage(error, 'Não foi possível carregar a fila.')),
    );
  }, [fetchImpl]);
  useEffect(load, [load]);
  useLiveRefresh('admin-ops', load, {
    pollIntervalMs: POLL_INTERVAL_MS.adminJobs,
    types: ['freelancer_updated'],
  });

  const more = async () => {
    if (!nextCursor) return;
    const page = await fetchBff(
      `${VETTING_URL}?limit=${QUEUE_PAGE}&cursor=${encodeURIComponent(nextCursor)}`,
      VettingQueuePageSchema,
      { fetchImpl },
    );
    setItems((shown) => [...(shown ?? []), ...page.items]);
    setNextCursor(page.nextCursor);
  };
  const open = async (id: number) => {
    setFeedback(null);
    try {
      setSelected(await fetchBff(`${VETTING_URL}/${id}`, AdminVettingDetailSchema, { fetchImpl }));
    } catch (error) {
      setFeedback({ tone: 'danger', text: bffErrorMessage(error, 'Não foi possível abrir o cadastro.') });
    }
  };

  return (
    <div className="t-stack" style={{ gap: 16 }} data-testid="vetting-screen">
      <PageHeader
        title={VETTING_MESSAGES.queueTitle}
        subtitle="Cadastros completos enviados pelos freelancers, do mais antigo ao mais recente."
      />
      {feedback && <Alert tone={feedback.tone} title={feedback.text} data-testid="vetting-feedback" />}
      {loadError && <Alert tone="danger" title={loadError} />}
      <Card title={`Aguardando análise (${total})`}>
        {items && items.length === 0 ? (
          <p className="t-muted" style={{ margin: 0 }}>
            {VETTING_MESSAGES.queueEmpty}
          </p>
        ) : (
          <ul
            className="t-stack"
            style={{ gap: 8, margin: 0, padding: 0, listStyle: 'none' }}
            data-testid="vetting-queue"
          >
            {(items ?? []).map((item) => (
              <li
                key={item.id}
                className="t-row"
                style={{ gap: 12, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}
              >
                <div style={{ minWidth: 0, flex: '1 1 200px' }}>
                  <strong style={{ overflowWrap: 'anywhere' }}>{item.name}</strong>
                  <span className="t-muted" style={{ display: 'block', fontSize: 14 }}>
                    {VETTING_MESSAGES.submittedAt} {formatTimestampBR(item.submitted_at)}
                    {item.document_type ? ` · ${IDENTITY_DOCUMENT_TYPE_LABELS[item.document_type]}` : ''}
                    {item.cpf_valid ? ' · CPF válido' : ' · CPF inválido'}
                    {item.resubmitted ? ' · reenviado' : ''}
                  </span>
                </div>
                <Button
                  variant={selected?.id === item.id ? 'primary' : 'secondary'}
                  onClick={() => void open(item.id)}
                  aria-label={`Analisar ${item.name}`}
                >
                  Analisar
                </Button>
              </li>
            ))}
          </ul>
        )}
        {nextCursor && (
          <div style={{ marginTop: 12 }}>
            <Button variant="secondary" onClick={() => void more()}>
              Carregar mais
            </Button>
          </div>
        )}
      </Card>
      {selected && (
        <Review
          key={selected.id}
          detail={selected}
          fetchImpl={fetchImpl}
          onDecided={(message) => {
            setSelected(null);
            setFeedback({ tone: 'success', text: message });
            load();
          }}
        />
      )}
    </div>
  );
}
