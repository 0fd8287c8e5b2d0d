// The home page (/): the site's `home` page layout when the content delivery API has one for this viewer
// (routes/content), else the built-in page: the featured datasets (the seller's list from the workspace, else
// the first products of the first root category) and the category menu the root route already read.

import { useLoaderData, useRouteLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { StoreApi } from '../../lib/api.ts';
import { featuredListed } from '../../lib/catalogue/featured.ts';
import { CARD_FIELDS, toCards } from '../../lib/catalogue/product-cards.ts';
import type { RouteHandle } from '../root/head.ts';
import { PageError } from '../root/ErrorPage.tsx';
import type { HeadData, HomeData, RootData } from '../types.ts';
import { HomePage } from './HomePage.tsx';
import { HOME_PAGE_URL_NAME } from '@store/core';
import { ContentPage } from '../content/ContentPage.tsx';
import { contentFetchersOf } from '../../lib/content/fetchers.ts';
import { loadContentPage, type ContentPageData } from '../../lib/content/page-source.ts';
import { toPlainText } from '../../lib/sanitize.ts';

/** The stored home page, or the built-in page's data. */
type HomeRouteData = { content: ContentPageData } | (HomeData & { content?: undefined });

const TAGLINE = 'business datasets with email and phone';

const handle: RouteHandle = {
  head: (d, site): HeadData => ({
    title: site.storeName ? `${site.storeName}: ${TAGLINE}` : `Business datasets with email and phone`,
    description:
      toPlainText((d as HomeRouteData).content?.description) ||
      'Business datasets with verified email addresses and phone numbers, by industry and country. Download a free sample.',
    canonicalPath: '/',
  }),
};

function HomeRoute() {
  const home = useLoaderData() as HomeRouteData;
  const root = useRouteLoaderData('root') as RootData | undefined;
  if (home.content) return <ContentPage page={home.content} />;
  return <HomePage data={home} categories={root?.menu ?? []} />;
}

/** The stored home page; null when there is none for this viewer or the content cannot be read (the built-in page shows). */
async function storedHome(api: StoreApi, request: Request): Promise<ContentPageData | null> {
  try {
    return await loadContentPage(api, contentFetchersOf(api), {
      urlName: HOME_PAGE_URL_NAME,
      origin: new URL(request.url).origin,
      signal: request.signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    return null;
  }
}

export function createHomeRoute(getApi: () => StoreApi): RouteObject {
  async function homeLoader({ request }: LoaderFunctionArgs): Promise<HomeRouteData> {
    const api = getApi();
    const content = await storedHome(api, request);
    if (content) return { content };
    try {
      let listed = await featuredListed(api, request.signal);
      if (!listed.length) {
        // No list (or none of it visible to this shopper): the first products of the first root category.
        const roots = await api.client.getCategoryChildren({ signal: request.signal });
        const first = roots.productCategories[0];
        if (first)
          listed = (
            await api.getCategoryProducts(first.id, {
              page: 0,
              pageSize: 8,
              fields: CARD_FIELDS,
              signal: request.signal,
            })
          ).products;
      }
      return { featured: await toCards(api, listed, request.signal), featuredError: false };
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') throw error;
      return { featured: [], featuredError: true };
    }
  }

  return { index: true, loader: homeLoader, Component: HomeRoute, ErrorBoundary: PageError, handle };
}
