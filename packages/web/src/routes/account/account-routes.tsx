// The account routes (log in, register, my profile) and the access guard that keeps guests out
// when the store does not allow guest browsing (spec 01 §6). Like every loader, these run on the
// server for the first page and in the browser afterwards; the actions run in the browser only.

import {
  redirect,
  redirectDocument,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { isPasswordMessage } from '@store/core';
import type { StoreApi } from '../../lib/api.ts';
import { rememberCartMerge } from '../../lib/cart/cart-merge.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formValues, LOGIN_RULES, PROFILE_RULES, REGISTER_RULES, validate } from '../../lib/forms.ts';
import { privatePageHead } from '../root/head.ts';
import { loginHref, PROFILE_PATH, safeReturnUrl } from '../../lib/account/return-url.ts';
import { PageError } from '../root/ErrorPage.tsx';
import { createAccessLoader } from './access-loader.ts';
import { LoginRoute, type LoginField } from './LoginPage.tsx';
import { ProfileRoute, type ProfileField } from './ProfilePage.tsx';
import { RegisterRoute, type RegisterField } from './RegisterPage.tsx';
import { ConfirmRegistrationRoute } from './ConfirmRegistrationPage.tsx';
import type { ConfirmRegistrationData, FormResult, LoginData, ProfileData } from '../types.ts';

const LOGIN_FAILED = 'We could not log you in. Try again.';
const REGISTER_FAILED = 'We could not create your account. Try again.';
const PROFILE_FAILED = 'We could not save your changes. Try again.';

const head = (title: string, canonicalPath: string) => privatePageHead(() => title, canonicalPath);

/** The return address of a login or register request: the form's field, else the query's. */
function returnUrlOf(request: Request, form?: FormData): string {
  const fromForm = form?.get('returnUrl');
  return safeReturnUrl(typeof fromForm === 'string' ? fromForm : new URL(request.url).searchParams.get('returnUrl'));
}

export function createAccountRoutes(getApi: () => StoreApi) {
  const accessLoader = createAccessLoader(getApi);

  /** Login and register: someone already logged in goes straight on. */
  async function guestOnlyLoader({ request }: LoaderFunctionArgs): Promise<LoginData> {
    const returnUrl = returnUrlOf(request);
    const viewer = await getApi().viewer();
    if (!viewer.session.isGuest) throw redirect(returnUrl);
    return { returnUrl };
  }

  async function loginAction({ request }: ActionFunctionArgs): Promise<FormResult<LoginField> | Response> {
    const form = await request.formData();
    const values = formValues(form, ['email', 'password'] as const);
    const kept = { email: values.email };
    const fieldErrors = validate(LOGIN_RULES, values);
    if (fieldErrors) return { fieldErrors, values: kept };
    const api = getApi();
    try {
      const session = await api.client.login({ email: values.email, password: values.password });
      // The guest cart went into the shopper's; lines that could not are reported on the next page.
      rememberCartMerge(session?.cartMerge);
    } catch (error) {
      // 401 INVALID_LOGIN and 429 TOO_MANY_REQUESTS come with a message written for the shopper.
      return { formError: errorMessage(error, LOGIN_FAILED), values: kept };
    }
    api.invalidateViewer();
    // A new document, not a client-side navigation: the header, prices and session timer all
    // belong to the new session, and the server renders them with its new cookies.
    return redirectDocument(returnUrlOf(request, form));
  }

  async function registerAction({ request }: ActionFunctionArgs): Promise<FormResult<RegisterField> | Response> {
    const form = await request.formData();
    const values = formValues(form, ['firstName', 'lastName', 'email', 'password'] as const);
    const kept = { firstName: values.firstName, lastName: values.lastName, email: values.email };
    const fieldErrors = validate(REGISTER_RULES, values);
    if (fieldErrors) return { fieldErrors, values: kept };
    const api = getApi();
    try {
      const sent = await api.client.register(values);
      return { notice: sent.message, values: { email: sent.email } };
    } catch (error) {
      const message = errorMessage(error, REGISTER_FAILED);
      // A refused password (too common) is about the password field; other refusals are about the form.
      if (isPasswordMessage(message)) return { fieldErrors: { password: message }, values: kept };
      return { formError: message, values: kept };
    }
  }

  /** The confirmation link's page: its token, for the button that finishes the registration. */
  async function confirmLoader({ request }: LoaderFunctionArgs): Promise<ConfirmRegistrationData> {
    const viewer = await getApi().viewer();
    if (!viewer.session.isGuest) throw redirect('/');
    return { token: new URL(request.url).searchParams.get('token') ?? '' };
  }

  async function confirmAction({ request }: ActionFunctionArgs): Promise<FormResult | Response> {
    const token = (await request.formData()).get('token');
    const api = getApi();
    try {
      await api.client.confirmRegistration(typeof token === 'string' ? token : '');
    } catch (error) {
      return { formError: errorMessage(error, REGISTER_FAILED) };
    }
    api.invalidateViewer();
    // A new document: the header and session timer belong to the new session (as after a login).
    return redirectDocument('/');
  }

  async function profileLoader(): Promise<ProfileData> {
    const viewer = await getApi().viewer();
    if (viewer.session.isGuest) throw redirect(loginHref(PROFILE_PATH));
    return { session: viewer.session, managedAccounts: viewer.managedAccounts };
  }

  async function profileAction({ request }: ActionFunctionArgs): Promise<FormResult<ProfileField>> {
    const values = formValues(await request.formData(), ['firstName', 'lastName'] as const);
    const fieldErrors = validate(PROFILE_RULES, values);
    if (fieldErrors) return { fieldErrors, values };
    const api = getApi();
    try {
      await api.client.updateProfile(values);
    } catch (error) {
      return { formError: errorMessage(error, PROFILE_FAILED), values };
    }
    // The greeting and this page re-read the session when the router revalidates after the action.
    api.invalidateViewer();
    return { saved: true };
  }

  const pages: RouteObject[] = [
    {
      path: 'login',
      loader: guestOnlyLoader,
      action: loginAction,
      Component: LoginRoute,
      ErrorBoundary: PageError,
      handle: head('Log in', '/login'),
    },
    {
      path: 'register',
      loader: guestOnlyLoader,
      action: registerAction,
      Component: RegisterRoute,
      ErrorBoundary: PageError,
      handle: head('Create an account', '/register'),
    },
    {
      path: 'register/confirm',
      loader: confirmLoader,
      action: confirmAction,
      Component: ConfirmRegistrationRoute,
      ErrorBoundary: PageError,
      handle: head('Finish creating your account', '/register/confirm'),
    },
  ];
  const profile: RouteObject = {
    path: 'profile',
    loader: profileLoader,
    action: profileAction,
    Component: ProfileRoute,
    ErrorBoundary: PageError,
    handle: head('My profile', '/profile'),
  };
  return { accessLoader, pages, profile };
}
