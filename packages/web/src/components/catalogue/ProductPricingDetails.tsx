// Product pricing details (spec 03 §5): the pricing display view model from @store/core, rendered.
// PricingDisplay renders a computed view; ProductPricingDetails is the builder wrapper that feeds
// the block's configuration (pricing type, tax indication, labels), the promotional pricing and the
// selected selling model (subscription selector) into the computation.

import {
  computePriceDisplay,
  formatCurrency,
  type PriceDisplayView,
  type PriceType,
  type PricingType,
  type ProductDetail,
  type PromotionalPricing,
  type SelectedSellingModel,
  type ProductPrice,
  type ProductTaxes,
} from '@store/core';
import { cx } from '../ui/classes.ts';

export interface PricingLabels {
  taxIncluded?: string;
  lastLowestPrice?: string;
  priceUnavailable?: string;
  originalPrice?: string;
  currentPrice?: string;
}

export interface PricingDisplayProps {
  view: PriceDisplayView;
  /** Formatted 'last lowest price', shown after its label when given. */
  lowestPrice?: string | null;
  labels?: PricingLabels;
  className?: string;
}

export function PricingDisplay({ view, lowestPrice, labels = {}, className }: PricingDisplayProps) {
  if (!view.isVisible) return null;
  if (!view.isPriceAvailable) {
    return (
      <p className={cx('price', 'price--unavailable', className)} data-testid="price-unavailable">
        {view.unavailableLabel ?? labels.priceUnavailable ?? 'Price Unavailable'}
      </p>
    );
  }
  const f = view.formatted;
  return (
    <div className={cx('price-block', className)}>
      <p className="price">
        {f.strikethroughPrice ? (
          <s className="price__original">
            <span className="sr-only">{`${labels.originalPrice ?? 'Original price'} `}</span>
            {f.strikethroughPrice}
          </s>
        ) : null}
        <span className="price__main">
          {f.strikethroughPrice ? (
            <span className="sr-only">{`${labels.currentPrice ?? 'Current price'} `}</span>
          ) : null}
          {f.mainPrice}
        </span>
        {f.finalPrice ? <span className="price__final">{f.finalPrice}</span> : null}
        {view.showTaxIndication && view.taxLabel ? <span className="price__tax">{view.taxLabel}</span> : null}
      </p>
      {view.combinedMessage ? (
        <p className="price__promo">{view.combinedMessage.text}</p>
      ) : view.promotionMessages.length ? (
        <ul className="price__promos">
          {view.promotionMessages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
      {lowestPrice ? (
        <p className="price__lowest">{`${labels.lastLowestPrice ?? 'Last Lowest Price:'} ${lowestPrice}`}</p>
      ) : null}
    </div>
  );
}

export interface ProductPricingDetailsProps {
  product: Pick<ProductDetail, 'productClass' | 'productSellingModels'>;
  /** null when the product has no price (the pricing call answered 404). */
  pricing: ProductPrice | null;
  taxes?: ProductTaxes | null;
  /** The product's promotional price and the promotions behind it (evaluate-products), when any apply. */
  promotionalPricing?: PromotionalPricing | null;
  /** The model the shopper chose; its price entry (and term price) is shown. */
  selectedSellingModel?: SelectedSellingModel | null;
  pricingType?: PricingType;
  showTaxIndication?: boolean;
  labels?: PricingLabels;
  defaultCurrency?: string;
  locale?: string;
}

const ACTIVE_MODEL_PRICE: PriceType = 'ActiveSellingModelPrice';

/** An empty price record: the block still shows, with 'Price Unavailable'. */
const NO_PRICE = {
  listPrice: null,
  negotiatedPrice: null,
  unitPrice: null,
  currencyIsoCode: null,
  productPriceEntries: [],
};

export function productPriceView(props: ProductPricingDetailsProps): {
  view: PriceDisplayView;
  lowestPrice: string | null;
} {
  const pricing = props.pricing ?? NO_PRICE;
  const view = computePriceDisplay({
    product: props.product,
    pricing,
    taxes: props.taxes ?? null,
    promotionalPricing: props.promotionalPricing ?? null,
    selectedSellingModel: props.selectedSellingModel ?? null,
    // Spec 03 §5: with a model selected the block shows only when a price type is given; the active
    // (selected) model's price is the one to show.
    priceType: props.selectedSellingModel?.productSellingModelId ? ACTIVE_MODEL_PRICE : null,
    pricingType: props.pricingType ?? '2_TIER',
    showTaxIndication: props.showTaxIndication ?? false,
    defaultCurrency: props.defaultCurrency,
    locale: props.locale,
    labels: { taxIncluded: props.labels?.taxIncluded, priceUnavailable: props.labels?.priceUnavailable },
  });
  const lowest = props.pricing?.lowestUnitPrice ?? null;
  const lowestPrice =
    view.isPriceAvailable && lowest
      ? formatCurrency(lowest, view.currencyIsoCode ?? props.defaultCurrency ?? 'USD', props.locale ?? 'en-US') || null
      : null;
  return { view, lowestPrice };
}

export function ProductPricingDetails(props: ProductPricingDetailsProps) {
  const { view, lowestPrice } = productPriceView(props);
  return <PricingDisplay view={view} lowestPrice={lowestPrice} labels={props.labels} />;
}
