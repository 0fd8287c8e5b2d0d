// Cart wire shapes (spec 02 §3 "Cart", §7 "Carts"; commerce-api.md §6). Money and quantities travel
// as decimal strings, counts as numbers. Shared by the server (which emits them), the client (which
// types its calls with them) and the storefront (which shows them).
import type { ListSelectionOnLine } from './dataset-lists.ts';
import type { ProductMedia, PurchaseQuantityRule, ProductClass, SellingModelType, TaxLocaleType } from './wire.ts';

export type AsyncOperationStatus = 'Completed' | 'Errored' | 'Processing';
export type CartStatus = 'Active' | 'Checkout' | 'Closed' | 'PendingDelete';
export type CartType = 'Cart' | 'PayNowReadOnly';

/** Spec 02 §9. */
export const CART_ITEMS_PAGE_SIZE = 25;
export const CART_ITEMS_MAX_PAGE_SIZE = 100;
export const CART_ITEMS_DEFAULT_SORT = 'CreatedDateDesc';
export const CART_ITEM_SORTS = [
  'CreatedDateDesc',
  'CreatedDateAsc',
  'NameAsc',
  'NameDesc',
  'SalesPriceAsc',
  'SalesPriceDesc',
] as const;
export type CartItemSort = (typeof CART_ITEM_SORTS)[number];
export const DELIVERY_GROUPS_DEFAULT_LIMIT = 20;
export const DEFAULT_RESERVATION_SECONDS = 14400;
/** A batch add takes at most this many lines (the platform's BatchCollectionInput limit). */
export const CART_BATCH_MAX = 100;
/** A cart takes at most this many coupons (commerce-api §10). */
export const MAX_CART_COUPONS = 2;
/** Header the client sends on carts the store marks as high-scale (spec 02 §7; the name is ours). */
export const HIGH_SCALE_CART_HEADER = 'x-high-scale-cart';

/** Messages the add-to-cart control shows (spec 03 §8). */
export const ADD_TO_CART_MESSAGES = {
  maxLimitExceeded: 'The item you selected is already in your cart.',
  fallback: 'An unexpected error occurred.',
  successTitle: 'Success',
  successMessage: 'Your cart has been updated.',
  errorTitle: 'Error',
} as const;

export interface CartMessagesSummary {
  errorCount: number;
  hasErrors: boolean;
  limitedMessages: Array<{ message: string; relatedEntityId: string | null; severity: 'Error' | 'Info' }>;
  relatedEntityId: string | null;
  totalLineItemsWithErrors: number;
}

export interface CartSummary {
  /** null for `current` when the shopper has no cart yet. */
  cartId: string | null;
  accountId: string | null;
  ownerId: string | null;
  webstoreId: string;
  name: string;
  status: CartStatus;
  type: CartType;
  currencyIsoCode: string;
  asyncOperationStatus: AsyncOperationStatus;
  taxType: TaxLocaleType;
  /** Sum of line quantities, e.g. "3". */
  totalProductCount: string;
  uniqueProductCount: number;
  totalProductLineItemCount: number;
  /** List prices × quantities. */
  totalListPrice: string;
  /** Sales prices (volume tiers applied) × quantities, before promotions. */
  totalProductAmount: string;
  /** Item and cart promotions together, negative or "0.00". */
  totalPromotionalAdjustmentAmount: string;
  /** The part of the above that is cart-level (order-wide promotions). */
  totalCartLevelAdjustmentAmount: string;
  totalProductAmountAfterAdjustments: string;
  /** Estimated tax (Net stores add it; Gross stores include it, and this says how much of it is tax). */
  totalTaxAmount: string;
  /** Delivery charges; none before checkout. */
  totalChargeAmount: string;
  /** Ours (issue 14): the gift wrap's price while it is chosen and the cart has printed goods, else "0.00". */
  totalGiftWrapAmount: string;
  grandTotalAmount: string;
  /** Ours (issue 14): the shopper's gift choices (giftingConfig in the application context). */
  giftOptions: GiftOptions;
  messagesSummary: CartMessagesSummary;
}

/** The longest gift message a shopper may write (the card it is printed on holds about this much). */
export const GIFT_MESSAGE_MAX = 200;

/** The longest name the gift card is addressed to (it is printed on one line above the message). */
export const GIFT_TO_NAME_MAX = 80;

/** Gift wrap and gift message chosen for a cart, kept with its order. */
export interface GiftChoice {
  giftWrap: boolean;
  giftMessage: string | null;
  /** Who the gift card is addressed to (the platform's delivery group `giftToName`); offered with the message. */
  giftToName: string | null;
}
/** A cart's gift choice, and whether it has printed directories that can be wrapped. */
export interface GiftOptions extends GiftChoice {
  canGiftWrap: boolean;
}

/** GET carts/compact-summary: the header badge and the mini cart. */
export interface CartCompactSummary {
  cartId: string | null;
  currencyIsoCode: string;
  totalProductCount: string;
  uniqueProductCount: number;
  asyncOperationStatus: AsyncOperationStatus;
  totalProductAmount: string;
  totalPromotionalAdjustmentAmount: string;
  grandTotalAmount: string;
}

/** One promotion's share of a line or of the cart (our addition beside promotionDisplayName). */
export interface CartAdjustment {
  promotionId: string;
  displayName: string;
  /** Negative decimal string. */
  adjustmentAmount: string;
  couponCode: string | null;
  targetType: 'Item' | 'Cart';
}

export interface CartItemProduct {
  productId: string;
  name: string;
  sku: string;
  productUrlName: string;
  productClass: ProductClass;
  fields: Record<string, string>;
  thumbnailImage: ProductMedia | null;
  purchaseQuantityRule: PurchaseQuantityRule;
}

export interface CartItem {
  cartItemId: string;
  cartId: string;
  cartDeliveryGroupId: string | null;
  productId: string;
  name: string;
  type: 'Product';
  quantity: string;
  currencyIsoCode: string;
  listPrice: string;
  /** The unit price after volume tiers. */
  salesPrice: string;
  /** The unit price after tiers and item promotions. */
  unitAdjustedPrice: string;
  totalListPrice: string;
  /** salesPrice × quantity. */
  totalPrice: string;
  /** Item promotions, negative or "0.00". */
  totalAdjustmentAmount: string;
  /** totalPrice + totalAdjustmentAmount. */
  totalAmount: string;
  totalTax: string;
  productSellingModelId: string | null;
  sellingModelType: SellingModelType | null;
  subscriptionTerm: number | null;
  productClass: ProductClass;
  promotionDisplayName: string | null;
  adjustments: CartAdjustment[];
  productDetails: CartItemProduct;
  messagesSummary: CartMessagesSummary;
  createdDate: string;
  /** Ours (issue 19): the records of the dataset the line buys, when a selection (null: the whole dataset). */
  listSelection?: ListSelectionOnLine | null;
}

export interface CartItemResult {
  cartItem: CartItem;
  message: string | null;
  status: 'Success';
}

export interface CartCoupon {
  cartCouponId: string;
  couponCode: string;
}
export interface CartCouponCollection {
  cartId: string;
  cartStatus: CartStatus;
  ownerId: string | null;
  cartCoupons: { coupons: CartCoupon[] };
}

export interface CartPromotion {
  promotionId: string;
  displayName: string;
  termsAndConditions: string | null;
  /** Negative decimal string: what it took off this cart. */
  adjustmentAmount: string;
  couponCode: string | null;
  targetType: 'Item' | 'Cart';
  currencyIsoCode: string;
}
export interface CartPromotionCollection {
  cartId: string;
  cartStatus: CartStatus;
  currencyIsoCode: string;
  promotions: { promotions: CartPromotion[] };
}

export interface CartItemCollection {
  cartItems: CartItemResult[];
  cartSummary: CartSummary;
  hasErrors: boolean;
  /** 1-based. */
  currentPage: number;
  totalNumberOfPages: number;
  totalItemCount: number;
  count: number;
  currentPageToken: string;
  nextPageToken: string | null;
  previousPageToken: string | null;
  cartCoupons: CartCouponCollection;
  cartPromotions: CartPromotionCollection;
}

/** POST cart-items and each line of a batch. */
export interface CartItemInput {
  productId: string;
  /** A decimal string; numbers are accepted too. */
  quantity: string | number;
  type?: 'Product';
  productSellingModelId?: string;
  subscriptionTerm?: number;
  /**
   * Ours (issue 19): buy only these records of a dataset, as a canonical list selection (core/list-selection.ts,
   * e.g. "region=TX&email=1"). The line is priced per record (core/list-pricing.ts) and holds one selection.
   */
  listSelection?: string;
}

export interface BatchResult<T> {
  statusCode: number;
  result: T | Array<{ errorCode: string; message: string }>;
}
/** POST cart-items/batch: 200 with results in input order, or 202 when the batch runs in the background. */
export interface CartBatchResults {
  hasErrors: boolean;
  results: Array<BatchResult<CartItem>>;
  /** On 202: poll the summary until asyncOperationStatus leaves Processing. */
  asyncOperationStatus?: AsyncOperationStatus;
}

export interface DeliveryAddressInput {
  name?: string;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  street?: string;
  city?: string;
  region?: string;
  postalCode?: string;
  country: string;
}

export interface CartDeliveryGroup {
  id: string;
  name: string;
  isDefault: boolean;
  deliveryAddress: DeliveryAddressInput | null;
  deliveryMethodId: string | null;
  desiredDeliveryDate: string | null;
  shippingInstructions: string | null;
  totalCartItemCount: number;
  /** Up to cartItemLimit items (default 0). */
  cartItems: CartItem[];
}
export interface CartDeliveryGroupCollection {
  deliveryGroups: CartDeliveryGroup[];
  total: number;
}

export interface InventoryReservation {
  productId: string;
  quantity: string;
  expiresAt: string;
}
export interface InventoryReservationResult {
  cartId: string;
  /** When the reservations lapse, ISO-8601. */
  expiresAt: string;
  reservations: InventoryReservation[];
}

/** POST carts/{id}/actions/preserve: what merging a guest cart into the shopper's gave. */
export interface CartPreserveResult {
  cartId: string;
  /** Guest lines that went into the cart. */
  mergedLineCount: number;
  /** Guest lines that could not (already there once-only, rules, stock): spec 02 §4's errors count. */
  errorCount: number;
  messages: string[];
}

/** A cart error as the storefront keeps it (spec 03 §8): a code, and a message only for CART_VALIDATION_ERROR (spec 02 §8). */
export interface CartError {
  code: string;
  message: string | null;
}

// A name counts as a code only when it reads like one (MAX_LIMIT_EXCEEDED): a JavaScript class name
// (TypeError, AbortError, CommerceFetchError) says nothing a shopper can use, so that failure shows its
// own message instead (spec 03 §8 "No code").
const CODE_LIKE = /^[A-Z][A-Z0-9_]*$/;

/**
 * The code of a thrown cart failure (spec 03 §8): the first error's type (the typed client's error list,
 * else an API body's errorCode), else the error's name when it is a code; null when there is none.
 */
export function cartErrorCode(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const { errors, name } = error as { errors?: unknown; name?: unknown };
  const first = Array.isArray(errors) ? (errors[0] as { type?: unknown; errorCode?: unknown } | undefined) : undefined;
  const type = first?.type ?? first?.errorCode;
  if (typeof type === 'string' && type !== '') return type;
  if (typeof name === 'string' && CODE_LIKE.test(name)) return name;
  return null;
}

/** The first error of a thrown cart failure, normalised: its code (else UNKNOWN_ERROR); the message only when it is a validation error. */
export function normaliseCartError(error: unknown): CartError {
  const code = cartErrorCode(error) ?? 'UNKNOWN_ERROR';
  const errors = (error as { errors?: unknown } | null)?.errors;
  const first = Array.isArray(errors) ? (errors[0] as { message?: unknown } | undefined) : undefined;
  const message = typeof first?.message === 'string' ? first.message : null;
  return { code, message: code === 'CART_VALIDATION_ERROR' ? message : null };
}

/** "the error serialised as text": a thrown string as it is, anything else as JSON; '' when that says nothing. */
function serialised(error: unknown): string {
  if (typeof error === 'string') return error;
  try {
    const text = JSON.stringify(error);
    return text === undefined || text === '{}' || text === '[]' || text === 'null' ? '' : text;
  } catch {
    return ''; // a cycle: nothing readable to show
  }
}

/**
 * Maps a thrown cart failure to the add-to-cart message (spec 03 §8), in the spec's order:
 * MAX_LIMIT_EXCEEDED → "The item you selected is already in your cart."; another code → "Cart error: {code}";
 * no code → the error's own message, else the error serialised; nothing at all → "An unexpected error occurred."
 */
export function addToCartErrorMessage(error: unknown): string {
  if (error === null || error === undefined) return ADD_TO_CART_MESSAGES.fallback;
  const code = cartErrorCode(error);
  if (code === 'MAX_LIMIT_EXCEEDED') return ADD_TO_CART_MESSAGES.maxLimitExceeded;
  if (code) return `Cart error: ${code}`;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own.trim() !== '') return own;
  return serialised(error) || ADD_TO_CART_MESSAGES.fallback;
}
