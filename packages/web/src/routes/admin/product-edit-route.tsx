// One product in the workspace: /admin/products/new creates a product of a class (a dataset, a variation
// parent with its attribute, a set or a bundle), /admin/products/:productId edits it, its prices (each price
// book's one-time price and volume tiers), its class's variations or components and its quantity rule. Every
// form posts to this route's action, which checks the fields with the shared rules, then calls the workspace
// API; the server's refusal is shown at the form.

import {
  MAX_RELATED_DATASETS,
  type AdminCategory,
  type AdminComponentList,
  type AdminPriceBook,
  type AdminProduct,
  type AdminSellingModel,
  type AdminVariationFamily,
  type ProductPrices,
  type RelatedDatasets,
} from '@store/core';
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
import { imageUploadOf } from './product-image-form.ts';
import { savePicks } from './pick-action.ts';
import { productClassAction } from './product-class-action.ts';
import { SEO_INTENT, saveSeoSettings } from './SeoSettingsForm.tsx';
import { LIST_PRICING_INTENT, saveListPricing } from './ListPricingForm.tsx';
import { attributeOf, classOf } from './product-class-form.ts';

export const PRODUCT_SAVED = 'The product has been saved.';
export const PRICES_SAVED = 'The prices have been saved.';
export const IMAGE_SAVED = 'The image has been saved. Shoppers see it now.';
export const IMAGE_REMOVED = 'The image has been removed: the product shows its generated image again.';
export const RELATED_SAVED = 'The related datasets have been saved.';

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
    const [product, prices, related, books, categories, sellingModels, offered, seo] = await Promise.all([
      id ? loaded(w.getProduct(id, { signal })) : Promise.resolve(null as AdminProduct | null),
      id ? loaded(w.getPrices(id, { signal })) : Promise.resolve(null as ProductPrices | null),
      id ? loaded(w.relatedDatasets(id, { signal })) : Promise.resolve(null as RelatedDatasets | null),
      loaded(w.priceBooks({ signal })).then((r): AdminPriceBook[] => r.items),
      loaded(w.categories({ signal })).then((r): AdminCategory[] => r.items),
      loaded(w.sellingModels({ signal })).then((r): AdminSellingModel[] => r.items),
      id ? loaded(w.productSellingModels(id, { signal })).then((r) => r.sellingModelIds) : Promise.resolve([]),
      // The section is left out when its settings cannot be read; the rest of the page still works.
      id ? w.seoSettings(id, { signal }).catch(() => null) : Promise.resolve(null),
    ]);
    // Only datasets are sold by the record; the section is left out when it cannot be read.
    const listPricing =
      id && product?.fulfilment === 'Dataset' ? await w.listPricing(id, { signal }).catch(() => null) : null;
    const created = new URL(request.url).searchParams.get('created') === '1';
    const cls = product?.productClass;
    const [family, components] = await Promise.all([
      id && cls === 'VariationParent'
        ? loaded(w.getVariations(id, { signal }))
        : Promise.resolve(null as AdminVariationFamily | null),
      id && (cls === 'Set' || cls === 'Bundle')
        ? loaded(w.getComponents(id, { signal }))
        : Promise.resolve(null as AdminComponentList | null),
    ]);
    return {
      product,
      prices,
      related,
      books,
      categories,
      created,
      family,
      components,
      sellingModels,
      offeredModelIds: offered,
      seo,
      listPricing,
    };
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
    const intent = form.get('intent');
    if (intent === 'image' && id) {
      const { upload, errors } = imageUploadOf(form);
      if (!upload) return { intent: 'image', fieldErrors: errors };
      return attempt('image', IMAGE_SAVED, () => w.uploadProductImage(id, upload));
    }
    if (intent === 'describeImage' && id) {
      const altText = String(form.get('altText') ?? '').trim();
      if (!altText) return { intent, fieldErrors: { altText: 'Complete this field.' } };
      return attempt(intent, IMAGE_SAVED, () => w.describeProductImage(id, altText));
    }
    if (intent === 'removeImage' && id) return attempt(intent, IMAGE_REMOVED, () => w.removeProductImage(id));
    if (intent === SEO_INTENT && id) return saveSeoSettings(w, id, form);
    if (intent === LIST_PRICING_INTENT && id) return saveListPricing(w, id, form);
    if (intent === 'related' && id)
      return savePicks(w, form, 'related', MAX_RELATED_DATASETS, RELATED_SAVED, (ids) => w.setRelatedDatasets(id, ids));
    if (id) {
      const classResult = await productClassAction(w, id, form);
      if (classResult) return classResult;
    }
    const values = formValues(form, PRODUCT_FIELDS);
    const productClass = classOf(String(form.get('productClass') ?? ''));
    const { attributes, problem } = attributeOf(form);
    const creating = {
      productClass,
      attributeName: String(form.get('attributeName') ?? ''),
      attributeValues: String(form.get('attributeValues') ?? ''),
    };
    const fieldErrors = {
      ...productErrors(values, !id),
      ...(!id && productClass === 'VariationParent' && problem ? { attribute: problem } : {}),
    };
    if (Object.keys(fieldErrors).length) return { intent: 'product', fieldErrors, values: { ...values, ...creating } };
    try {
      if (!id) {
        const input = productInput(values, null);
        const made = await w.createProduct({
          ...input,
          sku: values.sku.trim(),
          name: values.name.trim(),
          productClass,
          ...(productClass === 'VariationParent' ? { variationAttributes: attributes } : {}),
        });
        return redirect(`/admin/products/${made.id}?created=1`);
      }
      await w.updateProduct(id, productInput(values, await w.getProduct(id)));
    } catch (error) {
      return { intent: 'product', formError: errorMessage(error), values: { ...values, ...creating } };
    }
    return { intent: 'product', saved: true };
  }

  /** One image call; its refusal (not an image, too large) is shown at the image form. */
  async function attempt(
    intent: 'image' | 'describeImage' | 'removeImage',
    saved: string,
    call: () => Promise<unknown>,
  ): Promise<EditResult> {
    try {
      await call();
    } catch (error) {
      return { intent, formError: errorMessage(error) };
    }
    return { intent, savedMessage: saved };
  }

  return {
    loader,
    action,
    Component: ProductEditRoute,
    handle: workspaceHead((d) => (d as EditData | undefined)?.product?.name ?? 'New product'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
