// Wire shapes and rules of checkout, payments, orders, the address book and subscriptions
// (spec 02 §3, §4, §7, §8; shared/reference/commerce-api.md §7 and §8). Money is a decimal string.
import type { ListSelectionOnLine } from './dataset-lists.ts';
import type { CartSummary } from './cart.ts';

/** Spec 02 §4: a checkout is ready at 200 (or 422, ready with errors); 202 means still working, reload it. */
export const CHECKOUT_READY_STATUSES: readonly number[] = [200, 422];
/** Spec 02 §4: starting a checkout that answers 410 or 422 deletes the old one and starts once more. */
export const CHECKOUT_RESTART_STATUSES: readonly number[] = [410, 422];

export const isCheckoutReady = (status: number): boolean => CHECKOUT_READY_STATUSES.includes(status);
export const shouldRestartCheckout = (status: number): boolean => CHECKOUT_RESTART_STATUSES.includes(status);

/** Spec 02 §8, checkout and cart errors (codes as the client normalises them). */
export const CHECKOUT_ERROR_CODES = {
  insufficientInventory: 'INSUFFICIENT_INVENTORY',
  nullCheckoutId: 'NULL_CHECKOUTID',
  sessionNotLoaded: 'SESSION_NOT_LOADED',
  internalError: 'INTERNAL_ERROR',
  ssrNoPolling: 'SSR_NO_POLLING',
  ssrFastCheckout: 'SSR_FAST_CHECKOUT',
  ssrCheckoutRetry: 'SSR_CHECKOUT_RETRY',
  cpaDisabled: 'CPA_DISABLED',
  addressIdRequired: 'ADDRESS_ID_REQUIRED',
  deliveryGroupIdRequired: 'DELIVERY_GROUP_ID_REQUIRED',
  cartValidation: 'CART_VALIDATION_ERROR',
  checkoutConflict: 'CHECKOUT_CONFLICT',
} as const;

/** Session storage key of the active checkout id (spec 02 §4: the name is not shown; this is ours). */
export const CHECKOUT_SESSION_KEY = 'store.checkout.activeId';
/** Header a client sends so a retried place-order returns the order already placed. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export interface ContactInfo {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phoneNumber: string | null;
}

/** A delivery address as the checkout holds it (CheckoutAddress). */
export interface CheckoutAddress {
  /** The address-book entry it came from, if any. */
  id: string | null;
  name: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  /** Two lines are joined with "\n". */
  street: string;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string;
  isDefault: boolean;
  shipToPhoneNumber: string | null;
}

/** PATCH checkouts: a saved address by id, or a full address. */
export type CheckoutAddressInput =
  | { id: string }
  | {
      name: string;
      street: string;
      country: string;
      firstName?: string;
      lastName?: string;
      companyName?: string;
      city?: string;
      region?: string;
      postalCode?: string;
      isDefault?: boolean;
      shipToPhoneNumber?: string;
    };

export type DeliveryKind = 'Digital' | 'Shipped';

export interface DeliveryMethod {
  id: string;
  name: string;
  carrier: string | null;
  classOfService: string | null;
  currencyIsoCode: string;
  shippingFee: string;
  /** Ours: Digital methods deliver datasets by download; nothing ships. */
  deliveryKind: DeliveryKind;
  processTime: number | null;
  processTimeUnit: 'Hours' | 'Days' | 'Weeks' | null;
  transitTimeMin: number | null;
  transitTimeMax: number | null;
  transitTimeUnit: 'Hours' | 'Days' | 'Weeks' | null;
}

export interface CheckoutDeliveryGroup {
  id: string;
  name: string;
  isDefault: boolean;
  deliveryAddress: CheckoutAddress | null;
  availableDeliveryMethods: DeliveryMethod[];
  selectedDeliveryMethod: DeliveryMethod | null;
  desiredDeliveryDate: string | null;
  shippingInstructions: string | null;
  totalCartItemCount: number;
  totalProductAmount: string;
  /** True when every line of the group is a dataset: no address is needed to deliver it. */
  isAllDigitalCartItems: boolean;
}

/** RFC-7807-like error inside checkout, payment and order bodies. */
export interface CheckoutError {
  type: string;
  title: string;
  detail: string;
  instance?: string | null;
  invalidParameters?: Array<{ name: string; reason: string }>;
}

export type PaymentRequestType = 'Auth' | 'PostAuth' | 'SimplePurchaseOrder' | 'ClientRequest';
export type PaymentResultCode = 'Success' | 'Decline' | 'SystemError' | 'ValidationError';

/** The payment a checkout holds (ours: the platform keeps this server-side). */
export interface CheckoutPaymentSummary {
  paymentId: string;
  method: 'Card' | 'PurchaseOrder';
  cardBrand: string | null;
  cardLast4: string | null;
  purchaseOrderNumber: string | null;
  amount: string;
  currencyIsoCode: string;
  /** False once the cart changed after the payment: place-order then refuses (409) until it is paid again. */
  coversCart: boolean;
}

export interface Checkout {
  checkoutId: string;
  /** The HTTP status this body came with (200 ready, 202 working, 422 ready with errors). */
  checkoutStatus: number;
  statusCode: string;
  cartSummary: CartSummary;
  contactInfo: ContactInfo | null;
  deliveryGroups: { count: number; items: CheckoutDeliveryGroup[] };
  errors: CheckoutError[];
  orderReferenceNumber: string | null;
  /** Ours: the order the checkout became, once placed. */
  orderId: string | null;
  payment: CheckoutPaymentSummary | null;
  /** Ours: the shopper is a guest (contact details are then required). */
  isGuestCheckout: boolean;
  customFields: unknown[];
}

export interface PaymentRequest {
  requestType: PaymentRequestType;
  /** A gateway token (Auth), an authorisation reference (PostAuth) or the purchase order number (SimplePurchaseOrder). */
  paymentToken?: string;
  billingAddress?: Partial<CheckoutAddress> & { name: string; street: string; country: string };
  /** ClientRequest: what the browser's payment component produced, as JSON text. */
  paymentsData?: string;
}

export interface CheckoutPayment {
  errors: CheckoutError[];
  paymentData: {
    paymentId: string;
    status: string;
    method: 'Card' | 'PurchaseOrder';
    cardBrand: string | null;
    cardLast4: string | null;
  } | null;
  salesforceResultCode: PaymentResultCode;
}

export interface PlaceOrderResult {
  orderReferenceNumber: string;
  orderSummaryId: string;
  salesOrderId: string;
  errors: CheckoutError[];
}

export interface PrepareOrderResult {
  ready: boolean;
  errors: CheckoutError[];
}

// Address book (commerce-api.md §8).
export type AddressType = 'Shipping' | 'Billing';

export interface CommerceAddress {
  addressId: string;
  addressType: AddressType;
  name: string;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  companyName: string | null;
  street: string;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string;
  phoneNumber: string | null;
  isDefault: boolean;
}

/** An address-book entry as the checkout holds it (the book's phone becomes the delivery phone). */
export function checkoutAddressFromBook(
  a: Pick<
    CommerceAddress,
    | 'addressId'
    | 'name'
    | 'firstName'
    | 'lastName'
    | 'companyName'
    | 'street'
    | 'city'
    | 'region'
    | 'postalCode'
    | 'country'
    | 'phoneNumber'
    | 'isDefault'
  >,
): CheckoutAddress {
  return {
    id: a.addressId,
    name: a.name,
    firstName: a.firstName,
    lastName: a.lastName,
    companyName: a.companyName,
    street: a.street,
    city: a.city,
    region: a.region,
    postalCode: a.postalCode,
    country: a.country,
    isDefault: a.isDefault,
    shipToPhoneNumber: a.phoneNumber,
  };
}

export interface CommerceAddressCollection {
  count: number;
  items: CommerceAddress[];
  pageSize: number;
  sortOrder: string;
  currentPageToken: string | null;
  nextPageToken: string | null;
  previousPageToken: string | null;
}

export interface CommerceAddressInput {
  name: string;
  street: string;
  country: string;
  city?: string;
  region?: string;
  postalCode?: string;
  addressType?: AddressType;
  isDefault?: boolean;
  firstName?: string;
  middleName?: string;
  lastName?: string;
  companyName?: string;
  phoneNumber?: string;
}

/** Spec 02 §7: address list defaults. */
export const ADDRESS_PAGE_SIZE = 25;
export const ADDRESS_MAX_PAGE_SIZE = 100;

// Orders (our order-summaries resource; the platform's shape is not shown in the specs).
export interface OrderLine {
  orderItemId: string;
  productId: string;
  sku: string;
  name: string;
  fulfilment: 'Dataset' | 'Physical';
  quantity: string;
  productSellingModelId: string | null;
  sellingModelType: 'OneTime' | 'Evergreen' | 'TermDefined' | null;
  subscriptionTerm: number | null;
  listPrice: string;
  salesPrice: string;
  totalAdjustmentAmount: string;
  totalTax: string;
  totalPrice: string;
  adjustments: Array<{ promotionId: string; displayName: string; couponCode: string | null; adjustmentAmount: string }>;
  /** Ours (issue 15): 'Refunded' once the seller refunded the line (a dataset's downloads end with it). */
  status: OrderLineStatus;
  /** What the line's refund gave back ("0.00" while it is not refunded). */
  refundedAmount: string;
  /** Ours (issue 19): the records of the dataset the line bought, when a selection (null: the whole dataset). */
  listSelection?: ListSelectionOnLine | null;
}

export type OrderLineStatus = 'Active' | 'Refunded';
/** Ours (issue 15): a shipped group waits for the seller ('Pending') until they ship it; a digital one is 'Delivered'. */
export type DeliveryGroupStatus = 'Pending' | 'Shipped' | 'Delivered';

export interface OrderDeliveryGroupView {
  id: string;
  name: string;
  deliveryAddress: CheckoutAddress | null;
  deliveryMethodName: string | null;
  deliveryKind: DeliveryKind;
  shippingFee: string;
  /** Ours (issue 15): where the group is, and (once shipped) by whom, with what tracking number and when. */
  status: DeliveryGroupStatus;
  carrier: string | null;
  trackingNumber: string | null;
  shippedAt: string | null;
}

/** Ours (issue 15): money the seller gave back, as the buyer sees it. */
export interface OrderRefundView {
  refundId: string;
  /** 'Refund' (to the card), 'Void' (the card's authorisation released unused), 'Credit' (a purchase order: no charge to reverse). */
  kind: 'Refund' | 'Void' | 'Credit';
  amount: string;
  createdDate: string;
  /** The refunded lines; empty for what was refunded with the whole order (fees included). */
  orderItemIds: string[];
  /** The seller's reason, when they gave one. */
  reason: string | null;
}

export interface OrderSummary {
  orderSummaryId: string;
  orderNumber: string;
  status: string;
  /** displayValue of the status from the app context's orderStatuses. */
  statusLabel: string;
  orderedDate: string;
  accountId: string | null;
  accountName: string | null;
  currencyIsoCode: string;
  taxType: 'Net' | 'Gross';
  totalListAmount: string;
  totalProductAmount: string;
  totalAdjustmentAmount: string;
  totalChargeAmount: string;
  /** Ours (issue 14): "0.00" unless the order was gift-wrapped. */
  totalGiftWrapAmount: string;
  totalTaxAmount: string;
  grandTotalAmount: string;
  totalProductCount: string;
  paymentMethod: string;
  purchaseOrderNumber: string | null;
}

export interface OrderDetail extends OrderSummary {
  contactInfo: ContactInfo;
  /** Ours (issue 14): the gift choices the order was placed with. */
  giftOptions: { giftWrap: boolean; giftMessage: string | null; giftToName: string | null };
  billingAddress: CheckoutAddress | null;
  lines: OrderLine[];
  deliveryGroups: OrderDeliveryGroupView[];
  cartAdjustments: Array<{
    promotionId: string;
    displayName: string;
    couponCode: string | null;
    adjustmentAmount: string;
  }>;
  /** Ours: datasets the order paid for can be downloaded. */
  hasDownloads: boolean;
  /** Ours (issue 15): refunds, oldest first, and their sum. */
  refunds: OrderRefundView[];
  totalRefundedAmount: string;
}

export interface OrderSummaryCollection {
  count: number;
  orderSummaries: OrderSummary[];
  pageSize: number;
  nextPageToken: string | null;
}

export interface DownloadLink {
  orderItemId: string;
  productId: string;
  productName: string;
  /** For a dataset delivered as part of a bundle line: the bundle's name (the line); null otherwise. */
  bundleName?: string | null;
  fileName: string;
  /** Signed and expiring; absolute path on this server. */
  url: string;
  expiresAt: string;
}

/** What a download is called on the order page and in the email: the dataset, and the bundle it came in. */
export function downloadName(link: Pick<DownloadLink, 'productName' | 'bundleName'>): string {
  return link.bundleName ? `${link.productName} (from ${link.bundleName})` : link.productName;
}

/** The account's downloads page (issue 17): how many per page by default, and at most. */
export const ACCOUNT_DOWNLOADS_PAGE_SIZE = 25;
export const ACCOUNT_DOWNLOADS_MAX_PAGE_SIZE = 100;

/**
 * One purchased dataset of the account (GET downloads, issue 17): an order line's file, or one dataset of a bundle
 * line, as the order page lists them, with a fresh signed link and the order it came with.
 */
export interface AccountDownload extends DownloadLink {
  orderSummaryId: string;
  orderNumber: string;
  orderedDate: string;
  /** The file's format (every dataset file is CSV today). */
  format: 'CSV';
  /** The subscription the line started, if any: the link always serves its latest delivery. */
  subscription: {
    subscriptionId: string;
    typeLabel: string;
    termLabel: string;
    status: SubscriptionView['status'];
    /** When the current period's file was delivered: the start, or the latest renewal (auto-renew). */
    latestDeliveryDate: string;
    nextRenewalDate: string | null;
    endDate: string | null;
  } | null;
}

export interface AccountDownloadCollection {
  count: number;
  items: AccountDownload[];
  pageSize: number;
  currentPageToken: string;
  nextPageToken: string | null;
  previousPageToken: string | null;
}

// Subscriptions (spec 01 §3 labels).
export interface SubscriptionView {
  subscriptionId: string;
  orderSummaryId: string;
  orderNumber: string;
  productId: string;
  productName: string;
  sellingModelType: 'Evergreen' | 'TermDefined';
  /** "Term-defined" or "Auto-renew" (spec 01 §3). */
  typeLabel: string;
  pricingTerm: number;
  pricingTermUnit: 'Months' | 'Annual';
  /** "12 months", "1 year", "Monthly"… */
  termLabel: string;
  termCount: number | null;
  quantity: string;
  price: string;
  currencyIsoCode: string;
  status: 'Active' | 'Cancelled' | 'Expired';
  startDate: string;
  /** Term-defined: the last day of the bought terms. Auto-renew: null while it renews; once switched off, the last day of the current term. */
  endDate: string | null;
  nextRenewalDate: string | null;
  /** An auto-renew subscription that still renews (issue 17: the buyer may switch it off, and back on before it ends). */
  autoRenew: boolean;
}

/** PATCH subscriptions/{subscriptionId} (issue 17): switch an auto-renew subscription's renewal off or back on. */
export interface SubscriptionChange {
  autoRenew: boolean;
}

export interface SubscriptionCollection {
  count: number;
  items: SubscriptionView[];
}
