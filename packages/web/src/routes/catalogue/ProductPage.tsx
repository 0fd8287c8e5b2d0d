// The product detail page, dataset variant (spec 03 §2.2), top to bottom exactly as listed there.
// The page holds the selling model chosen in the subscription selector: it drives the price shown
// and what the add-to-cart control sends.

import { useState, type ReactNode } from 'react';
import { defaultSellingModel, type ProductClass, type ProductDetail, type SellingModelSelection } from '@store/core';
import { AddToCart } from '../../components/catalogue/AddToCart.tsx';
import { DatasetListSection } from '../../components/list-builder/DatasetListSection.tsx';
import { DataDictionary } from '../../components/dataset-kit/DataDictionary.tsx';
import { FreshnessAndLicence } from '../../components/dataset-kit/FreshnessAndLicence.tsx';
import { withDataset } from '../../lib/catalogue/dataset-json-ld.ts';
import type { SelectionToAdd } from '../../lib/list-builder/list-builder-view.ts';
import { AddToListControl } from '../../components/wishlist/AddToListControl.tsx';
import { ProductAvailability } from '../../components/catalogue/ProductAvailability.tsx';
import { ProductMediaImages } from '../../components/catalogue/ProductMediaImages.tsx';
import { AppLink } from '../../components/ui/AppLink.tsx';
import { Breadcrumbs } from '../../components/catalogue/Breadcrumbs.tsx';
import { BundleContents } from '../../components/catalogue/BundleContents.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Column } from '../../components/layout/Column.tsx';
import {
  ProductPricingDetails,
  productPriceView,
  type PricingLabels,
  type ProductPricingDetailsProps,
} from '../../components/catalogue/ProductPricingDetails.tsx';
import { RichText } from '../../components/layout/RichText.tsx';
import { SectionContainer } from '../../components/layout/SectionContainer.tsx';
import { SetComponents } from '../../components/catalogue/SetComponents.tsx';
import { SubscriptionSelector } from '../../components/catalogue/SubscriptionSelector.tsx';
import { TextBlock } from '../../components/layout/TextBlock.tsx';
import { VolumePrices } from '../../components/catalogue/VolumePrices.tsx';
import { isOneTimeChoice, volumePriceRows } from '../../lib/catalogue/volume-prices.ts';
import { productHref } from '../../lib/links.ts';
import {
  ADMIN_RELATED_COUNT,
  HIDDEN_RELATED_POSITION,
  RELATED_TILE_COUNT,
  datasetFacts,
  isAdminViewer,
  productBreadcrumbs,
  productJsonLd,
  productName,
  productSku,
  relatedProduct,
  relatedProducts,
  sampleUrl,
  scriptJson,
} from '../../lib/catalogue/product-view.ts';
import { relatedTiles, shownLists, showsRelatedTiles } from '../../lib/catalogue/related-datasets.ts';
import { useRecoActivity } from '../../lib/signals/use-reco-activity.ts';
import type { ProductData, SessionInfo } from '../types.ts';
import { activityProduct } from '../../lib/signals/activity-product.ts';
import { useViewActivity } from '../../lib/signals/use-view-activity.ts';

/** Block configuration of the dataset page (spec 03 §2.2 item 3). */
export const DATASET_PRICING = {
  pricingType: '2_TIER',
  showTaxIndication: false,
  labels: { taxIncluded: 'Tax Included', lastLowestPrice: 'Last Lowest Price:' } satisfies PricingLabels,
} as const;

export const WHAT_YOU_GET_HEADING = "Here's what you get:";

/** A variation family's page: the picker, and what add-to-cart judges (codes 103 and 105). */
export interface ProductPageVariations {
  picker: ReactNode;
  productClass: ProductClass;
  /** Null while no choice is complete; false for a combination that cannot be ordered. */
  valid: boolean | null;
}

export interface ProductPageProps {
  data: ProductData;
  session: SessionInfo | null;
  variations?: ProductPageVariations;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      {children}
    </>
  );
}

/**
 * The selector shows only where there is a choice to make or a subscription to describe: a product
 * sold once at one price (most datasets) keeps the page of spec 03 §2.2, which lists no selector.
 */
export function offersPurchaseOptions(product: Pick<ProductDetail, 'productSellingModels'>): boolean {
  const models = product.productSellingModels ?? [];
  return models.length > 1 || models.some((m) => m.sellingModelType !== 'OneTime');
}

export function ProductPage({ data, session, variations }: ProductPageProps) {
  const { product } = data;
  const name = productName(product);
  const facts = datasetFacts(product);
  const models = product.productSellingModels ?? [];
  // Spec 02 §4: one-time when offered, else the first subscription at its minimum term. The choice belongs
  // to the product shown: another variation picked starts again from its own default.
  const [chosenModel, setChosenModel] = useState<{ productId: string; selection: SellingModelSelection | null }>(
    () => ({ productId: product.id, selection: defaultSellingModel(models) }),
  );
  const selection = chosenModel.productId === product.id ? chosenModel.selection : defaultSellingModel(models);
  const setSelection = (next: SellingModelSelection | null) =>
    setChosenModel({ productId: product.id, selection: next });
  const pricingProps: ProductPricingDetailsProps = {
    product,
    pricing: data.pricing,
    taxes: data.taxes,
    promotionalPricing: data.promotions,
    selectedSellingModel: selection,
    pricingType: DATASET_PRICING.pricingType,
    showTaxIndication: DATASET_PRICING.showTaxIndication,
    labels: DATASET_PRICING.labels,
    defaultCurrency: data.defaultCurrency,
  };
  // The same view the block shows: whether there is a price (add to cart) and which (JSON-LD).
  const { view } = productPriceView(pricingProps);
  const volumeRows =
    view.isPriceAvailable && isOneTimeChoice(models, selection?.productSellingModelId)
      ? volumePriceRows(
          data.pricing?.priceAdjustment?.priceAdjustmentTiers,
          view.currencyIsoCode ?? data.defaultCurrency ?? 'USD',
        )
      : [];
  const sample = sampleUrl(product, data.origin);
  const tiles = relatedTiles(product, data.recommendations ?? []);
  const clickReco = useRecoActivity(shownLists(tiles));
  const hiddenRelated = relatedProduct(product, HIDDEN_RELATED_POSITION);
  const admin = isAdminViewer(session);
  const shown = activityProduct({
    id: product.id,
    sku: productSku(product),
    unitPrice: data.pricing?.unitPrice,
    listPrice: data.pricing?.listPrice,
  });
  useViewActivity('viewProduct', { product: shown });
  // The list builder and evaluation kit of a dataset with a file (issue 19): for this product, not a family's.
  const kit = data.datasetKit?.evaluation.productId === product.id ? data.datasetKit : null;
  const productLd = productJsonLd({
    product,
    origin: data.origin,
    price: view.isPriceAvailable ? view.mainPrice : null,
    currency: view.currencyIsoCode,
  });
  const jsonLd = kit
    ? withDataset(productLd, {
        product,
        origin: data.origin,
        evaluation: kit.evaluation,
        storeName: kit.storeName,
      })
    : productLd;
  const addToCart = (listSelection: SelectionToAdd | null) => (
    <AddToCart
      key={product.id}
      productId={product.id}
      productClass={variations?.productClass ?? product.productClass}
      hasPricing={view.isPriceAvailable}
      quantityRule={product.purchaseQuantityRule}
      availableQuantity={data.availableQuantity}
      selection={selection}
      sellingModelValid={models.length === 0 || selection !== null}
      variantValid={variations?.valid}
      activityProduct={shown}
      listSelection={listSelection}
    />
  );

  return (
    <article className="pdp" aria-labelledby="product-title">
      {/* 1. Breadcrumbs: slash divider, no home link, last item plain text, 3 levels on mobile */}
      <Breadcrumbs
        items={productBreadcrumbs(product)}
        divider="slash"
        showHomeLink={false}
        lastItemAsLink={false}
        maxDepthOnMobile={3}
      />

      {/* 2. Heading */}
      <TextBlock id="product-title" tag="h1" text={name} />

      {/* 3. Pricing details */}
      <ProductPricingDetails {...pricingProps} />
      <VolumePrices rows={volumeRows} />

      {/* The variation picker, on a variation family's pages */}
      {variations?.picker}

      {/* Purchase options (subscription selector), for products sold by subscription */}
      {offersPurchaseOptions(product) ? (
        <SubscriptionSelector models={models} current={selection} onChange={setSelection} />
      ) : null}

      {/* Stock, for products that have it (printed directories) */}
      <ProductAvailability availableQuantity={data.availableQuantity} quantityRule={product.purchaseQuantityRule} />

      {/* 4. Add to cart; for a dataset with a file, after the list builder and followed by the masked preview */}
      {kit ? <DatasetListSection productId={product.id} kit={kit} addToCart={addToCart} /> : addToCart(null)}
      <AddToListControl productId={product.id} productName={name} isGuest={session ? session.isGuest : null} />

      {/* What a set or bundle is made of: a set's products to add at once, a bundle's datasets */}
      {product.productClass === 'Set' ? <SetComponents components={data.components ?? null} /> : null}
      {product.productClass === 'Bundle' ? <BundleContents components={data.components ?? null} /> : null}

      {/* Product images (spec 03 §2.1: image and description sections) */}
      <ProductMediaImages product={product} />

      {/* 5. Rich-text description */}
      <RichText value={data.description} className="pdp__description" />

      {/* 6. */}
      <TextBlock tag="h2" text={WHAT_YOU_GET_HEADING} />

      {/* 7. Two columns of dataset facts */}
      <SectionContainer gutter="2rem" className="pdp__facts">
        <Column width={6}>
          <dl className="facts">
            {facts.listStatus ? (
              <Fact label="List Status">
                <dd>{facts.listStatus}</dd>
              </Fact>
            ) : null}
            {facts.lastUpdated ? (
              <Fact label="Last Updated">
                <dd>{facts.lastUpdated}</dd>
              </Fact>
            ) : null}
            {facts.categories.length ? (
              <Fact label="Categories">
                {facts.categories.map((line, i) => (
                  <dd key={i}>{line}</dd>
                ))}
              </Fact>
            ) : null}
          </dl>
        </Column>
        <Column width={6}>
          <dl className="facts">
            {facts.recordCount ? (
              <Fact label="Record Count">
                <dd>{facts.recordCount}</dd>
              </Fact>
            ) : null}
            {facts.countries.length ? (
              <Fact label="Countries">
                <dd>{facts.countries.join(', ')}</dd>
              </Fact>
            ) : null}
            {facts.sicCode ? (
              <Fact label="SIC Code">
                <dd>{facts.sicCode}</dd>
              </Fact>
            ) : null}
            {facts.includedFields.length ? (
              <Fact label="Included Fields">
                <dd>
                  <ul className="facts__list">
                    {facts.includedFields.map((f, i) => (
                      <li key={i}>{f}</li>
                    ))}
                  </ul>
                </dd>
              </Fact>
            ) : null}
          </dl>
        </Column>
      </SectionContainer>

      {/* The evaluation kit's facts about the file (issue 19) */}
      {kit ? (
        <>
          <DataDictionary fields={kit.evaluation.dictionary} />
          <FreshnessAndLicence evaluation={kit.evaluation} />
        </>
      ) : null}

      {/* 8. Download sample */}
      <Button
        text="DOWNLOAD SAMPLE"
        url={sample}
        variant="primary"
        size="large"
        alignment="center"
        assistiveText={sample ? `for ${name}` : '(no sample available)'}
        disabled={!sample}
      />

      {/* 9. Related datasets (hidden when the product name is the text 'null') */}
      {showsRelatedTiles(product, tiles) ? (
        <SectionContainer ariaLabelledBy="related-title" gutter="2rem" padding="4rem" className="related">
          <Column width={12}>
            <TextBlock
              id="related-title"
              tag="h2"
              text="Related Datasets"
              textColor="#ffffff"
              align="center"
              className="related__title"
            />
            <SectionContainer gutter="5rem" className="related__tiles">
              {Array.from({ length: RELATED_TILE_COUNT }, (_, i) => {
                const r = tiles.find((t) => t.position === i + 1);
                return (
                  <Column key={i} width={4}>
                    {r ? (
                      r.id ? (
                        <AppLink
                          href={productHref(r.id)}
                          className={`tile tile--${i + 1}`}
                          onClick={r.from ? () => clickReco(r.from!.list, r.from!.product, r.position) : undefined}
                        >
                          {r.name}
                        </AppLink>
                      ) : (
                        <span className={`tile tile--${i + 1}`}>{r.name}</span>
                      )
                    ) : null}
                  </Column>
                );
              })}
            </SectionContainer>
          </Column>
        </SectionContainer>
      ) : null}

      {/* 10. Sixth related product: present, hidden for every user */}
      <a
        href={`/store/product/${hiddenRelated?.id ? encodeURIComponent(hiddenRelated.id) : ''}`}
        hidden
        data-related-position={HIDDEN_RELATED_POSITION}
      >
        {hiddenRelated?.name ?? ''}
      </a>

      {/* Related names 1 to 10, only for the user whose userId is '1' */}
      {admin ? (
        <section className="admin-list" aria-label="Related product names">
          <p>Related products:</p>
          <ol>
            {relatedProducts(product, 1, ADMIN_RELATED_COUNT).map((r) => (
              <li key={r.position}>{r.name}</li>
            ))}
          </ol>
        </section>
      ) : null}

      {/* 11. Structured data for search engines */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD is serialised by scriptJson, which escapes < so the script cannot be closed early */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(jsonLd) }} />

      {/* Hidden utility regions: page data layer and session validator */}
      <div
        hidden
        data-page-data-layer=""
        data-crm-id={session?.userId ?? ''}
        data-is-guest={session?.isGuest === false ? 'false' : 'true'}
      />
      <div hidden data-session-validator="" />
    </article>
  );
}
