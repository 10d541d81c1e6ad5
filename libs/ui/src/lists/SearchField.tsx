import { LIST_SEARCH_DEBOUNCE_MS, LIST_SEARCH_MAX_LENGTH } from '@turno/domain';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Field, useFieldIds } from '../forms/Field';

export interface SearchFieldProps {
  label: string;
  /** The search the list applies now; an outside change (e.g. "Limpar filtros") replaces the text. */
  value: string;
  /** Called with the trimmed text once typing pauses (`debounceMs`), or at once on Enter. */
  onSearch: (text: string) => void;
  placeholder?: string;
  debounceMs?: number;
  id?: string;
}

/** The search box of a list: a labelled `type="search"` input that asks the server only after a pause. */
export function SearchField({
  label,
  value,
  onSearch,
  placeholder,
  debounceMs = LIST_SEARCH_DEBOUNCE_MS,
  id,
}: SearchFieldProps) {
  const { inputId } = useFieldIds(id);
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  }, [onSearch]);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (value !== applied) {
    setApplied(value);
    if (value !== text.trim()) setText(value);
  }

  function apply(next: string) {
    clearTimeout(timer.current);
    timer.current = undefined;
    onSearchRef.current(next.trim());
  }

  function change(next: string) {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(next), debounceMs);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply(text);
  }

  return (
    <div role="search">
      <Field label={label} htmlFor={inputId}>
        <input
          id={inputId}
          className="t-input"
          type="search"
          value={text}
          placeholder={placeholder}
          maxLength={LIST_SEARCH_MAX_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </Field>
    </div>
  );
}
