import { PastWorkersListSchema, type PastWorker } from '@turno/contracts';
import { INVITATION_MESSAGES, INVITATION_WINDOW_HOURS, formatDateBR } from '@turno/domain';
import { Alert, SelectField, TextField, bffErrorMessage, fetchBff } from '@turno/ui';
import { useEffect, useId, useState } from 'react';
import { BFF } from '../shared/bff';

export interface InviteesValue {
  /** The freelancers chosen (id → name, the name for the summary). */
  chosen: ReadonlyMap<number, string>;
  /** Hours only they may apply. */
  exclusiveHours: number;
}

export interface InviteesPickerProps {
  value: InviteesValue;
  onChange: (value: InviteesValue) => void;
  /** The first day chosen in the form ('YYYY-MM-DD'): the monthly cap is of its month. */
  date: string | null;
  fetchImpl?: typeof fetch;
}

/**
 * "Chamar de novo" in the vacancy form (issue 26): the people who completed shifts with the business
 * (searched by name on the server, at most 50, those under the monthly cap for the chosen day), to
 * tick, and how long only they may apply. The chosen stay ticked while the search changes.
 */
export function InviteesPicker({ value, onChange, date, fetchImpl }: InviteesPickerProps) {
  const [q, setQ] = useState('');
  const [people, setPeople] = useState<PastWorker[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const legendId = useId();

  useEffect(() => {
    const controller = new AbortController();
    const params = new URLSearchParams();
    if (q.trim()) params.set('q', q.trim());
    if (date) params.set('date', date);
    // A short pause while typing: one request per search, not per key.
    const timer = setTimeout(() => {
      fetchBff(`${BFF}/past-workers?${params}`, PastWorkersListSchema, {
        signal: controller.signal,
        fetchImpl,
      })
        .then((list) => {
          setPeople(list.items);
          setError(null);
        })
        .catch((failure: unknown) => {
          if ((failure as Error)?.name === 'AbortError') return;
          setError(bffErrorMessage(failure, INVITATION_MESSAGES.inviteesLoadFailed));
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, date, fetchImpl]);

  const toggle = (person: { freelancer_id: number; name: string }) => {
    const chosen = new Map(value.chosen);
    if (chosen.has(person.freelancer_id)) chosen.delete(person.freelancer_id);
    else chosen.set(person.freelancer_id, person.name);
    onChange({ ...value, chosen });
  };
  // The chosen first (even when the search leaves them out), then the others found.
  const shown = [
    ...[...value.chosen].map(([freelancer_id, name]) => ({
      freelancer_id,
      name,
      detail: null as string | null,
    })),
    ...(people ?? [])
      .filter((person) => !value.chosen.has(person.freelancer_id))
      .map((person) => ({
        freelancer_id: person.freelancer_id,
        name: person.name,
        detail: `${INVITATION_MESSAGES.shiftsWithYou(person.completed_shifts)}, o último em ${formatDateBR(person.last_shift_date)}`,
      })),
  ];

  return (
    <fieldset className="t-fieldset" aria-labelledby={legendId} data-testid="invitees">
      <legend id={legendId}>{INVITATION_MESSAGES.inviteesTitle}</legend>
      <p className="t-hint">{INVITATION_MESSAGES.inviteesHint}</p>
      <TextField
        label={INVITATION_MESSAGES.inviteesSearch}
        optional
        type="search"
        value={q}
        maxLength={80}
        onChange={(e) => setQ(e.target.value)}
      />
      {error && (
        <Alert tone="danger" data-testid="invitees-error">
          {error}
        </Alert>
      )}
      {people !== null && shown.length === 0 && (
        <p className="t-muted">{INVITATION_MESSAGES.inviteesEmpty}</p>
      )}
      {shown.length > 0 && (
        <ul className="r-invitees" aria-label="Quem já trabalhou com você">
          {shown.map((person) => (
            <li key={person.freelancer_id}>
              <label className="t-check">
                <input
                  type="checkbox"
                  checked={value.chosen.has(person.freelancer_id)}
                  onChange={() => toggle(person)}
                />
                <span>
                  {person.name}
                  {person.detail && <span className="t-muted"> · {person.detail}</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {value.chosen.size > 0 && (
        <SelectField
          label={INVITATION_MESSAGES.windowLabel}
          value={String(value.exclusiveHours)}
          onChange={(e) => onChange({ ...value, exclusiveHours: Number(e.target.value) })}
          options={INVITATION_WINDOW_HOURS.map((hours) => ({
            value: String(hours),
            label: INVITATION_MESSAGES.windowOption(hours),
          }))}
          hint={INVITATION_MESSAGES.windowNeverPastStart}
        />
      )}
    </fieldset>
  );
}
