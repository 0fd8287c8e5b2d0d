// The password pages (issue 17): /forgot-password (ask for a reset link), /password-reset?token=… (the link's page:
// choose a new password) and /account/password (change it when logged in). Their actions run in the browser and
// call the identity API; the server has the last word on every rule and its messages are shown as they are.

import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { isPasswordMessage, SAME_PASSWORD_MESSAGE, WRONG_CURRENT_PASSWORD_MESSAGE } from '@store/core';
import type { StoreApi } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import {
  CHANGE_PASSWORD_RULES,
  FORGOT_PASSWORD_RULES,
  formValues,
  RESET_PASSWORD_RULES,
  validate,
  validateNewPassword,
} from '../../lib/forms.ts';
import { loginHref } from '../../lib/account/return-url.ts';
import { privatePageHead } from '../root/head.ts';
import { PageError } from '../root/ErrorPage.tsx';
import type { FormResult } from '../types.ts';
import { ChangePasswordRoute, type ChangePasswordField } from './ChangePasswordPage.tsx';
import { PASSWORD_PATH } from '../../lib/account/account-nav.ts';
import { FORGOT_PASSWORD_PATH, ForgotPasswordRoute } from './ForgotPasswordPage.tsx';
import { ResetPasswordRoute, type ResetPasswordData } from './ResetPasswordPage.tsx';
import type { NewPasswordField } from '../../components/account/NewPasswordFields.tsx';

const FAILED = 'We could not do that just now. Try again.';

const head = (title: string, canonicalPath: string) => privatePageHead(() => title, canonicalPath);

/** Where a refused new password's message belongs: under the new password, else above the form. */
const aboutNewPassword = (message: string) => isPasswordMessage(message) || message === SAME_PASSWORD_MESSAGE;

export function createPasswordRoutes(getApi: () => StoreApi): { pages: RouteObject[]; change: RouteObject } {
  async function forgotAction({ request }: ActionFunctionArgs): Promise<FormResult<'email'>> {
    const values = formValues(await request.formData(), ['email'] as const);
    const fieldErrors = validate(FORGOT_PASSWORD_RULES, values);
    if (fieldErrors) return { fieldErrors, values };
    try {
      const sent = await getApi().client.requestPasswordReset(values.email);
      return { notice: sent.message, values: { email: sent.email } };
    } catch (error) {
      // 429 TOO_MANY_REQUESTS comes with a message written for the shopper.
      return { formError: errorMessage(error, FAILED), values };
    }
  }

  async function resetLoader({ request }: LoaderFunctionArgs): Promise<ResetPasswordData> {
    return { token: new URL(request.url).searchParams.get('token') ?? '' };
  }

  async function resetAction({ request }: ActionFunctionArgs): Promise<FormResult<NewPasswordField>> {
    const form = await request.formData();
    const values = formValues(form, ['token', 'password', 'confirmPassword'] as const);
    const { token, ...passwords } = values;
    const fieldErrors = validateNewPassword(RESET_PASSWORD_RULES, passwords);
    if (fieldErrors) return { fieldErrors };
    try {
      await getApi().client.confirmPasswordReset(token, values.password);
    } catch (error) {
      const message = errorMessage(error, FAILED);
      // A used, expired or replaced link: the server's message, with the page's link to ask for a new one.
      return aboutNewPassword(message) ? { fieldErrors: { password: message } } : { formError: message };
    }
    return { saved: true };
  }

  async function changeLoader(): Promise<Record<string, never>> {
    const viewer = await getApi().viewer();
    if (viewer.session.isGuest) throw redirect(loginHref(PASSWORD_PATH));
    return {};
  }

  async function changeAction({ request }: ActionFunctionArgs): Promise<FormResult<ChangePasswordField>> {
    const values = formValues(await request.formData(), ['currentPassword', 'password', 'confirmPassword'] as const);
    const fieldErrors = validateNewPassword(CHANGE_PASSWORD_RULES, values);
    if (fieldErrors) return { fieldErrors };
    const api = getApi();
    try {
      const changed = await api.client.changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.password,
      });
      // The session went on under a new id and CSRF token (new cookies): what the page knows of it is re-read.
      api.invalidateViewer();
      return { saved: true, notice: changed.message };
    } catch (error) {
      const message = errorMessage(error, FAILED);
      if (message === WRONG_CURRENT_PASSWORD_MESSAGE) return { fieldErrors: { currentPassword: message } };
      return aboutNewPassword(message) ? { fieldErrors: { password: message } } : { formError: message };
    }
  }

  /** Asking for and following a reset link (anyone); changing the password (a page of the account area). */
  const pages: RouteObject[] = [
    {
      path: FORGOT_PASSWORD_PATH.slice(1),
      // Loader data makes the head; anyone may ask, logged in or not.
      loader: () => ({}),
      action: forgotAction,
      Component: ForgotPasswordRoute,
      ErrorBoundary: PageError,
      handle: head('Forgot your password?', FORGOT_PASSWORD_PATH),
    },
    {
      path: 'password-reset',
      loader: resetLoader,
      action: resetAction,
      Component: ResetPasswordRoute,
      ErrorBoundary: PageError,
      // The canonical address carries no token.
      handle: head('Choose a new password', '/password-reset'),
    },
  ];
  const change: RouteObject = {
    path: PASSWORD_PATH.slice(1),
    loader: changeLoader,
    action: changeAction,
    Component: ChangePasswordRoute,
    ErrorBoundary: PageError,
    handle: head('Change password', PASSWORD_PATH),
  };
  return { pages, change };
}
