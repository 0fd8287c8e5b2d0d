// A labelled text input with its hint and error (spec 03 §5 "Combobox and form helpers": a required,
// empty field shows its value-missing message when the shopper leaves it). The error is tied to the
// input with aria-describedby and aria-invalid so screen readers read it with the field.

import { useEffect, useState, type InputHTMLAttributes } from 'react';
import type { FieldRule } from '../../lib/forms.ts';
import { afterPointerRelease, trackPointer } from '../../lib/pointer.ts';
import { cx } from './classes.ts';
import { Tooltip } from './Tooltip.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  name: string;
  label: string;
  /** Id prefix, so one page can hold two forms with the same field names. */
  form: string;
  /** The message from the last submission (client rules or the server). */
  error?: string | null;
  hint?: string;
  /** Longer help behind a "?" tooltip beside the label, for what the hint line has no room for. */
  help?: string;
  /** Checked when the field loses focus. */
  rule?: FieldRule;
}

export function TextField({
  name,
  label,
  form,
  error,
  hint,
  help,
  rule,
  required,
  className,
  onBlur,
  onChange,
  ...input
}: TextFieldProps) {
  const id = `${form}-${name}`;
  // What the rule said when the shopper last left the field (null: not checked since the last
  // submission). It outranks the submission's message only once the value has been edited, so a
  // server's verdict ("already registered") stays until the shopper changes the value.
  const [local, setLocal] = useState<{ message: string | null } | null>(null);
  const [edited, setEdited] = useState(false);
  const [lastError, setLastError] = useState(error);
  if (error !== lastError) {
    setLastError(error);
    setLocal(null);
    setEdited(false);
  }
  const shown = local ? local.message : (error ?? null);
  useEffect(trackPointer, []);
  const labelElement = (
    <label htmlFor={id} className="field__label">
      {label}
      {/* Hidden from screen readers: `required` on the input already says it. */}
      {required ? (
        <span className="field__required" aria-hidden="true">
          {' *'}
        </span>
      ) : null}
    </label>
  );
  const describedBy = cx(hint && `${id}-hint`, shown && `${id}-error`) || undefined;

  return (
    <div className={cx('field', shown && 'field--invalid', className)}>
      {help ? (
        // Beside the label, not inside it: a button inside would add its name to the input's.
        <span className="field__label-row">
          {labelElement}
          <Tooltip label={`Help: ${label}`} content={help} />
        </span>
      ) : (
        labelElement
      )}
      <input
        {...input}
        id={id}
        name={name}
        required={required}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy}
        className="field__input"
        onBlur={(e) => {
          if (rule && (edited || !error)) {
            const message = rule(e.currentTarget.value);
            // Shown after the click that moved focus away, so the message cannot push the button away first.
            afterPointerRelease(() => setLocal({ message }));
          }
          onBlur?.(e);
        }}
        onChange={(e) => {
          setEdited(true);
          // Once fixed, the message goes as the shopper types, not when they leave the field: a
          // message vanishing on blur moves the button under a pointer already pressing it, and the
          // click is lost. A message already shown follows the value; a new one waits for the blur.
          if (rule) {
            const message = rule(e.currentTarget.value);
            if (!message || local?.message) setLocal({ message });
          }
          onChange?.(e);
        }}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {shown ? (
        <p id={`${id}-error`} className="field__error">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
