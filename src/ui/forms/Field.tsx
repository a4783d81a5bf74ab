/**
 * `ui/forms/`: the parts every shopper island is built from: labelled fields and the form's
 * error line (this file), address fields (AddressFields), loading and failure states (LoadStatus), an
 * outcome page (Outcome), and the hooks for loading (use-load.ts), one action at a time (use-busy.ts) and
 * knowing the island has hydrated (use-hydrated.ts).
 *
 * A labelled text field of the account forms. Uncontrolled (`defaultValue`): what the shopper typed,
 * even before hydration, stays in the field through errors and re-renders; forms read it on submit. A
 * refused field says why on a line under it, which the input names as its description, so a screen
 * reader reads the reason on reaching the field.
 */
import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute, ReactElement } from 'react';
import { accountSpec, type FieldProblems } from '../../features/account/index.ts';
import { notify } from '../../features/notify/index.ts';

export interface FieldProps {
  /** The form's id prefix, so ids are unique on the page. */
  form: string;
  name: string;
  label: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  defaultValue?: string;
  invalid?: boolean;
  /** What to change in this field; the field is marked invalid and shows it under the input. */
  error?: string | undefined;
  /** Ids of texts that describe the field (an error line). */
  describedBy?: string | undefined;
  list?: string;
  /** The field may be left empty (every account field is required otherwise). */
  optional?: boolean;
  /** A line under the label that says what to type, read with the field. */
  hint?: string;
}

export const fieldId = (form: string, name: string): string => `${form}-${name}`;

export function Field({
  form,
  name,
  label,
  type = 'text',
  autoComplete,
  defaultValue = '',
  invalid = false,
  error,
  describedBy,
  list,
  optional = false,
  hint,
}: FieldProps) {
  const id = fieldId(form, name);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [hint ? hintId : '', error ? errorId : '', describedBy ?? ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        required={!optional}
        aria-invalid={invalid || Boolean(error) || undefined}
        {...(autoComplete ? { autoComplete } : {})}
        {...(described ? { 'aria-describedby': described } : {})}
        {...(list ? { list } : {})}
      />
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The line under a form that says what went wrong; present (empty) from the start, so it is announced. */
export function FormError({ id, message }: { id: string; message: string }) {
  return (
    <p className="form-error" id={id} role="alert">
      {message}
    </p>
  );
}

/** Reads a form's named text fields (trimmed only where the caller trims). */
export function readFields<K extends string>(form: HTMLFormElement, names: readonly K[]): Record<K, string> {
  const data = new FormData(form);
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = data.get(name);
    values[name] = typeof value === 'string' ? value : '';
  }
  return values;
}

/** After a refused submit: focus the first field at fault, so the shopper lands on it. */
export function focusFirst(form: HTMLFormElement, names: readonly string[]): void {
  const first = form.elements.namedItem(names[0] ?? '');
  if (first instanceof HTMLInputElement) first.focus();
}

/**
 * After a submit, when the checks found problems: the spec's "Validation failed…" announced and the first
 * field at fault focused. True when there were any (the form stops there).
 */
export function announceProblems(form: HTMLFormElement, found: FieldProblems): boolean {
  const bad = Object.keys(found);
  if (bad.length === 0) return false;
  notify(accountSpec.validation.failed, 'alert');
  focusFirst(form, bad);
  return true;
}

/** A form's fields, each with its problem and, while the form's error line shows, that line as its description. */
export const fieldsOf =
  <N extends string>(form: string, problems: FieldProblems<N>, describedBy: string | undefined) =>
  (name: N, label: string, extra: Partial<FieldProps> = {}): ReactElement => (
    <Field
      form={form}
      name={name}
      label={label}
      error={problems[name]}
      describedBy={describedBy}
      {...extra}
    />
  );
