// Pricing display rules of spec 03 §5 ("Pricing display"), as a pure view model for the product page.
import { type DecimalInput, tryParseDecimal, discountPercent, formatCurrency } from './money.ts';
import { unitPriceForQuantity } from './tiers.ts';
import type {
  PriceAdjustmentTier,
  ProductClass,
  ProductSellingModel,
  SellingModelType,
  SubscriptionTermPrice,
  TaxLocaleType,
} from './wire.ts';

/** Spec 03 §3 "Pricing type values". 1 = one price, 2 = adds a strikethrough, 3 = adds a final price. */
export type PricingType = '1_TIER' | '2_TIER' | '3_TIER';
/** Spec 03 §3 "Price type values": show the one-time model's price, or the active (selected) model's. */
export type PriceType = 'OneTimeSellingModelPrice' | 'ActiveSellingModelPrice';
export type MainPriceSource = 'promotional' | 'negotiated' | 'list';

/**
 * Promotions combine into one message when their count EXCEEDS this value.
 * Spec 03 §5 says "the combine threshold (value not shown)": the spec does not give it.
 * We chose 1, so 2 or more promotions show one combined message and a single one shows its own name.
 */
export const PROMOTION_COMBINE_THRESHOLD = 1;
export const PRICE_UNAVAILABLE_LABEL = 'Price Unavailable';
/** Label the dataset page configures (spec 03 §2.2); used as the default tax label. */
export const TAX_INCLUDED_LABEL = 'Tax Included';
/** Our wording (the spec gives none). {percent} and {count} are replaced. */
export const COMBINED_PROMOTION_TEMPLATE = '{percent}% off with {count} promotions';
export const COMBINED_PROMOTION_TEMPLATE_NO_PERCENT = '{count} promotions applied';

type Tier = Pick<PriceAdjustmentTier, 'lowerBound' | 'upperBound' | 'tierUnitPrice'>;

/** The price fields read here; ProductPrice and ProductPriceEntry from wire.ts both fit. */
export interface PriceFields {
  listPrice: string | null;
  negotiatedPrice?: string | null;
  unitPrice?: string | null;
  priceAdjustment?: { priceAdjustmentTiers: readonly Tier[] } | null;
}
export interface PriceDisplayPricing extends PriceFields {
  currencyIsoCode?: string | null;
  productPriceEntries?: ReadonlyArray<
    PriceFields & {
      productSellingModelId: string | null;
      subscriptionTermPrices?: readonly SubscriptionTermPrice[] | null;
    }
  > | null;
}
export interface PromotionalPricing {
  promotionalPrice: string | null;
  promotionPriceAdjustmentList: ReadonlyArray<{ displayName?: string | null }> | null;
}
export interface PriceDisplayTaxes {
  taxLocaleType: TaxLocaleType | null;
  taxPolicies: ReadonlyArray<{ taxRatePercentage: string | null }> | null;
}
export interface SelectedSellingModel {
  productSellingModelId: string | null;
  sellingModelType?: SellingModelType | null;
  subscriptionTerm?: number | null;
}
export interface PriceDisplayProduct {
  productClass: ProductClass;
  productSellingModels?: ReadonlyArray<Pick<ProductSellingModel, 'id' | 'sellingModelType'>> | null;
}

export interface PriceDisplayInput {
  product: PriceDisplayProduct | null | undefined;
  pricing: PriceDisplayPricing | null | undefined;
  promotionalPricing?: PromotionalPricing | null;
  taxes?: PriceDisplayTaxes | null;
  variant?: { isValid: boolean } | null;
  selectedSellingModel?: SelectedSellingModel | null;
  priceType?: PriceType | null;
  /** Default '1_TIER'. */
  pricingType?: PricingType;
  /** The "tax indication" switch of the block; default off. */
  showTaxIndication?: boolean;
  /** When given, volume tiers pick the negotiated price (spec 01 §5). */
  quantity?: DecimalInput | null;
  locale?: string;
  /** Used when pricing has no currencyIsoCode; default 'USD' (spec 01 §1). */
  defaultCurrency?: string;
  currencyDisplay?: 'symbol' | 'narrowSymbol' | 'code' | 'name';
  combineThreshold?: number;
  labels?: {
    taxIncluded?: string;
    priceUnavailable?: string;
    combinedPromotion?: string;
    combinedPromotionNoPercent?: string;
  };
}

export interface CombinedPromotionMessage {
  count: number;
  percentOff: number | null;
  text: string;
}

export interface PriceDisplayView {
  isVisible: boolean;
  isPriceAvailable: boolean;
  /** 'Price Unavailable' when the block shows but there is no main price; else null. */
  unavailableLabel: string | null;
  currencyIsoCode: string | null;
  mainPrice: string | null;
  mainPriceSource: MainPriceSource | null;
  strikethroughPrice: string | null;
  finalPrice: string | null;
  formatted: { mainPrice: string | null; strikethroughPrice: string | null; finalPrice: string | null };
  promotionApplies: boolean;
  /** Individual promotion names; empty when the combined message is used instead. */
  promotionMessages: string[];
  combinedMessage: CombinedPromotionMessage | null;
  showTaxIndication: boolean;
  taxLabel: string | null;
  taxRatePercentage: string | null;
}

/** A price counts only when it is a non-empty decimal string; bad data is treated as absent. */
function price(value: string | null | undefined): string | null {
  return typeof value === 'string' && tryParseDecimal(value) !== null ? value.trim() : null;
}

function gt(a: string, b: string): boolean {
  return tryParseDecimal(a)!.gt(tryParseDecimal(b)!);
}

/**
 * Whether the block shows: product and pricing exist, the class is not VariationParent or Set,
 * the variant is not flagged invalid, and a price type is given or no selling model is selected.
 */
export function isPriceBlockVisible(
  input: Pick<PriceDisplayInput, 'product' | 'pricing' | 'variant' | 'priceType' | 'selectedSellingModel'>,
): boolean {
  const { product, pricing, variant, priceType, selectedSellingModel } = input;
  if (!product || !pricing) return false;
  if (product.productClass === 'VariationParent' || product.productClass === 'Set') return false;
  if (variant && variant.isValid === false) return false;
  return Boolean(priceType) || !selectedSellingModel?.productSellingModelId;
}

/** Type of the selected model: given directly, or looked up among the product's models. */
export function selectedSellingModelType(
  product: PriceDisplayProduct | null | undefined,
  selected: SelectedSellingModel | null | undefined,
): SellingModelType | null {
  if (!selected?.productSellingModelId) return null;
  if (selected.sellingModelType) return selected.sellingModelType;
  return product?.productSellingModels?.find((m) => m.id === selected.productSellingModelId)?.sellingModelType ?? null;
}

/** Promotional price applies only for a one-time model (or none) and when the promotion has adjustments. */
export function promotionApplies(
  sellingModelType: SellingModelType | null | undefined,
  promo: PromotionalPricing | null | undefined,
): boolean {
  const oneTimeOrNone = !sellingModelType || sellingModelType === 'OneTime';
  return (
    oneTimeOrNone && Boolean(promo?.promotionPriceAdjustmentList?.length) && price(promo?.promotionalPrice) !== null
  );
}

/** The original (list) price counts only when it exceeds the negotiated price. */
export function countedOriginalPrice(listPrice: string | null, negotiatedPrice: string | null): string | null {
  const list = price(listPrice);
  const negotiated = price(negotiatedPrice);
  return list !== null && negotiated !== null && gt(list, negotiated) ? list : null;
}

/**
 * Main price. 1_TIER and 2_TIER: promotional, else negotiated, else list.
 * 3_TIER: negotiated when promotional, negotiated and list all exist; otherwise the first of promotional, negotiated, list.
 */
export function chooseMainPrice(
  pricingType: PricingType,
  prices: { promotional: string | null; negotiated: string | null; list: string | null },
): { price: string | null; source: MainPriceSource | null } {
  const promotional = price(prices.promotional);
  const negotiated = price(prices.negotiated);
  const list = price(prices.list);
  if (pricingType === '3_TIER' && promotional && negotiated && list) return { price: negotiated, source: 'negotiated' };
  if (promotional) return { price: promotional, source: 'promotional' };
  if (negotiated) return { price: negotiated, source: 'negotiated' };
  if (list) return { price: list, source: 'list' };
  return { price: null, source: null };
}

export const showsStrikethrough = (t: PricingType): boolean => t === '2_TIER' || t === '3_TIER';
export const showsFinalPrice = (t: PricingType): boolean => t === '3_TIER';

/** Discount prices show only when the value is a negative numeric string. */
export function shouldShowDiscount(value: string | null | undefined): boolean {
  const v = typeof value === 'string' ? tryParseDecimal(value) : null;
  return v?.lt(0) === true;
}

/** An original price shows only when both prices are non-negative numbers and original > current. */
export function shouldShowOriginal(original: string | null | undefined, current: string | null | undefined): boolean {
  const o = typeof original === 'string' ? tryParseDecimal(original) : null;
  const c = typeof current === 'string' ? tryParseDecimal(current) : null;
  return o !== null && c !== null && o.gte(0) && c.gte(0) && o.gt(c);
}

/** Tax indication: enabled, a price is available, locale type Gross or Automatic, rate defined and not 0. */
export function shouldShowTaxIndication(args: {
  enabled: boolean;
  priceAvailable: boolean;
  taxLocaleType: TaxLocaleType | null | undefined;
  taxRatePercentage: string | null | undefined;
}): boolean {
  const rate = typeof args.taxRatePercentage === 'string' ? tryParseDecimal(args.taxRatePercentage) : null;
  return (
    args.enabled &&
    args.priceAvailable &&
    (args.taxLocaleType === 'Gross' || args.taxLocaleType === 'Automatic') &&
    rate !== null &&
    !rate.eq(0)
  );
}

/**
 * List and negotiated prices to display. With a price type or a selected model, the matching
 * productPriceEntries row is used (and its subscription term price when a term is chosen);
 * otherwise the top-level prices. Negotiated falls back to unitPrice, and volume tiers apply when a quantity is given.
 */
export function resolveDisplayPrices(
  input: Pick<PriceDisplayInput, 'pricing' | 'product' | 'selectedSellingModel' | 'priceType' | 'quantity'>,
): { list: string | null; negotiated: string | null } {
  const { pricing, product, selectedSellingModel, priceType, quantity } = input;
  if (!pricing) return { list: null, negotiated: null };
  const modelId =
    priceType === 'OneTimeSellingModelPrice'
      ? (product?.productSellingModels?.find((m) => m.sellingModelType === 'OneTime')?.id ?? null)
      : (selectedSellingModel?.productSellingModelId ?? null);
  const entry = modelId ? pricing.productPriceEntries?.find((e) => e.productSellingModelId === modelId) : undefined;
  const source: PriceFields = entry ?? pricing;
  let negotiated = price(source.negotiatedPrice) ?? price(source.unitPrice);
  let list = price(source.listPrice);
  const term = priceType === 'OneTimeSellingModelPrice' ? null : selectedSellingModel?.subscriptionTerm;
  const termPrice = entry && term != null ? entry.subscriptionTermPrices?.find((t) => t.term === term) : undefined;
  if (termPrice) {
    negotiated = price(termPrice.negotiatedPrice) ?? negotiated;
    list = price(termPrice.listPrice) ?? list;
  } else if (quantity !== null && quantity !== undefined) {
    negotiated = price(unitPriceForQuantity(negotiated, source.priceAdjustment?.priceAdjustmentTiers, quantity));
  }
  return { list, negotiated };
}

const HIDDEN: PriceDisplayView = Object.freeze({
  isVisible: false,
  isPriceAvailable: false,
  unavailableLabel: null,
  currencyIsoCode: null,
  mainPrice: null,
  mainPriceSource: null,
  strikethroughPrice: null,
  finalPrice: null,
  formatted: Object.freeze({ mainPrice: null, strikethroughPrice: null, finalPrice: null }),
  promotionApplies: false,
  promotionMessages: [] as string[],
  combinedMessage: null,
  showTaxIndication: false,
  taxLabel: null,
  taxRatePercentage: null,
}) as PriceDisplayView;

/** The whole pricing block as a plain view model (spec 03 §5). */
export function computePriceDisplay(input: PriceDisplayInput): PriceDisplayView {
  if (!isPriceBlockVisible(input)) return { ...HIDDEN, formatted: { ...HIDDEN.formatted }, promotionMessages: [] };
  const pricingType = input.pricingType ?? '1_TIER';
  const labels = input.labels ?? {};
  const threshold = input.combineThreshold ?? PROMOTION_COMBINE_THRESHOLD;

  const { list, negotiated } = resolveDisplayPrices(input);
  const promoApplies = promotionApplies(
    selectedSellingModelType(input.product, input.selectedSellingModel),
    input.promotionalPricing,
  );
  const promotional = promoApplies ? price(input.promotionalPricing!.promotionalPrice) : null;
  const main = chooseMainPrice(pricingType, { promotional, negotiated, list });
  const isPriceAvailable = main.price !== null;

  // Strikethrough (2/3 tier): the original list price when it counts; when a promotion is the main price and the
  // list price does not count, the negotiated price it replaced (our reading; the spec names no other candidate).
  // Either way it must pass the "original > current, both non-negative" rule.
  let strikethroughPrice: string | null = null;
  if (showsStrikethrough(pricingType) && main.price) {
    const candidate = countedOriginalPrice(list, negotiated) ?? (main.source === 'promotional' ? negotiated : null);
    if (shouldShowOriginal(candidate, main.price)) strikethroughPrice = candidate;
  }
  // Final price (3 tier only): the promotional price that follows the negotiated main price.
  const finalPrice = showsFinalPrice(pricingType) && main.source === 'negotiated' && promotional ? promotional : null;

  const adjustments = promoApplies ? (input.promotionalPricing!.promotionPriceAdjustmentList ?? []) : [];
  let combinedMessage: CombinedPromotionMessage | null = null;
  let promotionMessages: string[] = [];
  if (adjustments.length > threshold) {
    // Rounded percent between the strikethrough and the main price, as spec 03 §5 words it.
    const percentOff = strikethroughPrice && main.price ? discountPercent(strikethroughPrice, main.price) : null;
    const template =
      percentOff !== null
        ? (labels.combinedPromotion ?? COMBINED_PROMOTION_TEMPLATE)
        : (labels.combinedPromotionNoPercent ?? COMBINED_PROMOTION_TEMPLATE_NO_PERCENT);
    const text = template.replaceAll('{percent}', String(percentOff)).replaceAll('{count}', String(adjustments.length));
    combinedMessage = { count: adjustments.length, percentOff, text };
  } else {
    promotionMessages = adjustments.map((a) => a.displayName?.trim() ?? '').filter((n) => n !== '');
  }

  const taxRatePercentage = input.taxes?.taxPolicies?.[0]?.taxRatePercentage ?? null;
  const showTax = shouldShowTaxIndication({
    enabled: input.showTaxIndication ?? false,
    priceAvailable: isPriceAvailable,
    taxLocaleType: input.taxes?.taxLocaleType,
    taxRatePercentage,
  });

  const currencyIsoCode = input.pricing?.currencyIsoCode || input.defaultCurrency || 'USD';
  const fmt = (p: string | null) =>
    p === null
      ? null
      : formatCurrency(p, currencyIsoCode, input.locale ?? 'en-US', {
          currencyDisplay: input.currencyDisplay ?? 'symbol',
        });

  return {
    isVisible: true,
    isPriceAvailable,
    unavailableLabel: isPriceAvailable ? null : (labels.priceUnavailable ?? PRICE_UNAVAILABLE_LABEL),
    currencyIsoCode,
    mainPrice: main.price,
    mainPriceSource: main.source,
    strikethroughPrice,
    finalPrice,
    formatted: { mainPrice: fmt(main.price), strikethroughPrice: fmt(strikethroughPrice), finalPrice: fmt(finalPrice) },
    promotionApplies: promoApplies,
    promotionMessages,
    combinedMessage,
    showTaxIndication: showTax,
    taxLabel: showTax ? (labels.taxIncluded ?? TAX_INCLUDED_LABEL) : null,
    taxRatePercentage: showTax ? taxRatePercentage : null,
  };
}
