// Log in (accounts issue): email and password; the server's message for a refused attempt (401,
// 429) is shown above the form. On success the whole page is reloaded at the return address, so
// every part of it is rendered for the logged-in user.

import { useRef } from 'react';
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { AppLink } from '../../components/ui/AppLink.tsx';
import { FormAlert, useFormResultFocus } from '../../components/ui/FormAlert.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { LOGIN_RULES } from '../../lib/forms.ts';
import { loginHref, registerHref } from '../../lib/account/return-url.ts';
import type { FormResult, LoginData } from '../types.ts';
import { FORGOT_PASSWORD_PATH } from './ForgotPasswordPage.tsx';

export type LoginField = 'email' | 'password';

export function LoginPage({
  data,
  result,
  busy = false,
}: {
  data: LoginData;
  result?: FormResult<LoginField>;
  busy?: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useFormResultFocus(result, formRef, 'login-error');
  const errors = result?.fieldErrors ?? {};
  return (
    <section className="auth" aria-labelledby="login-title">
      <h1 id="login-title">Log in</h1>
      <FormAlert id="login-error" message={result?.formError} />
      {/* The action keeps the checked return address in its query: after a failed attempt the page
          reloads its data from that address, so the return address must survive it. */}
      <Form
        method="post"
        action={loginHref(data.returnUrl)}
        className="form"
        noValidate
        ref={formRef}
        aria-labelledby="login-title"
      >
        <input type="hidden" name="returnUrl" value={data.returnUrl} />
        <TextField
          form="login"
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          required
          defaultValue={result?.values?.email ?? ''}
          error={errors.email}
          rule={LOGIN_RULES.email}
        />
        <TextField
          form="login"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
          rule={LOGIN_RULES.password}
        />
        <button type="submit" className="btn btn--primary btn--stretch" aria-disabled={busy || undefined}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </Form>
      <p className="auth__switch">
        <AppLink href={FORGOT_PASSWORD_PATH}>Forgot your password?</AppLink>
      </p>
      <p className="auth__switch">
        {'New here? '}
        <AppLink href={registerHref(data.returnUrl)}>Create an account</AppLink>
      </p>
    </section>
  );
}

export function LoginRoute() {
  const navigation = useNavigation();
  return (
    <LoginPage
      data={useLoaderData() as LoginData}
      result={useActionData() as FormResult<LoginField> | undefined}
      busy={navigation.state === 'submitting'}
    />
  );
}
