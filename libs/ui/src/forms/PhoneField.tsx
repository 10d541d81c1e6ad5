import { formatPhone, isValidPhone, MESSAGES, sanitizePhoneInput } from '@turno/domain';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { Field, useFieldIds } from './Field';

export interface PhoneFieldProps {
  /** The phone's digits (DDD + number, at most 11); shown as '(DD) 99999-9999'. */
  value: string;
  onChange: (digits: string) => void;
  label?: ReactNode;
  id?: string;
  name?: string;
  optional?: boolean;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  /** An error from the form (e.g. on submit); the widget's own area-code refusal shows otherwise. */
  error?: ReactNode;
}

/**
 * The shared phone widget (spec 01 §5): digits only, at most 11; input whose first two digits are
 * not an area code 11..99 is refused; shown as '(DD) 99999-9999'; 'Telefone válido' once valid.
 * The rules are @turno/domain's (sanitizePhoneInput, formatPhone, isValidPhone).
 */
export function PhoneField({
  value,
  onChange,
  label = 'Telefone',
  id,
  name,
  optional,
  required,
  disabled,
  autoFocus,
  error,
}: PhoneFieldProps) {
  const { inputId, messageId } = useFieldIds(id);
  const [refused, setRefused] = useState(false);
  const valid = isValidPhone(value);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const digits = sanitizePhoneInput(event.target.value);
    if (digits === null) {
      // Refused: the input keeps its previous value (React restores the controlled value).
      setRefused(true);
      return;
    }
    setRefused(false);
    onChange(digits);
  }

  const shownError = error ?? (refused ? MESSAGES.validation.invalidAreaCode : undefined);
  return (
    <Field
      label={label}
      htmlFor={inputId}
      optional={optional}
      hint={MESSAGES.validation.phoneHint}
      success={valid ? MESSAGES.validation.phoneValid : undefined}
      error={shownError}
      messageId={messageId}
    >
      <input
        id={inputId}
        name={name}
        className="t-input"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder="(11) 98765-4321"
        value={formatPhone(value)}
        onChange={handleChange}
        onBlur={() => setRefused(false)}
        required={required}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={messageId}
        data-valid={valid || undefined}
      />
    </Field>
  );
}
