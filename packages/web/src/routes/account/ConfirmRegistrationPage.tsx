// The page a registration's confirmation link opens (/register/confirm?token=…). Following the link
// changes nothing by itself (mail scanners open links too); the button posts the token, which creates
// the account and logs the shopper in.

import { useRef } from 'react';
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { AppLink } from '../../components/ui/AppLink.tsx';
import { FormAlert, useFormResultFocus } from '../../components/ui/FormAlert.tsx';
import type { ConfirmRegistrationData, FormResult } from '../types.ts';

export function ConfirmRegistrationPage({
  data,
  result,
  busy = false,
}: {
  data: ConfirmRegistrationData;
  result?: FormResult;
  busy?: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useFormResultFocus(result, formRef, 'confirm-error');
  return (
    <section className="auth" aria-labelledby="confirm-title">
      <h1 id="confirm-title">Finish creating your account</h1>
      <FormAlert id="confirm-error" message={result?.formError} />
      {data.token ? (
        <Form method="post" className="form" ref={formRef} aria-labelledby="confirm-title">
          <input type="hidden" name="token" value={data.token} />
          <button type="submit" className="btn btn--primary btn--stretch" aria-disabled={busy || undefined}>
            {busy ? 'Creating your account…' : 'Finish creating my account'}
          </button>
        </Form>
      ) : (
        <p>This link is incomplete. Open the link from your email again, or register again.</p>
      )}
      <p className="auth__switch">
        <AppLink href="/register">Register again</AppLink>
      </p>
    </section>
  );
}

export function ConfirmRegistrationRoute() {
  const navigation = useNavigation();
  return (
    <ConfirmRegistrationPage
      data={useLoaderData() as ConfirmRegistrationData}
      result={useActionData() as FormResult | undefined}
      busy={navigation.state === 'submitting'}
    />
  );
}
