import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cx } from '../components/cx';

/** What a field says under its input: an error wins over a success, which wins over the hint. */
export interface FieldMessages {
  hint?: ReactNode;
  error?: ReactNode;
  success?: ReactNode;
}

export interface FieldProps extends FieldMessages {
  label: ReactNode;
  /** The id of the control the label points to. */
  htmlFor: string;
  /** Shown beside the label: "(opcional)". */
  optional?: boolean;
  /** The id given to the message line, for the control's aria-describedby. */
  messageId?: string;
  className?: string;
  children: ReactNode;
}

/** Label, control and one message line (hint, error or success), in the design system's look. */
export function Field({
  label,
  htmlFor,
  optional,
  hint,
  error,
  success,
  messageId,
  className,
  children,
}: FieldProps) {
  const message = error ?? success ?? hint;
  const tone = error ? 't-hint--error' : success ? 't-hint--success' : undefined;
  return (
    <div className={cx('t-field', className)}>
      <label className="t-label" htmlFor={htmlFor}>
        {label}
        {optional && <span className="t-label__note"> (opcional)</span>}
      </label>
      {children}
      {message && (
        <p className={cx('t-hint', tone)} id={messageId} role={error ? 'alert' : undefined}>
          {message}
        </p>
      )}
    </div>
  );
}

/** Ids for a field's control and its message line (stable across renders). */
export function useFieldIds(id?: string): { inputId: string; messageId: string } {
  const generated = useId();
  const inputId = id ?? `t-field-${generated}`;
  return { inputId, messageId: `${inputId}-message` };
}

type FieldChrome = FieldMessages & { label: ReactNode; optional?: boolean; className?: string };

/** The props every labelled control gets: its id, the shared class and its accessibility links. */
interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A `Field` around one control, wiring the label, the message and the control's aria attributes. */
function LabelledControl({
  chrome: { label, optional, hint, error, success, className },
  id,
  render,
}: {
  chrome: FieldChrome;
  id: string | undefined;
  render: (control: ControlProps) => ReactNode;
}) {
  const { inputId, messageId } = useFieldIds(id);
  const hasMessage = Boolean(error ?? success ?? hint);
  return (
    <Field
      label={label}
      htmlFor={inputId}
      optional={optional}
      hint={hint}
      error={error}
      success={success}
      messageId={messageId}
      className={className}
    >
      {render({
        id: inputId,
        className: 't-input',
        'aria-invalid': error ? true : undefined,
        'aria-describedby': hasMessage ? messageId : undefined,
      })}
    </Field>
  );
}

export type TextFieldProps = FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>;

/** A labelled text input. */
export function TextField({
  label,
  optional,
  hint,
  error,
  success,
  className,
  id,
  ...input
}: TextFieldProps) {
  const chrome = { label, optional, hint, error, success, className };
  return <LabelledControl chrome={chrome} id={id} render={(control) => <input {...control} {...input} />} />;
}

/** One choice of a select: the value it sends and the text a person reads. */
export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = FieldChrome &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & {
    /** The choices, in order; or pass the <option>s as children. */
    options?: readonly SelectOption[];
  };

/** A labelled select of `options` (or of the <option>s given as children). */
export function SelectField({
  label,
  optional,
  hint,
  error,
  success,
  className,
  id,
  options,
  children,
  ...select
}: SelectFieldProps) {
  const chrome = { label, optional, hint, error, success, className };
  const choices =
    options?.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    )) ?? children;
  return (
    <LabelledControl
      chrome={chrome}
      id={id}
      render={(control) => (
        <select {...control} {...select}>
          {choices}
        </select>
      )}
    />
  );
}

/** The options of a select from a label per value, in the record's order. */
export function optionsOf<V extends string>(
  labels: Readonly<Record<V, string>>,
): { value: V; label: string }[] {
  return (Object.entries(labels) as [V, string][]).map(([value, label]) => ({ value, label }));
}

export type TextAreaFieldProps = FieldChrome & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>;

/** A labelled multi-line text input. */
export function TextAreaField({
  label,
  optional,
  hint,
  error,
  success,
  className,
  id,
  ...textarea
}: TextAreaFieldProps) {
  const chrome = { label, optional, hint, error, success, className };
  return (
    <LabelledControl chrome={chrome} id={id} render={(control) => <textarea {...control} {...textarea} />} />
  );
}
