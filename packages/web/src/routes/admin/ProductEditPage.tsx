// The product form (the dataset fields, status and primary category; on "New product" also the class) and,
// once the product exists, its price form (each price book's one-time unit price and volume tiers), its
// class's section (variations, or components) and its quantity rule (ProductClassSections.tsx).

import type { DatasetListPricingSetting, SeoSettings } from '@store/core';
import { SEO_INTENT, SeoSettingsForm, type SeoResult } from './SeoSettingsForm.tsx';
import { LIST_PRICING_INTENT, ListPricingForm, type ListPricingResult } from './ListPricingForm.tsx';
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
  type TierInput,
} from '@store/core';
import { useRef } from 'react';
import { Form, Link } from 'react-router';
import { FormAlert, useFormResultFocus } from '../../components/ui/FormAlert.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { SelectField } from './workspace-ui.tsx';
import { DatasetPickForm, type PickResult } from './DatasetPickForm.tsx';
import { ProductImageForm, type ImageResult } from './ProductImageForm.tsx';
import { DatasetFileSection, takesDatasetFile } from './DatasetFileSection.tsx';
import { RichDescriptionField } from './RichDescriptionField.tsx';
import {
  ComponentsSection,
  NewProductClassFields,
  QuantityRuleSection,
  VariationsSection,
} from './ProductClassSections.tsx';
import { SubscriptionPrices } from './SubscriptionPrices.tsx';
import { priceName, productRule, productValues, tierName, tierRows, type ProductField } from './product-form.ts';

export interface EditData {
  product: AdminProduct | null;
  prices: ProductPrices | null;
  related: RelatedDatasets | null;
  books: AdminPriceBook[];
  categories: AdminCategory[];
  created: boolean;
  /** A variation parent's attributes and variations; a set's or bundle's components (null for other classes). */
  family: AdminVariationFamily | null;
  components: AdminComponentList | null;
  /** The store's selling models and those the product is offered with (its subscriptions are priced too). */
  sellingModels: AdminSellingModel[];
  offeredModelIds: string[];
  /** The product's search engine settings (null for a new product, or when they could not be read). */
  seo?: SeoSettings | null;
  /** A dataset's per-record pricing for selections (issue 19; null for other products, or unreadable). */
  listPricing?: DatasetListPricingSetting | null;
}

export type EditResult =
  | FormResult
  | ImageResult
  | (PickResult & { intent: 'related' })
  | SeoResult
  | ListPricingResult;

/** What the product, price and class forms answer (the image and related-dataset forms answer their own). */
export interface FormResult {
  intent: 'product' | 'prices' | 'addVariation' | 'removeVariation' | 'components' | 'quantityRule';
  /** By field name (a ProductField for the product form). */
  fieldErrors?: Partial<Record<string, string>>;
  priceErrors?: Record<string, string>;
  formError?: string;
  values?: Partial<Record<string, string>>;
  saved?: boolean;
  /** What a class section says once saved. */
  message?: string;
}

const forIntents = (result: EditResult | undefined, ...intents: FormResult['intent'][]) =>
  result && (intents as string[]).includes(result.intent) ? (result as FormResult) : undefined;

export function ProductEditPage({ data, result, busy }: { data: EditData; result?: EditResult; busy: boolean }) {
  const productForm = useRef<HTMLFormElement>(null);
  const priceForm = useRef<HTMLFormElement>(null);
  const productResult = result?.intent === 'product' ? result : undefined;
  const priceResult = result?.intent === 'prices' ? result : undefined;
  const imageResult =
    result?.intent === 'image' || result?.intent === 'describeImage' || result?.intent === 'removeImage'
      ? result
      : undefined;
  const relatedResult = result?.intent === 'related' ? result : undefined;
  const seoResult = result?.intent === SEO_INTENT ? (result as SeoResult) : undefined;
  const listPricingResult = result?.intent === LIST_PRICING_INTENT ? (result as ListPricingResult) : undefined;
  useFormResultFocus(productResult, productForm, 'product-error');
  useFormResultFocus(priceResult, priceForm, 'prices-error');
  const { product } = data;
  const values = { ...productValues(product), ...productResult?.values };
  const errors = productResult?.fieldErrors ?? {};
  const field = (
    name: ProductField,
    label: string,
    extra: { hint?: string; type?: string; required?: boolean } = {},
  ) => (
    <TextField
      form="product"
      name={name}
      label={label}
      defaultValue={values[name]}
      error={errors[name]}
      rule={productRule(name) ?? undefined}
      hint={extra.hint}
      type={extra.type ?? 'text'}
      required={extra.required}
    />
  );

  return (
    <div className="workspace__edit">
      <h1>{product ? product.name : 'New product'}</h1>
      {product ? (
        <p>
          {product.sku} · {product.status} ·{' '}
          {product.status === 'Live' ? (
            <Link to={`/product/${product.id}`}>View on the storefront</Link>
          ) : (
            'not on the storefront'
          )}
          {product.fulfilment === 'Physical' ? (
            <>
              {' · '}
              <Link to={`/admin/products/${product.id}/inventory`}>Inventory per location</Link>
            </>
          ) : null}
        </p>
      ) : null}
      {product?.parentId ? (
        <p>
          A variation of <Link to={`/admin/products/${product.parentId}`}>its parent product</Link>.
        </p>
      ) : null}
      <FormAlert id="product-created" message={data.created ? 'The product has been created.' : null} tone="success" />

      <section aria-labelledby="product-details-title">
        <h2 id="product-details-title">Details</h2>
        <FormAlert id="product-error" message={productResult?.formError} />
        <FormAlert
          id="product-saved"
          message={productResult?.saved ? 'The product has been saved.' : null}
          tone="success"
        />
        <Form method="post" className="form" noValidate ref={productForm} aria-labelledby="product-details-title">
          <input type="hidden" name="intent" value="product" />
          {product
            ? null
            : field('sku', 'SKU', { required: true, hint: 'Letters, digits, dots, dashes; cannot change later.' })}
          {product ? null : (
            <NewProductClassFields
              values={(productResult?.values ?? {}) as Record<string, string>}
              errors={(productResult?.fieldErrors ?? {}) as Record<string, string>}
            />
          )}
          {field('name', 'Name', { required: true })}
          <SelectField
            id="product-status"
            name="status"
            label="Status"
            defaultValue={values.status}
            options={[
              ['Draft', 'Draft (not on the storefront)'],
              ['Live', 'Live'],
            ]}
          />
          <SelectField
            id="product-categoryId"
            name="categoryId"
            label="Category"
            defaultValue={values.categoryId}
            options={[['', 'No category']]}
          >
            {data.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.path}
                {c.publishStatus === 'Draft' ? ' (Draft)' : ''}
              </option>
            ))}
          </SelectField>
          <div className={errors.description ? 'field field--invalid' : 'field'}>
            <label htmlFor="product-description" className="field__label">
              Description
            </label>
            <textarea
              id="product-description"
              name="description"
              className="field__input"
              rows={4}
              defaultValue={values.description}
            />
            {errors.description ? <p className="field__error">{errors.description}</p> : null}
          </div>
          <RichDescriptionField form="product" defaultValue={values.richDescription} error={errors.richDescription} />
          {field('recordCount', 'Record count', { type: 'text' })}
          {field('countries', 'Countries', { hint: 'Separated by commas.' })}
          {field('sicCode', 'SIC code', { hint: 'Four digits, e.g. 8021.' })}
          {field('listStatus', 'List status')}
          {field('lastUpdated', 'Last updated', { type: 'date' })}
          {field('includedFields', 'Included fields', { hint: 'Separated by commas.' })}
          <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
            {product ? 'Save product' : 'Create product'}
          </button>
        </Form>
      </section>

      {product ? <ProductImageForm product={product} result={imageResult} busy={busy} /> : null}
      {product && takesDatasetFile(product) ? <DatasetFileSection product={product} /> : null}

      {product && data.prices ? (
        <PriceForm data={data} prices={data.prices} result={priceResult} busy={busy} formRef={priceForm} />
      ) : null}

      {product && data.related ? (
        <DatasetPickForm
          id="related"
          title="Related datasets"
          intro="The datasets listed on this product's page, in this order (those a shopper may not see are left out)."
          intent="related"
          items={data.related.items}
          max={MAX_RELATED_DATASETS}
          result={relatedResult}
          busy={busy}
        />
      ) : null}
      {product && data.listPricing ? (
        <ListPricingForm setting={data.listPricing} result={listPricingResult} busy={busy} />
      ) : null}
      {product && data.seo ? (
        <SeoSettingsForm settings={data.seo} result={seoResult} busy={busy} derivedTitle={product.name} />
      ) : null}
      {data.family ? (
        <VariationsSection
          family={data.family}
          result={forIntents(result, 'addVariation', 'removeVariation')}
          busy={busy}
        />
      ) : null}
      {product && data.components ? (
        <ComponentsSection
          product={product}
          list={data.components}
          result={forIntents(result, 'components')}
          busy={busy}
        />
      ) : null}
      {product ? (
        <QuantityRuleSection product={product} result={forIntents(result, 'quantityRule')} busy={busy} />
      ) : null}
    </div>
  );
}

function PriceForm({
  data,
  prices,
  result,
  busy,
  formRef,
}: {
  data: EditData;
  prices: ProductPrices;
  result?: FormResult;
  busy: boolean;
  formRef: React.RefObject<HTMLFormElement | null>;
}) {
  const oneTime = (bookId: string) => prices.entries.find((e) => e.priceBookId === bookId && e.sellingModelId === null);
  return (
    <section aria-labelledby="product-prices-title">
      <h2 id="product-prices-title">Prices</h2>
      <p>
        One-time prices per price book, in {prices.currencyIsoCode}, then the subscriptions. Leave a price empty to stop
        selling through that book.
      </p>
      <FormAlert id="prices-error" message={result?.formError} />
      <FormAlert id="prices-saved" message={result?.saved ? 'The prices have been saved.' : null} tone="success" />
      <Form method="post" className="form" noValidate ref={formRef} aria-labelledby="product-prices-title">
        <input type="hidden" name="intent" value="prices" />
        {data.books.map((book) => {
          const entry = oneTime(book.id);
          const tiers: readonly TierInput[] = entry?.tiers ?? [];
          const error = result?.priceErrors?.[book.id];
          return (
            <fieldset
              key={book.id}
              className="workspace__book"
              aria-describedby={error ? `prices-${book.id}-error` : undefined}
            >
              <legend>{book.name}</legend>
              {error ? (
                <p id={`prices-${book.id}-error`} className="field__error">
                  {error}
                </p>
              ) : null}
              <TextField
                form="prices"
                name={priceName(book.id)}
                label={`Unit price (${book.name})`}
                defaultValue={entry?.unitPrice ?? ''}
                inputMode="decimal"
              />
              <table className="orders__table">
                <caption>Volume tiers ({book.name})</caption>
                <thead>
                  <tr>
                    <th scope="col">From quantity</th>
                    <th scope="col">To quantity</th>
                    <th scope="col">Adjustment</th>
                    <th scope="col">Value</th>
                  </tr>
                </thead>
                <tbody>
                  {Array.from({ length: tierRows(tiers) }, (_, row) => {
                    const t = tiers[row];
                    const name = (part: 'from' | 'to' | 'type' | 'value') => tierName(book.id, row, part);
                    const label = (what: string) => `${book.name} tier ${row + 1} ${what}`;
                    const tierInput = (part: 'from' | 'to' | 'value', value: string, mode: 'numeric' | 'decimal') => (
                      <td>
                        <input
                          className="field__input"
                          name={name(part)}
                          aria-label={label(part)}
                          inputMode={mode}
                          defaultValue={value}
                        />
                      </td>
                    );
                    return (
                      <tr key={row}>
                        {tierInput('from', t ? String(t.lowerBound) : '', 'numeric')}
                        {tierInput('to', t?.upperBound == null ? '' : String(t.upperBound), 'numeric')}
                        <td>
                          <select
                            className="field__input"
                            name={name('type')}
                            aria-label={label('adjustment')}
                            defaultValue={t?.adjustmentType ?? 'PercentageBasedAdjustment'}
                          >
                            <option value="PercentageBasedAdjustment">Percent off</option>
                            <option value="AmountBasedAdjustment">Amount off</option>
                          </select>
                        </td>
                        {tierInput('value', t?.adjustmentValue ?? '', 'decimal')}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </fieldset>
          );
        })}
        <SubscriptionPrices
          books={data.books}
          models={data.sellingModels}
          offered={data.offeredModelIds}
          prices={prices}
          errors={result?.priceErrors ?? {}}
        />
        <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
          Save prices
        </button>
      </Form>
    </section>
  );
}
