// Change password (/account/password, issue 17): the current password, the new one and its confirmation. On
// success the page says that every other device was logged out; this browser stays logged in (the server gave it
// a new session). A wrong current password is shown under its field; too many wrong ones, above the form.

import { useRef } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { NewPasswordFields, type NewPasswordField } from '../../components/account/NewPasswordFields.tsx';
import { AppLink } from '../../components/ui/AppLink.tsx';
import { FormAlert, useFormResultFocus } from '../../components/ui/FormAlert.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { CHANGE_PASSWORD_RULES } from '../../lib/forms.ts';
import type { FormResult } from '../types.ts';
import { FORGOT_PASSWORD_PATH } from './ForgotPasswordPage.tsx';

export type ChangePasswordField = 'currentPassword' | NewPasswordField;

export function ChangePasswordPage({
  result,
  busy = false,
}: {
  result?: FormResult<ChangePasswordField>;
  busy?: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useFormResultFocus(result, formRef, 'change-password-error');
  const errors = result?.fieldErrors ?? {};
  return (
    <section className="auth" aria-labelledby="change-password-title">
      <h1 id="change-password-title">Change password</h1>
      <FormAlert id="change-password-error" message={result?.formError} />
      <FormAlert id="change-password-done" message={result?.saved ? result.notice : null} tone="success" />
      {/* After a change the fields start empty again (a new key remounts the form). */}
      <Form
        key={result?.saved ? 'saved' : 'form'}
        method="post"
        className="form"
        noValidate
        ref={formRef}
        aria-labelledby="change-password-title"
      >
        <TextField
          form="change-password"
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
          rule={CHANGE_PASSWORD_RULES.currentPassword}
        />
        <NewPasswordFields form="change-password" errors={errors} />
        <button type="submit" className="btn btn--primary btn--stretch" aria-disabled={busy || undefined}>
          {busy ? 'Changing your password…' : 'Change password'}
        </button>
      </Form>
      <p className="auth__switch">
        {'Forgot your current password? '}
        <AppLink href={FORGOT_PASSWORD_PATH}>Get a reset link</AppLink>
      </p>
    </section>
  );
}

export function ChangePasswordRoute() {
  const navigation = useNavigation();
  return (
    <ChangePasswordPage
      result={useActionData() as FormResult<ChangePasswordField> | undefined}
      busy={navigation.state === 'submitting'}
    />
  );
}
