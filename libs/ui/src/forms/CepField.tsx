import { type AddressLookupResult } from '@turno/contracts';
import {
  ADDRESS_SEARCH_DEBOUNCE_MS,
  ADDRESS_SEARCH_MIN_CHARS,
  formatCep,
  isValidCep,
  MESSAGES,
} from '@turno/domain';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { AddressLookupError, lookupCep, searchAddresses } from './address-client';
import { Field, useFieldIds } from './Field';

export interface CepFieldProps {
  /** The text in the field: a CEP as '12345-678' (masked while typed) or a free-text search. */
  value: string;
  onChange: (value: string) => void;
  /** A CEP lookup answered, or a suggestion was picked: fill the form's address from it. */
  onAddress: (address: AddressLookupResult) => void;
  label?: ReactNode;
  id?: string;
  name?: string;
  optional?: boolean;
  disabled?: boolean;
  /** An error from the form; the widget's own lookup errors show otherwise. */
  error?: ReactNode;
  /** The shell BFF's address API; default '/api/address'. */
  endpoint?: string;
  fetchImpl?: typeof fetch;
  /** The pause before a suggestion search; default 500 ms (spec 01 §5). */
  debounceMs?: number;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'found'; address: AddressLookupResult }
  | { kind: 'error'; message: string };

const IDLE: Status = { kind: 'idle' };

/** Digits, spaces, dots and hyphens only: the person is typing a CEP, so it is masked. */
function isCepInput(text: string): boolean {
  return /\d/.test(text) && /^[\d\s.-]+$/.test(text);
}

/** Worth a suggestion search: at least 3 characters, one of them a letter. */
function isSearchable(text: string): boolean {
  return text.trim().length >= ADDRESS_SEARCH_MIN_CHARS && /\p{L}/u.test(text);
}

function describe(address: AddressLookupResult): string {
  return [
    address.bairro,
    address.localidade && `${address.localidade}${address.uf ? ` - ${address.uf}` : ''}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * The shared CEP widget (spec 01 §5). A CEP is masked '12345-678'; at 8 digits it is looked up
 * (GET /api/address/cep/:cep) and the address handed to `onAddress`. Free text of 3 or more
 * characters searches addresses after a 500 ms pause (GET /api/address/search?q=) and offers up
 * to 5 suggestions to pick. When a service cannot be reached the field says so in pt-BR, and the
 * form's address can still be typed by hand.
 */
export function CepField({
  value,
  onChange,
  onAddress,
  label = 'CEP',
  id,
  name,
  optional,
  disabled,
  error,
  endpoint,
  fetchImpl,
  debounceMs = ADDRESS_SEARCH_DEBOUNCE_MS,
}: CepFieldProps) {
  const { inputId, messageId } = useFieldIds(id);
  const listId = `${inputId}-suggestions`;
  const [status, setStatus] = useState<Status>(IDLE);
  const [suggestions, setSuggestions] = useState<AddressLookupResult[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | undefined>(undefined);
  const onAddressRef = useRef(onAddress);
  useEffect(() => {
    onAddressRef.current = onAddress;
  }, [onAddress]);

  function cancelPending() {
    clearTimeout(timer.current);
    timer.current = undefined;
    request.current?.abort();
    request.current = undefined;
  }
  useEffect(() => cancelPending, []);

  function closeList() {
    setOpen(false);
    setActive(-1);
  }

  function fail(error: unknown, controller: AbortController) {
    if (controller.signal.aborted) return;
    const message =
      error instanceof AddressLookupError ? error.message : MESSAGES.validation.cepLookupUnavailable;
    setStatus({ kind: 'error', message });
  }

  function runLookup(cep: string) {
    const controller = new AbortController();
    request.current = controller;
    setStatus({ kind: 'loading' });
    lookupCep(cep, { endpoint, fetchImpl, signal: controller.signal }).then(
      (address) => {
        if (controller.signal.aborted) return;
        setStatus({ kind: 'found', address });
        onAddressRef.current(address);
      },
      (e: unknown) => fail(e, controller),
    );
  }

  function runSearch(query: string) {
    const controller = new AbortController();
    request.current = controller;
    setStatus({ kind: 'loading' });
    searchAddresses(query, { endpoint, fetchImpl, signal: controller.signal }).then(
      (list) => {
        if (controller.signal.aborted) return;
        setSuggestions(list);
        setActive(-1);
        if (list.length === 0) {
          setOpen(false);
          setStatus({ kind: 'error', message: MESSAGES.validation.addressNoSuggestions });
        } else {
          setOpen(true);
          setStatus(IDLE);
        }
      },
      (e: unknown) => fail(e, controller),
    );
  }

  function handleInput(raw: string) {
    cancelPending();
    closeList();
    setSuggestions([]);
    if (isCepInput(raw)) {
      const cep = formatCep(raw);
      onChange(cep);
      if (isValidCep(cep)) runLookup(cep);
      else setStatus(IDLE);
      return;
    }
    onChange(raw);
    setStatus(IDLE);
    if (isSearchable(raw)) {
      const query = raw.trim();
      timer.current = setTimeout(() => runSearch(query), debounceMs);
    }
  }

  function pick(address: AddressLookupResult) {
    cancelPending();
    closeList();
    setSuggestions([]);
    setStatus({ kind: 'found', address });
    if (isValidCep(address.cep)) onChange(formatCep(address.cep));
    onAddressRef.current(address);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!open || suggestions.length === 0) {
      if (event.key === 'ArrowDown' && suggestions.length > 0) {
        event.preventDefault();
        setOpen(true);
      }
      return;
    }
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      pick(suggestions[active]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      closeList();
    }
  }

  const shownError = error ?? (status.kind === 'error' ? status.message : undefined);
  const success =
    status.kind === 'found' ? `Endereço encontrado: ${status.address.formattedAddress}` : undefined;
  const hint = status.kind === 'loading' ? MESSAGES.validation.cepSearching : MESSAGES.validation.cepHint;
  const expanded = open && suggestions.length > 0;

  return (
    <Field
      label={label}
      htmlFor={inputId}
      optional={optional}
      hint={hint}
      success={success}
      error={shownError}
      messageId={messageId}
    >
      <div className="t-input-wrap">
        <input
          id={inputId}
          name={name}
          className="t-input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={messageId}
          aria-busy={status.kind === 'loading' || undefined}
          autoComplete="off"
          placeholder="00000-000 ou nome da rua"
          value={value}
          disabled={disabled}
          onChange={(event) => handleInput(event.target.value)}
          onKeyDown={handleKeyDown}
          onBlur={closeList}
          onFocus={() => suggestions.length > 0 && setOpen(true)}
        />
        <ul
          className="t-suggestions"
          id={listId}
          role="listbox"
          aria-label="Endereços sugeridos"
          hidden={!expanded}
        >
          {suggestions.map((address, index) => (
            <li
              key={`${address.formattedAddress}-${index}`}
              id={`${listId}-${index}`}
              className="t-suggestion"
              role="option"
              aria-selected={index === active}
              // Keep the focus in the input: the click picks before the blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(address)}
            >
              {address.logradouro || address.formattedAddress}
              <span className="t-suggestion__detail">
                {[describe(address), address.cep && formatCep(address.cep)].filter(Boolean).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </Field>
  );
}
