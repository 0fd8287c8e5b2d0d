// The account area (issue 17): a layout that puts the account navigation beside every account page, the hub
// (/account), the address book (/account/addresses) and the account's downloads (/account/downloads). The
// older account pages (profile, orders, subscriptions) keep their paths and are handed in as children, so
// they get the navigation too; other pages of the area (lists, password) join the same way.
// Loaders run on the server for the first page and in the browser afterwards; actions in the browser only.

import { isAbortError } from '@store/client';
import type { CommerceAddressInput } from '@store/core';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { ACCOUNT_PATH, ADDRESSES_PATH, DOWNLOADS_PATH } from '../../lib/account/account-nav.ts';
import { loginHref, pathOfRequest } from '../../lib/account/return-url.ts';
import { optional, type StoreApi } from '../../lib/api.ts';
import { addressCountries } from '../../lib/checkout/checkout-view.ts';
import { errorMessage } from '../../lib/errors.ts';
import { PageError } from '../root/ErrorPage.tsx';
import { privatePageHead } from '../root/head.ts';
import type {
  AccountHubData,
  AddressBookData,
  AddressBookIntent,
  AddressBookResult,
  DownloadsPageData,
} from '../types.ts';
import { AccountHubRoute } from './AccountHubPage.tsx';
import { AccountLayout } from './AccountLayout.tsx';
import { AddressBookRoute } from './AddressBookPage.tsx';
import { DownloadsRoute } from './DownloadsPage.tsx';
import { agentTokensRoute } from './agent-tokens-routes.tsx';

export const DOWNLOADS_PAGE_SIZE = 20;

const ADDRESS_FIELDS = [
  'name',
  'firstName',
  'lastName',
  'companyName',
  'street',
  'city',
  'region',
  'postalCode',
  'country',
  'phoneNumber',
] as const;

const DONE: Record<AddressBookIntent, string> = {
  create: 'The address was added.',
  update: 'The address was saved.',
  'make-default': 'The default address was changed.',
  delete: 'The address was deleted.',
};
const FAILED: Record<AddressBookIntent, string> = {
  create: 'We could not add the address. Try again.',
  update: 'We could not save the address. Try again.',
  'make-default': 'We could not change the default address. Try again.',
  delete: 'We could not delete the address. Try again.',
};
const isIntent = (v: unknown): v is AddressBookIntent =>
  v === 'create' || v === 'update' || v === 'make-default' || v === 'delete';

/** The page's number from `?page=` (1 and up; anything else is the first page). */
export function pageNumberOf(url: string): number {
  const n = Number(new URL(url).searchParams.get('page'));
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

export function createAccountArea(getApi: () => StoreApi, pages: RouteObject[]): RouteObject {
  /** Account pages are a logged-in buyer's: a guest logs in first and comes back. */
  async function loggedIn(request: Request) {
    const api = getApi();
    const viewer = await api.viewer();
    if (viewer.session.isGuest) throw redirect(loginHref(pathOfRequest(request.url)));
    return { api, viewer };
  }
  const accountNameOf = (session: AccountHubData['session']) => session.effectiveAccountName ?? session.accountName;

  async function hubLoader({ request }: LoaderFunctionArgs): Promise<AccountHubData> {
    const { viewer } = await loggedIn(request);
    return { session: viewer.session, managedAccounts: viewer.managedAccounts };
  }

  async function addressesLoader({ request }: LoaderFunctionArgs): Promise<AddressBookData> {
    const { api, viewer } = await loggedIn(request);
    const signal = request.signal;
    const [app, book] = await Promise.all([
      optional(api.client.getApplicationContext({ signal })),
      // Every address of the book, whatever its country: the page is where old ones are tidied up.
      api.client.getAddresses({ pageSize: 100, excludeUnsupportedCountries: false, signal }).catch((error) => {
        if (isAbortError(error)) throw error;
        return null;
      }),
    ]);
    return {
      accountName: accountNameOf(viewer.session),
      addresses: book?.items ?? [],
      ...addressCountries(app),
      error: book === null,
    };
  }

  async function addressesAction({ request }: ActionFunctionArgs): Promise<AddressBookResult> {
    const form = await request.formData();
    const intent = form.get('intent');
    if (!isIntent(intent)) throw new Response('Unknown address book action', { status: 400 });
    const text = (name: string) => {
      const v = form.get(name);
      return typeof v === 'string' ? v : undefined;
    };
    const addressId = text('addressId') ?? null;
    const client = getApi().client;
    try {
      if (intent === 'delete') await client.deleteAddress(addressId ?? '');
      else if (intent === 'make-default') await client.updateAddress(addressId ?? '', { isDefault: true });
      else {
        // A field left empty on an edit clears it (the form sends every field it shows).
        const address = Object.fromEntries(
          ADDRESS_FIELDS.map((f) => [f, text(f) ?? '']).filter(([, v]) => intent === 'update' || v !== ''),
        ) as unknown as CommerceAddressInput;
        if (intent === 'create') await client.createAddress({ ...address, addressType: 'Shipping' });
        else await client.updateAddress(addressId ?? '', address);
      }
      return { intent, addressId, ok: true, message: DONE[intent] };
    } catch (error) {
      // Refusals (a postal code of the wrong shape, a country not served) come with a message for the shopper.
      return { intent, addressId, ok: false, message: errorMessage(error, FAILED[intent]) };
    }
  }

  async function downloadsLoader({ request }: LoaderFunctionArgs): Promise<DownloadsPageData> {
    const { api, viewer } = await loggedIn(request);
    const pageNumber = pageNumberOf(request.url);
    const page = await api.client
      .getAccountDownloads({ pageSize: DOWNLOADS_PAGE_SIZE, pageToken: String(pageNumber - 1), signal: request.signal })
      .catch((error) => {
        if (isAbortError(error)) throw error;
        return null;
      });
    return { accountName: accountNameOf(viewer.session), page, pageNumber };
  }

  return {
    id: 'account-area',
    Component: AccountLayout,
    children: [
      {
        path: ACCOUNT_PATH.slice(1),
        loader: hubLoader,
        Component: AccountHubRoute,
        ErrorBoundary: PageError,
        handle: privatePageHead(() => 'My account', ACCOUNT_PATH),
      },
      {
        path: ADDRESSES_PATH.slice(1),
        loader: addressesLoader,
        action: addressesAction,
        Component: AddressBookRoute,
        ErrorBoundary: PageError,
        handle: privatePageHead(() => 'Address book', ADDRESSES_PATH),
      },
      {
        path: DOWNLOADS_PATH.slice(1),
        loader: downloadsLoader,
        Component: DownloadsRoute,
        ErrorBoundary: PageError,
        handle: privatePageHead(() => 'My downloads', DOWNLOADS_PATH),
      },
      agentTokensRoute(getApi),
      ...pages,
    ],
  };
}
