// The page frame: skip link, header with the category menu, main landmark, footer.

import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useRouteLoaderData } from 'react-router';
import { AppLink } from '../components/AppLink.tsx';
import { headFor } from '../lib/head.ts';
import type { RootData } from './types.ts';

export const STORE_NAME = 'Dataset Store';

export function SiteHeader({ menu }: { menu: RootData['menu'] }) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <AppLink href="/" className="brand">
          {STORE_NAME}
        </AppLink>
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
      </div>
    </header>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p>{`© ${STORE_NAME}. Business datasets with verified emails and phone numbers.`}</p>
      </div>
    </footer>
  );
}

/** Keeps the document title and meta tags in step after client-side navigations. */
function HeadSync() {
  const matches = useMatches();
  const location = useLocation();
  useEffect(() => {
    const head = headFor(matches as Parameters<typeof headFor>[0]);
    if (document.title !== head.title) document.title = head.title;
    const setMeta = (selector: string, attr: 'content' | 'href', value: string | undefined) => {
      const el = document.head.querySelector(selector);
      if (el && value !== undefined) el.setAttribute(attr, value);
    };
    setMeta('meta[name="description"]', 'content', head.description ?? '');
    setMeta('meta[property="og:title"]', 'content', head.title);
    setMeta('meta[property="og:description"]', 'content', head.description ?? '');
    if (head.canonicalPath) {
      const url = new URL(head.canonicalPath, window.location.origin).href;
      setMeta('link[rel="canonical"]', 'href', url);
      setMeta('meta[property="og:url"]', 'content', url);
    }
  }, [matches, location.key]);
  return null;
}

export function Layout() {
  const data = useRouteLoaderData('root') as RootData | undefined;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader menu={data?.menu ?? []} />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <HeadSync />
    </>
  );
}
