// The page frame: skip link, header with the category menu and the account links, main landmark,
// footer; around it the toasts and, for a logged-in user, the session timeout.

import { useHydratedMark } from './hydrated-mark.ts';
import { useCallback, useEffect } from 'react';
import { Outlet, useLocation, useMatches, useRouteLoaderData } from 'react-router';
import type { CartCompactSummary, ExternalManagedAccount, WishlistSummary } from '@store/core';
import { AccountSwitcher } from '../../components/account/AccountSwitcher.tsx';
import { AppLink } from '../../components/ui/AppLink.tsx';
import { CartBadge } from '../../components/cart/CartBadge.tsx';
import { SessionEffects } from '../../components/account/SessionEffects.tsx';
import { ToastProvider } from '../../components/ui/Toast.tsx';
import { HydrateLater } from '../../components/ui/HydrateLater.tsx';
import { UserNav } from '../../components/account/UserNav.tsx';
import { PreviewToggle } from '../../components/account/PreviewToggle.tsx';
import { SearchBox } from '../../components/search/SearchBox.tsx';
import { ListsBadge } from '../../components/wishlist/ListsBadge.tsx';
import { PendingListAdd } from '../../components/wishlist/PendingListAdd.tsx';
import { isAdminViewer } from '../../lib/catalogue/product-view.ts';
import { useStoreApi } from '../../lib/api-context.tsx';
import { useSwitchAccount } from '../../lib/account/switch-account.ts';
import { headFor } from './head.ts';
import { SEARCH_PATH } from '../../lib/search/search-url.ts';
import type { RootData, UserSession } from '../types.ts';
import { ConsentProvider, useConsent } from '../../lib/signals/consent-context.tsx';
import { ActivitySenderProvider } from '../../lib/signals/ActivitySenderProvider.tsx';
import { ConsentBanner } from '../../components/consent/ConsentBanner.tsx';
import { ConsentDialog } from '../../components/consent/ConsentDialog.tsx';

/** The site pages every page links to (content pages, routes/content). */
const FOOTER_LINKS = [
  { href: '/about', label: 'About' },
  { href: '/data-quality', label: 'Data quality' },
  { href: '/licence-terms', label: 'Licence terms' },
];

export interface SiteHeaderProps {
  /** The webstore's name (root loader, from the application context); none in isolated renders. */
  storeName?: string;
  menu: RootData['menu'];
  /** Absent: no account links (a frame rendered without session data). */
  session?: Pick<UserSession, 'isGuest' | 'firstName' | 'effectiveAccountId' | 'userId' | 'isPreview'> | null;
  managedAccounts?: ExternalManagedAccount[];
  /** The page's path and query, for the return address of "Log in". */
  currentPath?: string;
  onSwitchAccount?: (account: ExternalManagedAccount) => Promise<void>;
  onPreviewChange?: (isPreview: boolean) => Promise<void>;
  /** The term of the search results on show, for the search box. */
  searchTerm?: string;
  /** The cart badge's first value (root loader: logged-in shoppers only); the browser keeps it current. */
  cartSummary?: CartCompactSummary | null;
  /** The account's lists for the "Lists" entry's first count (root loader: logged-in buyers only). */
  wishlists?: WishlistSummary[] | null;
}

export function SiteHeader({
  storeName = '',
  menu,
  session,
  managedAccounts = [],
  currentPath,
  onSwitchAccount,
  onPreviewChange,
  searchTerm,
  cartSummary = null,
  wishlists = null,
}: SiteHeaderProps) {
  const switcher = session && !session.isGuest && managedAccounts.length > 1;
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <AppLink href="/" className="brand">
          {storeName}
        </AppLink>
        <SearchBox term={searchTerm} />
        {menu.length ? (
          <nav aria-label="Categories">
            <ul className="menu">
              {menu.map((m) => (
                <li key={m.href}>
                  <AppLink href={m.href}>{m.label}</AppLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {session ? (
          <div className="site-header__account">
            {isAdminViewer(session) ? <PreviewToggle isPreview={session.isPreview} onChange={onPreviewChange} /> : null}
            {switcher ? (
              <AccountSwitcher
                accounts={managedAccounts}
                currentAccountId={session.effectiveAccountId}
                onSwitch={onSwitchAccount}
              />
            ) : null}
            <UserNav session={session} currentPath={currentPath} />
            {session.isGuest ? null : <ListsBadge initial={wishlists} />}
            <CartBadge initial={cartSummary} />
          </div>
        ) : null}
      </div>
    </header>
  );
}

/** "Cookie settings" in every page's footer (spec 01 §9), while the store asks for consent. */
function CookieSettingsLink() {
  const consent = useConsent();
  if (!consent.enabled) return null;
  return (
    <li>
      <button type="button" className="site-footer__button" onClick={consent.openSettings}>
        Cookie settings
      </button>
    </li>
  );
}

export function SiteFooter({ storeName }: { storeName: string }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label="Site information">
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((l) => (
              <li key={l.href}>
                <AppLink href={l.href}>{l.label}</AppLink>
              </li>
            ))}
            <CookieSettingsLink />
          </ul>
        </nav>
        <p>{`© ${storeName ? `${storeName}. ` : ''}Business datasets with verified emails and phone numbers.`}</p>
      </div>
    </footer>
  );
}

/** Keeps the document title and meta tags in step after client-side navigations. */
function HeadSync() {
  const matches = useMatches();
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key re-runs the head sync on every navigation, even to the same matches
  useEffect(() => {
    const head = headFor(matches as Parameters<typeof headFor>[0], false, location.search);
    if (document.title !== head.title) document.title = head.title;
    const setMeta = (selector: string, attr: 'content' | 'href', value: string | undefined) => {
      const el = document.head.querySelector(selector);
      if (el && value !== undefined) el.setAttribute(attr, value);
    };
    setMeta('meta[name="description"]', 'content', head.description ?? '');
    setMeta('meta[property="og:title"]', 'content', head.title);
    setMeta('meta[property="og:description"]', 'content', head.description ?? '');
    // The account pages are noindex, the catalogue is not: keep the robots tag in step too.
    let robots = document.head.querySelector('meta[name="robots"]');
    if (head.robots) {
      if (!robots) {
        robots = document.createElement('meta');
        robots.setAttribute('name', 'robots');
        document.head.appendChild(robots);
      }
      robots.setAttribute('content', head.robots);
    } else {
      robots?.remove();
    }
    if (head.canonicalPath) {
      const url = new URL(head.canonicalPath, window.location.origin).href;
      setMeta('link[rel="canonical"]', 'href', url);
      setMeta('meta[property="og:url"]', 'content', url);
    }
    // hreflang alternates belong to one record's page: replaced on every navigation (none on most pages).
    for (const el of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) el.remove();
    for (const a of head.alternates ?? []) {
      const link = document.createElement('link');
      link.rel = 'alternate';
      link.hreflang = a.hrefLang;
      link.href = new URL(a.path, window.location.origin).href;
      document.head.appendChild(link);
    }
  }, [matches, location.key]);
  return null;
}

export function Layout() {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const api = useStoreApi();

  useHydratedMark();

  const switchAccount = useSwitchAccount();

  const changePreview = useCallback(
    async (isPreview: boolean) => {
      if (!api) return;
      await api.client.updateSessionContext({ isPreview });
      window.location.reload();
      await new Promise<never>(() => undefined);
    },
    [api],
  );

  return (
    <ConsentProvider enabled={data?.shopperConsentEnabled === true} initial={data?.consent ?? null}>
      <ActivitySenderProvider>
        <LayoutFrame data={data} changePreview={changePreview} switchAccount={switchAccount} />
      </ActivitySenderProvider>
    </ConsentProvider>
  );
}

function LayoutFrame({
  data,
  changePreview,
  switchAccount,
}: {
  data: RootData | undefined;
  changePreview: (isPreview: boolean) => Promise<void>;
  switchAccount: ReturnType<typeof useSwitchAccount>;
}) {
  const location = useLocation();
  return (
    <ToastProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* Hydrated in three tasks after the frame's own (HydrateLater): header, page, footer. */}
      <HydrateLater>
        <SiteHeader
          storeName={data?.storeName ?? ''}
          menu={data?.menu ?? []}
          session={data?.session ?? null}
          managedAccounts={data?.canSwitchAccount ? data.managedAccounts : []}
          currentPath={`${location.pathname}${location.search}`}
          onSwitchAccount={switchAccount}
          onPreviewChange={changePreview}
          searchTerm={location.pathname === SEARCH_PATH ? (new URLSearchParams(location.search).get('term') ?? '') : ''}
          cartSummary={data?.cartSummary ?? null}
          wishlists={data?.wishlists ?? null}
        />
      </HydrateLater>
      <HydrateLater>
        <main id="main" className="site-main" tabIndex={-1}>
          <Outlet />
        </main>
      </HydrateLater>
      <HydrateLater>
        <SiteFooter storeName={data?.storeName ?? ''} />
      </HydrateLater>
      <HeadSync />
      {data ? <SessionEffects data={data} /> : null}
      {data && !data.session.isGuest ? <PendingListAdd /> : null}
      <ConsentBanner />
      <ConsentDialog />
    </ToastProvider>
  );
}
