import {
  PrivacyActionResponseSchema,
  PrivacyCasesPageSchema,
  PrivacyPeopleSchema,
  type PrivacyCase,
  type PrivacyPerson,
} from '@turno/contracts';
import { PRIVACY_ADMIN_MESSAGES as TEXT } from '@turno/domain';
import {
  Alert,
  Badge,
  bffErrorMessage,
  Button,
  Card,
  fetchBff,
  PageHeader,
  sendBff,
  TextAreaField,
  TextField,
} from '@turno/ui';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ADMIN_OPS_BFF } from '../shared/bff';

export const PRIVACY_URL = `${ADMIN_OPS_BFF}/privacy`;
const PAGE = 20;

type Feedback = { tone: 'success' | 'danger'; text: string } | null;

function CaseItem({ item, onCancel, busy }: { item: PrivacyCase; onCancel: () => void; busy: boolean }) {
  return (
    <li
      className="t-row"
      style={{
        gap: 12,
        flexWrap: 'wrap',
        justifyContent: 'space-between',
        borderTop: '1px solid var(--t-color-border)',
        paddingTop: 8,
      }}
      data-testid={`privacy-case-${item.kind}-${item.id}`}
    >
      <div style={{ flex: '1 1 260px', minWidth: 0 }}>
        <p style={{ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
          <Badge tone={item.kind === 'deletion' ? 'danger' : 'info'}>
            {item.kind === 'deletion' ? TEXT.kindDeletion : TEXT.kindExport}
          </Badge>{' '}
          {item.name ?? '—'} {item.email ? `· ${item.email}` : ''}
        </p>
        <p className="t-muted" style={{ margin: '2px 0 0', fontSize: 14 }}>
          {item.requested_by === 'admin' ? TEXT.requestedByAdmin : TEXT.requestedBySelf}
          {item.admin_note ? ` · ${item.admin_note}` : ''}
        </p>
        <p style={{ margin: '2px 0 0', fontSize: 14 }}>
          {item.late && <Badge tone="danger">{TEXT.late}</Badge>} {TEXT.dueAt(new Date(item.due_at))}
          {item.scheduled_for ? ` · ${TEXT.scheduledFor(new Date(item.scheduled_for))}` : ''}
        </p>
      </div>
      {item.kind === 'deletion' && (
        <Button
          variant="secondary"
          busy={busy}
          onClick={onCancel}
          aria-label={`${TEXT.cancelDeletion}: ${item.name ?? item.id}`}
        >
          {TEXT.cancelDeletion}
        </Button>
      )}
    </li>
  );
}

function ActOnBehalf({
  onDone,
  fetchImpl,
}: {
  onDone: (feedback: Feedback) => void;
  fetchImpl?: typeof fetch;
}) {
  const [q, setQ] = useState('');
  const [people, setPeople] = useState<PrivacyPerson[] | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const find = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('find');
    setError(null);
    try {
      const found = await fetchBff(
        `${PRIVACY_URL}/people?q=${encodeURIComponent(q.trim())}`,
        PrivacyPeopleSchema,
        {
          fetchImpl,
        },
      );
      setPeople(found.items);
      if (found.items.length === 0) setError(TEXT.notFoundPerson);
    } catch (caught) {
      setError(bffErrorMessage(caught, TEXT.notFoundPerson));
    } finally {
      setBusy(null);
    }
  };
  const act = async (person: PrivacyPerson, kind: 'deletion' | 'export') => {
    setBusy(`${kind}-${person.user_id}`);
    setError(null);
    try {
      const answer = await sendBff(`${PRIVACY_URL}/people/${person.user_id}/${kind}`, {
        body: { note: note.trim() },
        schema: PrivacyActionResponseSchema,
        fetchImpl,
      });
      onDone({ tone: 'success', text: answer.message });
      setPeople(null);
      setNote('');
      setQ('');
    } catch (caught) {
      setError(bffErrorMessage(caught, TEXT.actionFailed));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title={TEXT.actTitle}>
      <div className="t-stack" style={{ gap: 12 }} data-testid="privacy-act">
        <p className="t-muted" style={{ margin: 0 }}>
          {TEXT.actIntro}
        </p>
        <form
          className="t-row"
          style={{ gap: 8, flexWrap: 'wrap', alignItems: 'flex-end' }}
          onSubmit={(e) => void find(e)}
        >
          <TextField
            label={TEXT.findLabel}
            value={q}
            onChange={(event) => setQ(event.target.value)}
            autoComplete="off"
            style={{ minHeight: 44 }}
            className="privacy-find"
          />
          <Button type="submit" busy={busy === 'find'} disabled={q.trim().length < 3}>
            {TEXT.find}
          </Button>
        </form>
        {error && <Alert tone="danger" title={error} data-testid="privacy-act-error" />}
        {people && people.length > 0 && (
          <>
            <TextAreaField
              label={TEXT.noteLabel}
              value={note}
              maxLength={500}
              rows={2}
              onChange={(event) => setNote(event.target.value)}
            />
            <ul className="t-stack" style={{ gap: 8, margin: 0, padding: 0, listStyle: 'none' }}>
              {people.map((person) => (
                <li
                  key={person.user_id}
                  className="t-row"
                  style={{ gap: 8, flexWrap: 'wrap', justifyContent: 'space-between' }}
                  data-testid={`privacy-person-${person.user_id}`}
                >
                  <span style={{ overflowWrap: 'anywhere' }}>
                    {person.name ?? '—'} {person.email ? `· ${person.email}` : ''}
                  </span>
                  <span className="t-row" style={{ gap: 8, flexWrap: 'wrap' }}>
                    <Button
                      variant="danger"
                      disabled={!note.trim() || person.pending_deletion_id !== null}
                      busy={busy === `deletion-${person.user_id}`}
                      onClick={() => void act(person, 'deletion')}
                    >
                      {TEXT.requestDeletion}
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={!note.trim()}
                      busy={busy === `export-${person.user_id}`}
                      onClick={() => void act(person, 'export')}
                    >
                      {TEXT.requestExport}
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Card>
  );
}

/**
 * "Privacidade" (issue 27): the open deletion and export requests with their 15-day deadlines, late
 * ones first and marked, a page at a time; and the form to act on a request made by e-mail.
 */
export function PrivacyScreen({ fetchImpl }: { fetchImpl?: typeof fetch }) {
  const [items, setItems] = useState<PrivacyCase[] | null>(null);
  const [total, setTotal] = useState(0);
  const [next, setNext] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(
    async (cursor?: string) => {
      try {
        const page = await fetchBff(
          `${PRIVACY_URL}/requests?limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          PrivacyCasesPageSchema,
          { fetchImpl },
        );
        setItems((was) => (cursor && was ? [...was, ...page.items] : page.items));
        setTotal(page.total);
        setNext(page.nextCursor);
        setLoadError(null);
      } catch (error) {
        setLoadError(bffErrorMessage(error, TEXT.loadFailed));
      }
    },
    [fetchImpl],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const cancel = async (item: PrivacyCase) => {
    setBusy(`cancel-${item.id}`);
    try {
      const answer = await sendBff(`${PRIVACY_URL}/deletions/${item.id}/cancel`, {
        schema: PrivacyActionResponseSchema,
        fetchImpl,
      });
      setFeedback({ tone: 'success', text: answer.message });
      await load();
    } catch (error) {
      setFeedback({ tone: 'danger', text: bffErrorMessage(error, TEXT.actionFailed) });
    } finally {
      setBusy(null);
    }
  };

  const runDue = async () => {
    setBusy('run-due');
    try {
      const answer = await sendBff(`${PRIVACY_URL}/deletions/run-due`, {
        schema: PrivacyActionResponseSchema,
        fetchImpl,
      });
      setFeedback({ tone: 'success', text: answer.message });
      await load();
    } catch (error) {
      setFeedback({ tone: 'danger', text: bffErrorMessage(error, TEXT.actionFailed) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="t-stack" style={{ gap: 16 }} data-testid="privacy-screen">
      <PageHeader
        title={TEXT.title}
        subtitle={TEXT.intro}
        actions={
          <Button variant="secondary" busy={busy === 'run-due'} onClick={() => void runDue()}>
            {TEXT.runDue}
          </Button>
        }
      />
      {feedback && <Alert tone={feedback.tone} title={feedback.text} data-testid="privacy-feedback" />}
      {loadError && <Alert tone="danger" title={loadError} />}
      <Card title={`Pedidos em aberto (${total})`}>
        {items && items.length === 0 ? (
          <p className="t-muted" style={{ margin: 0 }}>
            {TEXT.empty}
          </p>
        ) : (
          <ul
            className="t-stack"
            style={{ gap: 8, margin: 0, padding: 0, listStyle: 'none' }}
            data-testid="privacy-cases"
          >
            {(items ?? []).map((item) => (
              <CaseItem
                key={`${item.kind}-${item.id}`}
                item={item}
                busy={busy === `cancel-${item.id}`}
                onCancel={() => void cancel(item)}
              />
            ))}
          </ul>
        )}
        {next && (
          <div style={{ marginTop: 12 }}>
            <Button variant="secondary" onClick={() => void load(next)}>
              {TEXT.more}
            </Button>
          </div>
        )}
      </Card>
      <ActOnBehalf
        fetchImpl={fetchImpl}
        onDone={(done) => {
          setFeedback(done);
          void load();
        }}
      />
    </div>
  );
}
