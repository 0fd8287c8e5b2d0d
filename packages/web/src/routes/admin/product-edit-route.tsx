// One product in the workspace: /admin/products/new creates a dataset, /admin/products/:productId edits it and
// its prices (each price book's one-time price and volume tiers). Both forms post to this route's action,
// which checks the fields with the shared rules, then calls the workspace API; the server's refusal is shown
// at the form.

import type { AdminCategory, AdminPriceBook, AdminProduct, AdminSellingModel, ProductPrices } from '@store/core';
import {
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import type { StoreApi } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formValues } from '../../lib/forms.ts';
import { ProductEditPage, type EditData, type EditResult } from './ProductEditPage.tsx';
import { PRODUCT_FIELDS, priceEntries, productErrors, productInput, tierRows } from './product-form.ts';
import { subscriptionPrices } from './subscription-price-form.ts';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';

export const PRODUCT_SAVED = 'The product has been saved.';
export const PRICES_SAVED = 'The prices have been saved.';

function ProductEditRoute() {
  const navigation = useNavigation();
  return (
    <ProductEditPage
      data={useLoaderData() as EditData}
      result={useActionData() as EditResult | undefined}
      busy={navigation.state === 'submitting'}
    />
  );
}

export function productEditRoute(getApi: () => StoreApi) {
  async function loader({ params, request }: LoaderFunctionArgs): Promise<EditData> {
    const w = workspaceOf(getApi);
    const signal = request.signal;
    const id = params.productId;
    const [product, prices, books, categories, sellingModels, offered] = await Promise.all([
      id ? loaded(w.getProduct(id, { signal })) : Promise.resolve(null as AdminProduct | null),
      id ? loaded(w.getPrices(id, { signal })) : Promise.resolve(null as ProductPrices | null),
      loaded(w.priceBooks({ signal })).then((r): AdminPriceBook[] => r.items),
      loaded(w.categories({ signal })).then((r): AdminCategory[] => r.items),
      loaded(w.sellingModels({ signal })).then((r): AdminSellingModel[] => r.items),
      id ? loaded(w.productSellingModels(id, { signal })).then((r) => r.sellingModelIds) : Promise.resolve([]),
    ]);
    const created = new URL(request.url).searchParams.get('created') === '1';
    return { product, prices, books, categories, created, sellingModels, offeredModelIds: offered };
  }

  async function action({ params, request }: ActionFunctionArgs): Promise<EditResult | Response> {
    const w = workspaceOf(getApi);
    const form = await request.formData();
    const id = params.productId;
    if (form.get('intent') === 'prices' && id) {
      const [current, books, models, offered] = await Promise.all([
        w.getPrices(id),
        w.priceBooks(),
        w.sellingModels(),
        w.productSellingModels(id),
      ]);
      const rows = (bookId: string) =>
        tierRows(current.entries.find((e) => e.priceBookId === bookId && e.sellingModelId === null)?.tiers ?? []);
      const oneTime = priceEntries(form, books.items, current, rows);
      const subscriptions = subscriptionPrices(form, books.items, models.items, current);
      const errors = { ...oneTime.errors, ...subscriptions.errors };
      if (!oneTime.entries || Object.keys(errors).length) return { intent: 'prices', priceErrors: errors };
      const entries = [...oneTime.entries.filter((e) => !e.sellingModelId), ...subscriptions.entries];
      try {
        // Offer the product with every model it is priced in before the prices name them; drop the unticked ones
        // after their prices are gone (the server refuses to drop a model still priced).
        const before = offered.sellingModelIds;
        const wanted = subscriptions.offered;
        const isSubscription = (m: string) => models.items.some((x) => x.id === m && x.sellingModelType !== 'OneTime');
        const added = wanted.filter((m) => !before.includes(m));
        const dropped = before.filter((m) => isSubscription(m) && !wanted.includes(m));
        if (added.length) await w.setProductSellingModels(id, [...before, ...added]);
        await w.replacePrices(id, entries);
        if (dropped.length) await w.setProductSellingModels(id, wanted);
      } catch (error) {
        return { intent: 'prices', formError: errorMessage(error) };
      }
      return { intent: 'prices', saved: true };
    }
    const values = formValues(form, PRODUCT_FIELDS);
    const fieldErrors = productErrors(values, !id);
    if (fieldErrors) return { intent: 'product', fieldErrors, values };
    try {
      if (!id) {
        const made = await w.createProduct(productInput(values, null) as Parameters<typeof w.createProduct>[0]);
        return redirect(`/admin/products/${made.id}?created=1`);
      }
      await w.updateProduct(id, productInput(values, await w.getProduct(id)));
    } catch (error) {
      return { intent: 'product', formError: errorMessage(error), values };
    }
    return { intent: 'product', saved: true };
  }

  return {
    loader,
    action,
    Component: ProductEditRoute,
    handle: workspaceHead((d) => (d as EditData | undefined)?.product?.name ?? 'New product'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
