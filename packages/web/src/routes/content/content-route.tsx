// Site pages composed from stored layouts (spec 03 §2.3), at /:urlName (e.g. /about, /data-quality,
// /licence-terms). The page list and the page come from the content delivery API; which pages exist for
// this viewer is the server's decision (a Draft only for a previewing administrator), so a page the API does
// not deliver is a 404 here, whoever asks. Pages are never kept by a shared cache (the page server's rule),
// so a preview answer never reaches a shopper.

import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { HOME_PAGE_URL_NAME } from '@store/core';
import type { StoreApi } from '../../lib/api.ts';
import { contentFetchersOf } from '../../lib/content/fetchers.ts';
import { loadContentPage, type ContentPageData } from '../../lib/content/page-source.ts';
import { toPlainText } from '../../lib/sanitize.ts';
import { PageError } from '../root/ErrorPage.tsx';
import { withStoreName, type RouteHandle } from '../root/head.ts';
import { notFound } from '../root/not-found.tsx';
import type { HeadData } from '../types.ts';
import { ContentPage } from './ContentPage.tsx';

/** A url name as the pages are stored with: one path segment of letters, digits, '-' and '_'. */
const URL_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/;

export function contentPageHead(page: ContentPageData, site: Parameters<typeof withStoreName>[1]): HeadData {
  return {
    title: withStoreName(page.title, site),
    description: toPlainText(page.description) || undefined,
    canonicalPath: page.urlName === HOME_PAGE_URL_NAME ? '/' : `/${encodeURIComponent(page.urlName)}`,
    // A Draft is seen only in preview; no search engine should keep it.
    robots: page.status === 'Draft' ? 'noindex' : undefined,
  };
}

const handle: RouteHandle = {
  head: (d, site) => contentPageHead(d as ContentPageData, site),
};

function ContentRoute() {
  return <ContentPage page={useLoaderData() as ContentPageData} />;
}

export function createContentRoute(getApi: () => StoreApi): RouteObject {
  async function contentLoader({ params, request }: LoaderFunctionArgs): Promise<ContentPageData> {
    const urlName = params.urlName ?? '';
    // The home page lives at '/', not at /home.
    if (!URL_NAME.test(urlName) || urlName === HOME_PAGE_URL_NAME) throw notFound();
    const api = getApi();
    const page = await loadContentPage(api, contentFetchersOf(api), {
      urlName,
      origin: new URL(request.url).origin,
      signal: request.signal,
    });
    if (!page) throw notFound();
    return page;
  }
  return { path: ':urlName', loader: contentLoader, Component: ContentRoute, ErrorBoundary: PageError, handle };
}
