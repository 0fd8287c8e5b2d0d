// The root route: the site frame (Layout) around every page, its loader (category menu, who is
// looking, the store's name, the cart badge's first value) and the error page of the frame itself.

import type { NavigationMenuItem } from '@store/core';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { optional, type StoreApi } from '../../lib/api.ts';
import { StoreApiProvider } from '../../lib/api-context.tsx';
import { CART_PATH, categoryHref } from '../../lib/links.ts';
import { LISTS_PATH } from '../../lib/account/account-nav.ts';
import type { MenuLink, RootData } from '../types.ts';
import { RootError } from './ErrorPage.tsx';
import { Layout } from './Layout.tsx';
import { consentFromCookieHeader, consentInBrowser } from '../../lib/signals/consent-cookie.ts';

const MENU_OPTIONS = { maxLevels: 2, maxItems: 20 } as const;

function menuLinks(items: NavigationMenuItem[] | undefined): MenuLink[] {
  return (items ?? [])
    .filter((m) => m?.label)
    .map((m) => {
      const attrs = m.pageReference?.attributes;
      const href = attrs ? categoryHref({ id: attrs.recordId, urlName: attrs.urlName }) : m.actionValue || '/';
      return { label: m.label, href, children: menuLinks(m.subMenu) };
    });
}

export function createRootRoute(getApi: () => StoreApi, children: RouteObject[]): RouteObject {
  async function rootLoader({ request }: LoaderFunctionArgs): Promise<RootData> {
    const api = getApi();
    // The menu may be refused (guest browsing off); the header then simply has none.
    const [menu, viewer] = await Promise.all([
      optional(api.client.getCategoryMenuItems({ ...MENU_OPTIONS, signal: request.signal })),
      api.viewer(),
    ]);
    // The cart badge's count, asked here for logged-in shoppers only: a guest's page (the benchmarked
    // product page among them) costs no cart call on the server; their badge is filled in by the
    // browser after hydration (components/cart/CartBadge.tsx).
    // The header's "Lists" count likewise (a buyer's lists belong to the effective account; guests have none).
    const [cartSummary, wishlists] = viewer.session.isGuest
      ? [null, null]
      : await Promise.all([
          optional(api.client.getCartCompactSummary({ signal: request.signal })),
          optional(api.client.getWishlists({ signal: request.signal })),
        ]);
    return {
      menu: menuLinks(menu?.menuItems),
      session: viewer.session,
      managedAccounts: viewer.managedAccounts,
      canSwitchAccount: viewer.managedAccounts.length > 1,
      guestBrowsingEnabled: viewer.guestBrowsingEnabled,
      storeName: viewer.storeName,
      cartSummary,
      wishlists: wishlists?.summaries ?? null,
      shopperConsentEnabled: viewer.shopperConsentEnabled === true,
      // The server render reads the request's cookie; in the browser the page's own cookie is the truth.
      consent:
        typeof document === 'undefined' ? consentFromCookieHeader(request.headers.get('cookie')) : consentInBrowser(),
    };
  }

  // The page's api for the components that call it themselves (header switcher, session timeout).
  // biome-ignore lint/correctness/noComponentHookFactories: the route table (and so this layout) is built once per app, not per render
  const RootLayout = () => (
    <StoreApiProvider api={getApi()}>
      <Layout />
    </StoreApiProvider>
  );

  return {
    id: 'root',
    path: '/',
    loader: rootLoader,
    // Menu and session are read once per page load, not on every client-side navigation; only a
    // form sent in the page (a profile edit) can change what the header shows. Cart and list changes
    // do not: the badges follow the cart store and the wishlist store instead.
    shouldRevalidate: ({ formMethod, formAction, defaultShouldRevalidate }) =>
      formMethod !== undefined &&
      formMethod.toUpperCase() !== 'GET' &&
      formAction !== CART_PATH &&
      formAction !== LISTS_PATH &&
      defaultShouldRevalidate,
    Component: RootLayout,
    ErrorBoundary: RootError,
    children,
  };
}
