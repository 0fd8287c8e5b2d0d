// "Forgot your password?" (issue 17): an email address, and after sending the same message whatever the address
// (the server's: a link went out if the address has an account). A refusal (too many requests from this network)
// shows the server's message above the form.

import { useRef } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { AppLink } from '../../components/ui/AppLink.tsx';
import { FormAlert, useFormResultFocus } from '../../components/ui/FormAlert.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { FORGOT_PASSWORD_RULES } from '../../lib/forms.ts';
import { LOGIN_PATH } from '../../lib/account/return-url.ts';
import type { FormResult } from '../types.ts';

export const FORGOT_PASSWORD_PATH = '/forgot-password';

export function ForgotPasswordPage({ result, busy = false }: { result?: FormResult<'email'>; busy?: boolean }) {
  const formRef = useRef<HTMLFormElement>(null);
  useFormResultFocus(result, formRef, 'forgot-error');
  if (result?.notice)
    return (
      <section className="auth" aria-labelledby="forgot-title">
        <h1 id="forgot-title">Check your inbox</h1>
        <FormAlert id="forgot-sent" message={result.notice} tone="success" />
        <p className="auth__switch">
          <AppLink href={LOGIN_PATH}>Back to log in</AppLink>
        </p>
      </section>
    );
  return (
    <section className="auth" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot your password?</h1>
      <p>Enter the email address you log in with, and we'll send you a link to choose a new password.</p>
      <FormAlert id="forgot-error" message={result?.formError} />
      <Form method="post" className="form" noValidate ref={formRef} aria-labelledby="forgot-title">
        <TextField
          form="forgot"
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          required
          defaultValue={result?.values?.email ?? ''}
          error={result?.fieldErrors?.email}
          rule={FORGOT_PASSWORD_RULES.email}
        />
        <button type="submit" className="btn btn--primary btn--stretch" aria-disabled={busy || undefined}>
          {busy ? 'Sending…' : 'Send me a link'}
        </button>
      </Form>
      <p className="auth__switch">
        {'Remembered it? '}
        <AppLink href={LOGIN_PATH}>Log in</AppLink>
      </p>
    </section>
  );
}

export function ForgotPasswordRoute() {
  const navigation = useNavigation();
  return (
    <ForgotPasswordPage
      result={useActionData() as FormResult<'email'> | undefined}
      busy={navigation.state === 'submitting'}
    />
  );
}
