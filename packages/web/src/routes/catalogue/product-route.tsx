// The product page (/product/:recordId, and /store/product/… for old links): the product, every
// selling model's price, taxes (not in a Net store), the buyer's promotional price, the sanitised
// description, for products with tracked stock what is available, and a set's or bundle's components.

import { sharedSnapshotId, type ApplicationContext } from '@store/core';
import {
  useLoaderData,
  useRouteLoaderData,
  type LoaderFunctionArgs,
  type RouteObject,
  type ShouldRevalidateFunction,
} from 'react-router';
import { isNotFound, optional, type StoreApi } from '../../lib/api.ts';
import { priceCurrency } from '../../lib/catalogue/product-cards.ts';
import {
  canonicalProductPath,
  plainDescription,
  productImageUrl,
  productName,
  richDescriptionOf,
} from '../../lib/catalogue/product-view.ts';
import { familyPageView } from '../../lib/catalogue/variation-view.ts';
import { searchForChoice } from '../../lib/catalogue/variations.ts';
import { useChoiceSearch } from '../../lib/catalogue/use-choice-search.ts';
import { readVariationFamily } from '../../lib/catalogue/variation-family.ts';
import { VariationPicker } from '../../components/catalogue/VariationPicker.tsx';
import { readAvailableQuantity, readTaxes } from '../../lib/catalogue/product-stock.ts';
import { readComponents } from '../../lib/catalogue/product-components.ts';
import { promotionalPricingOf } from '../../lib/catalogue/promotions.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { PageError } from '../root/ErrorPage.tsx';
import { withSeo, type RouteHandle } from '../root/head.ts';
import { loadSeo } from '../../lib/seo.ts';
import { listForActivity, loadRecommendations } from '../../lib/signals/recommendations.ts';
import { loadDatasetKit } from '../../lib/list-builder/dataset-kit.ts';
import { notFound } from '../root/not-found.tsx';
import type { HeadData, ProductData, RootData } from '../types.ts';
import { ProductPage } from './ProductPage.tsx';

/**
 * A product for this viewer: from the shared, publicly cacheable snapshot when every buyer sees the
 * same catalogue (spec 01 §6), else for the effective account; in preview past the server's cache.
 */
async function readProduct(
  api: StoreApi,
  id: string,
  appContext: Promise<ApplicationContext | null>,
  signal: AbortSignal,
) {
  const [viewer, app] = await Promise.all([api.viewer(), appContext]);
  const snapshotId = sharedSnapshotId(app, viewer.session.isPreview);
  return snapshotId
    ? api.client.getProduct(id, { signal, snapshotId })
    : api.client.getProduct(id, { signal, noCache: viewer.session.isPreview || undefined });
}

const handle: RouteHandle = {
  // A family's page is described as the variation it shows (its own page the canonical one).
  head: (d, _site, search): HeadData => {
    const data = d as ProductData;
    const p = familyPageView(data, search)?.data.product ?? data.product;
    const own: HeadData = {
      title: productName(p),
      description: plainDescription(p, 160),
      canonicalPath: canonicalProductPath(p),
      image: productImageUrl(p),
      type: 'product',
    };
    // The SEO properties describe the product the page was asked for, not a variation chosen in the query string.
    return p.id === data.product.id ? withSeo(own, data.seo) : own;
  },
};

function ProductRoute() {
  const product = useLoaderData() as ProductData;
  const root = useRouteLoaderData('root') as RootData | undefined;
  // A variation family's page shows the variation chosen in the query string (server render included).
  const [search, chooseSearch] = useChoiceSearch();
  const family = familyPageView(product, new URLSearchParams(search));
  return (
    <ProductPage
      key={product.product.id}
      data={family?.data ?? product}
      session={root?.session ?? null}
      variations={
        family
          ? {
              picker: (
                <VariationPicker
                  view={family}
                  onChoose={(choice) => chooseSearch(searchForChoice(family.info, choice, new URLSearchParams(search)))}
                />
              ),
              productClass: family.productClass,
              valid: family.valid,
            }
          : undefined
      }
    />
  );
}

/**
 * Choosing a variation changes only the query string, and the loader already read the whole family: the
 * page answers from what it has, with no request (the loader runs again for another product or a form).
 */
export const productShouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod === undefined && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);

/** The product route at a path; the same loader serves the current and the old addresses. */
export function createProductRoute(getApi: () => StoreApi): (path: string) => RouteObject {
  async function productLoader({ params, request }: LoaderFunctionArgs): Promise<ProductData> {
    const api = getApi();
    const id = params.recordId ?? '';
    if (!id || !/^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/.test(id)) throw notFound();
    const signal = request.signal;
    const appContext = optional(api.client.getApplicationContext({ signal }));
    const currency = priceCurrency(api);
    const pricingCall = optional(currency.then((currencyIsoCode) => api.productPrice(id, currencyIsoCode)));
    const requestUrl = new URL(request.url);
    const [product, pricing, taxes, promotions, app, seo, recommendations, datasetKit] = await Promise.all([
      readProduct(api, id, appContext, signal).catch((error: unknown) => {
        if (isNotFound(error)) throw notFound();
        throw error;
      }),
      // A product without a price answers 404: the page shows 'Price Unavailable'. Every selling
      // model's price comes along, for the subscription selector to switch between.
      pricingCall,
      readTaxes(api, id, appContext, signal),
      // The page's one promotions call, beside the others: the promotional price for this buyer.
      optional(
        currency.then((currencyIsoCode) =>
          api.client.evaluateProductPromotions({ products: [{ productId: id }], currencyIsoCode }, { signal }),
        ),
      ).then((r) => promotionalPricingOf(r, id)),
      appContext,
      loadSeo(api, id, signal),
      // Related Datasets beyond the seller's picks (lib/catalogue/related-datasets.ts), beside the other calls.
      loadRecommendations(
        api,
        [
          { recommender: 'CustomersWhoBoughtAlsoBought', anchorValues: [id] },
          { recommender: 'SimilarProducts', anchorValues: [id] },
        ],
        signal,
      ),
      // The list builder and evaluation kit (issue 19) for the selection in the URL, so the server renders them.
      loadDatasetKit(
        api,
        id,
        requestUrl.searchParams,
        appContext.then((a) => a?.storeName ?? ''),
        signal,
      ),
    ]);
    const [description, availableQuantity, components, family] = await Promise.all([
      sanitizeRichText(richDescriptionOf(product)),
      readAvailableQuantity(api, product, app, signal),
      readComponents(api, product, signal),
      readVariationFamily({
        api,
        product,
        productPricing: pricingCall,
        currency,
        readDetail: (parentId) => readProduct(api, parentId, appContext, signal),
        signal,
      }),
    ]);
    return {
      product,
      pricing,
      taxes,
      promotions,
      availableQuantity,
      components,
      defaultCurrency: app?.defaultCurrency ?? 'USD',
      description,
      origin: requestUrl.origin,
      family,
      seo,
      // Trimmed to what the tiles and activities read: the page's data is sent again for hydration.
      recommendations: recommendations.map(listForActivity),
      datasetKit,
    };
  }

  return (path) => ({
    path,
    loader: productLoader,
    shouldRevalidate: productShouldRevalidate,
    Component: ProductRoute,
    ErrorBoundary: PageError,
    handle,
  });
}
