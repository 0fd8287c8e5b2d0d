// The page a password-reset link opens (/password-reset?token=…, issue 15's link, issue 17's page): a new password
// and its confirmation. Opening the link changes nothing (mail scanners open links too); sending the form does,
// once. A used, expired or replaced link shows the server's message with a way to ask for a new one. The token stays
// in this page's own address: the page is noindex, the server sends it with "Referrer-Policy: no-referrer", and the
// form's action is this same address.

import { useRef } from 'react';
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { NewPasswordFields, type NewPasswordField } from '../../components/account/NewPasswordFields.tsx';
import { AppLink } from '../../components/ui/AppLink.tsx';
import { FormAlert, useFormResultFocus } from '../../components/ui/FormAlert.tsx';
import { LOGIN_PATH } from '../../lib/account/return-url.ts';
import type { FormResult } from '../types.ts';
import { FORGOT_PASSWORD_PATH } from './ForgotPasswordPage.tsx';

export interface ResetPasswordData {
  /** The link's token ('' when the link had none). */
  token: string;
}

export const PASSWORD_RESET_DONE = 'Your password has been changed. Log in with your new password.';

export function ResetPasswordPage({
  data,
  result,
  busy = false,
}: {
  data: ResetPasswordData;
  result?: FormResult<NewPasswordField>;
  busy?: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useFormResultFocus(result, formRef, 'reset-error');
  if (result?.saved)
    return (
      <section className="auth" aria-labelledby="reset-title">
        <h1 id="reset-title">Your password has been changed</h1>
        <FormAlert id="reset-done" message={PASSWORD_RESET_DONE} tone="success" />
        <p className="auth__switch">
          <AppLink href={LOGIN_PATH}>Log in</AppLink>
        </p>
      </section>
    );
  return (
    <section className="auth" aria-labelledby="reset-title">
      <h1 id="reset-title">Choose a new password</h1>
      <FormAlert id="reset-error" message={result?.formError} />
      {data.token ? (
        <Form method="post" className="form" noValidate ref={formRef} aria-labelledby="reset-title">
          <input type="hidden" name="token" value={data.token} />
          <NewPasswordFields form="reset" errors={result?.fieldErrors ?? {}} />
          <button type="submit" className="btn btn--primary btn--stretch" aria-disabled={busy || undefined}>
            {busy ? 'Saving…' : 'Save my new password'}
          </button>
        </Form>
      ) : (
        <p>This link is incomplete. Open the link from your email again, or ask for a new one.</p>
      )}
      <p className="auth__switch">
        {'Link not working? '}
        <AppLink href={FORGOT_PASSWORD_PATH}>Ask for a new link</AppLink>
      </p>
    </section>
  );
}

export function ResetPasswordRoute() {
  const navigation = useNavigation();
  return (
    <ResetPasswordPage
      data={useLoaderData() as ResetPasswordData}
      result={useActionData() as FormResult<NewPasswordField> | undefined}
      busy={navigation.state === 'submitting'}
    />
  );
}
