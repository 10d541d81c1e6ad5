import { formatCnpj, isValidCnpj, MESSAGES } from '@turno/domain';
import type { ChangeEvent, ReactNode } from 'react';
import { Field, useFieldIds } from './Field';

export interface CnpjFieldProps {
  /** The CNPJ's characters without mask (upper case, at most 14); shown as '00.000.000/0000-00'. */
  value: string;
  onChange: (characters: string) => void;
  label?: ReactNode;
  id?: string;
  name?: string;
  optional?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** An error from the form (e.g. the server's answer); the widget's own check-digit refusal shows otherwise. */
  error?: ReactNode;
}

/** The characters a CNPJ input keeps: letters (alphanumeric CNPJ, July 2026) and digits, at most 14. */
export function cnpjCharacters(text: string): string {
  return text
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, 14);
}

/**
 * The shared CNPJ widget (issue 25), beside the phone and CEP widgets: keeps letters and digits
 * (at most 14), shows them as '00.000.000/0000-00', says 'CNPJ válido' once the check digits
 * match and refuses a complete CNPJ whose check digits do not (@turno/domain's isValidCnpj).
 */
export function CnpjField({
  value,
  onChange,
  label = MESSAGES.restaurants.cnpjLabel,
  id,
  name,
  optional,
  required,
  disabled,
  error,
}: CnpjFieldProps) {
  const { inputId, messageId } = useFieldIds(id);
  const valid = isValidCnpj(value);
  const complete = value.length === 14;
  const shownError = error ?? (complete && !valid ? MESSAGES.restaurants.invalidCnpj : undefined);
  return (
    <Field
      label={label}
      htmlFor={inputId}
      optional={optional}
      hint={MESSAGES.restaurants.cnpjHint}
      success={valid ? MESSAGES.restaurants.cnpjValid : undefined}
      error={shownError}
      messageId={messageId}
    >
      <input
        id={inputId}
        name={name}
        className="t-input"
        type="text"
        inputMode="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="00.000.000/0000-00"
        maxLength={18}
        value={formatCnpj(value)}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(cnpjCharacters(event.target.value))}
        required={required}
        disabled={disabled}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={messageId}
        data-valid={valid || undefined}
      />
    </Field>
  );
}
