// Create an account (accounts issue): first name, last name, email and password, checked with the
// messages of spec 01 §5 as the shopper leaves each field and again on sending; the server's own
// refusals (a rejected field, a too-common password) are shown too. Success mails a link that finishes
// the registration (ConfirmRegistrationPage); the page says so, whether or not the email had an account.

import { useRef } from 'react';
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { AppLink } from '../../components/ui/AppLink.tsx';
import { FormAlert, useFormResultFocus } from '../../components/ui/FormAlert.tsx';
import { NameFields } from '../../components/ui/NameFields.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { PASSWORD_HINT, REGISTER_RULES } from '../../lib/forms.ts';
import { loginHref, registerHref } from '../../lib/account/return-url.ts';
import type { FormResult, LoginData } from '../types.ts';

export type RegisterField = 'firstName' | 'lastName' | 'email' | 'password';

export function RegisterPage({
  data,
  result,
  busy = false,
}: {
  data: LoginData;
  result?: FormResult<RegisterField>;
  busy?: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useFormResultFocus(result, formRef, 'register-error');
  const errors = result?.fieldErrors ?? {};
  const values = result?.values ?? {};
  if (result?.notice)
    return (
      <section className="auth" aria-labelledby="register-title">
        <h1 id="register-title">Check your inbox</h1>
        <FormAlert id="register-sent" message={result.notice} tone="success" />
        <p>
          {'The email went to '}
          <strong>{values.email}</strong>
          {'. Its link works for 24 hours. No email? Check your spam folder, or register again.'}
        </p>
      </section>
    );
  return (
    <section className="auth" aria-labelledby="register-title">
      <h1 id="register-title">Create an account</h1>
      <FormAlert id="register-error" message={result?.formError} />
      <Form
        method="post"
        action={registerHref(data.returnUrl)}
        className="form"
        noValidate
        ref={formRef}
        aria-labelledby="register-title"
      >
        <input type="hidden" name="returnUrl" value={data.returnUrl} />
        <NameFields
          form="register"
          firstName={values.firstName ?? ''}
          lastName={values.lastName ?? ''}
          errors={errors}
        />
        <TextField
          form="register"
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          defaultValue={values.email ?? ''}
          error={errors.email}
          rule={REGISTER_RULES.email}
        />
        <TextField
          form="register"
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint={PASSWORD_HINT}
          error={errors.password}
          rule={REGISTER_RULES.password}
        />
        <button type="submit" className="btn btn--primary btn--stretch" aria-disabled={busy || undefined}>
          {busy ? 'Creating your account…' : 'Create account'}
        </button>
      </Form>
      <p className="auth__switch">
        {'Already have an account? '}
        <AppLink href={loginHref(data.returnUrl)}>Log in</AppLink>
      </p>
    </section>
  );
}

export function RegisterRoute() {
  const navigation = useNavigation();
  return (
    <RegisterPage
      data={useLoaderData() as LoginData}
      result={useActionData() as FormResult<RegisterField> | undefined}
      busy={navigation.state === 'submitting'}
    />
  );
}
