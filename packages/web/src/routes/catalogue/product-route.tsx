// The product page (/product/:recordId, and /store/product/… for old links): the product, every
// selling model's price, taxes (not in a Net store), the buyer's promotional price, the sanitised
// description, for products with tracked stock what is available, and a set's or bundle's components.

import { DATASET_FIELDS, sharedSnapshotId, type ApplicationContext } from '@store/core';
import { useLoaderData, useRouteLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { isNotFound, optional, type StoreApi } from '../../lib/api.ts';
import { priceCurrency } from '../../lib/catalogue/product-cards.ts';
import {
  canonicalProductPath,
  plainDescription,
  productImageUrl,
  productName,
} from '../../lib/catalogue/product-view.ts';
import { readAvailableQuantity, readTaxes } from '../../lib/catalogue/product-stock.ts';
import { readComponents } from '../../lib/catalogue/product-components.ts';
import { promotionalPricingOf } from '../../lib/catalogue/promotions.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { PageError } from '../root/ErrorPage.tsx';
import type { RouteHandle } from '../root/head.ts';
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
  head: (d): HeadData => {
    const p = (d as ProductData).product;
    return {
      title: productName(p),
      description: plainDescription(p, 160),
      canonicalPath: canonicalProductPath(p),
      image: productImageUrl(p),
      type: 'product',
    };
  },
};

function ProductRoute() {
  const product = useLoaderData() as ProductData;
  const root = useRouteLoaderData('root') as RootData | undefined;
  return <ProductPage key={product.product.id} data={product} session={root?.session ?? null} />;
}

/** The product route at a path; the same loader serves the current and the old addresses. */
export function createProductRoute(getApi: () => StoreApi): (path: string) => RouteObject {
  async function productLoader({ params, request }: LoaderFunctionArgs): Promise<ProductData> {
    const api = getApi();
    const id = params.recordId ?? '';
    if (!id || !/^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/.test(id)) throw notFound();
    const signal = request.signal;
    const appContext = optional(api.client.getApplicationContext({ signal }));
    const currency = priceCurrency(api);
    const [product, pricing, taxes, promotions, app] = await Promise.all([
      readProduct(api, id, appContext, signal).catch((error: unknown) => {
        if (isNotFound(error)) throw notFound();
        throw error;
      }),
      // A product without a price answers 404: the page shows 'Price Unavailable'. Every selling
      // model's price comes along, for the subscription selector to switch between.
      optional(currency.then((currencyIsoCode) => api.productPrice(id, currencyIsoCode))),
      readTaxes(api, id, appContext, signal),
      // The page's one promotions call, beside the others: the promotional price for this buyer.
      optional(
        currency.then((currencyIsoCode) =>
          api.client.evaluateProductPromotions({ products: [{ productId: id }], currencyIsoCode }, { signal }),
        ),
      ).then((r) => promotionalPricingOf(r, id)),
      appContext,
    ]);
    const [description, availableQuantity, components] = await Promise.all([
      sanitizeRichText(product.fields?.[DATASET_FIELDS.description] ?? product.fields?.Description ?? ''),
      readAvailableQuantity(api, product, app, signal),
      readComponents(api, product, signal),
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
      origin: new URL(request.url).origin,
    };
  }

  return (path) => ({ path, loader: productLoader, Component: ProductRoute, ErrorBoundary: PageError, handle });
}
