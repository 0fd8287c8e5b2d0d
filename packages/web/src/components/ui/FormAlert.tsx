// The form-level message of an account form, and where focus goes when a submission comes back:
// to that message when there is one, else to the first field in error, so keyboard and screen-reader
// users land on the explanation instead of staying on the button.

import { useEffect, type RefObject } from 'react';
import type { FormResult } from '../../routes/types.ts';

export function FormAlert({
  id,
  message,
  tone = 'error',
}: {
  id: string;
  message: string | null | undefined;
  tone?: 'error' | 'success';
}) {
  if (!message) return null;
  return (
    <p id={id} className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'} tabIndex={-1}>
      {message}
    </p>
  );
}

/** Runs for each new result object, so the same failure twice still moves focus. */
export function useFormResultFocus(
  result: FormResult | undefined,
  formRef: RefObject<HTMLElement | null>,
  alertId: string,
) {
  useEffect(() => {
    if (!result) return;
    if (result.formError) {
      document.getElementById(alertId)?.focus();
    } else if (result.fieldErrors && Object.keys(result.fieldErrors).length) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [result, formRef, alertId]);
}
