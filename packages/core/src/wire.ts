// Wire shapes of the commerce webstore API (spec 01 §3/§7, spec 02 §3/§7, shared/reference/commerce-api.md).
// Money and quantities travel as decimal strings, counts as numbers, as the platform does.

import type { SiteIds } from './content.ts';

import type { ShopperSignalSettings } from './store-settings.ts';

export type ApiError = { errorCode: string; message: string };
export type ApiErrorBody = ApiError[];

export type ProductClass = 'Simple' | 'VariationParent' | 'Variation' | 'Set' | 'Bundle';
export type SellingModelType = 'OneTime' | 'Evergreen' | 'TermDefined';
export type PricingTermUnit = 'Months' | 'Annual';
export type MediaUsageType = 'Standard' | 'Listing';

export interface ProductMedia {
  id: string;
  alternateText: string | null;
  contentVersionId: string | null;
  mediaType: 'Image' | 'Document';
  sortOrder: number;
  thumbnailUrl: string | null;
  title: string | null;
  url: string;
}

export interface ProductMediaGroup {
  id: string;
  developerName: string;
  name: string;
  usageType: MediaUsageType;
  mediaItems: ProductMedia[];
}

export interface PurchaseQuantityRule {
  minimum: string;
  maximum: string;
  increment: string;
}

export interface ProductSellingModel {
  id: string;
  name: string;
  sellingModelType: SellingModelType;
  pricingTerm: number | null;
  pricingTermUnit: PricingTermUnit | null;
  subscriptionTermRule: { minimum: number; maximum: number; increment: number } | null;
}

export interface CategoryPathItem {
  id: string;
  name: string;
  description: string | null;
  urlName: string | null;
}

/** One value of a variation attribute as a picker offers it (reference §3, ProductAttributeInfo.options). */
export interface ProductAttributeOption {
  apiName: string;
  label: string;
  colorHexCode: string | null;
  /** Some variation has this value. */
  variantAvailable: boolean;
}

export interface ProductAttributeInfo {
  apiName: string;
  label: string;
  sequence: number;
  fieldEnumOrId: string;
  objectName: string;
  isGroupedBy: boolean;
  viewType: 'ColorSwatch' | 'Dropdown' | 'Pill';
  allowableValues: string[];
  availableValues: string[];
  options: ProductAttributeOption[];
}

export interface ProductVariationInfo {
  attributesToProductMappings: Array<{
    productId: string;
    urlName: string | null;
    canonicalKey: string;
    availableToOrder: boolean;
    selectedAttributes: Array<{ apiName: string; label: string; sequence: number; value: string }>;
  }>;
  variationAttributeInfo: Record<string, ProductAttributeInfo>;
  variationCount: number;
}

/** Product detail (GET products/{id}). `fields` are plain strings here, wrapped as {value} only in search. */
export interface ProductDetail {
  id: string;
  urlName: string | null;
  productClass: ProductClass;
  fields: Record<string, string | null>;
  defaultImage: ProductMedia;
  mediaGroups: ProductMediaGroup[];
  primaryProductCategoryPath: { path: CategoryPathItem[] } | null;
  purchaseQuantityRule: PurchaseQuantityRule | null;
  productSellingModels: ProductSellingModel[];
  variationParentId: string | null;
  variationInfo: ProductVariationInfo | null;
  variationAttributeSet: { developerName: string; attributes: Record<string, string> } | null;
  attributeSetInfo: Record<string, unknown> | null;
  isConfigurationAllowed: boolean;
}

/** GET products/gift-wrap (issue 14): the store's gift-wrap product; prices are decimal strings. */
export interface GiftWrapProduct {
  id: string;
  sku: string;
  name: string;
  productClass: 'Simple';
  fields: Record<string, string | null>;
  prices: { currencyIsoCode: string; listPrice: string; unitPrice: string };
}

export interface ProductBatchItem extends ProductDetail {
  name: string;
  sku: string;
  success: boolean;
  error: ApiError | null;
}
export interface ProductCollection {
  products: ProductBatchItem[];
  total: number;
}

export interface ProductChildCollection {
  products: ProductDetail[];
  total: number;
  pageSize: number;
  nextPageToken: string | null;
}

/** The caller's price of a product, as the products batch and a set's or bundle's components carry it. */
export interface ProductListedPrice {
  listPrice: string | null;
  unitPrice: string | null;
  pricebookEntryId: string | null;
  currencyIsoCode: string;
}

/** The component product classes: what a product of these classes is made of is its children. */
export const COMPONENT_PARENT_CLASSES: readonly ProductClass[] = ['Set', 'Bundle'];

/**
 * One component of a set or bundle in products/{id}/children (the platform's children resource answers for
 * sets and bundles): its detail with its name, SKU and the caller's price (null: not sold to this buyer).
 */
export interface ProductComponent extends ProductDetail {
  name: string;
  sku: string;
  prices: ProductListedPrice | null;
}

/** products/{id}/children of a set or bundle: its components the caller may see, in the set's order. */
export interface ProductComponentCollection extends Omit<ProductChildCollection, 'products'> {
  products: ProductComponent[];
  currentPageToken: string;
}

export interface PriceAdjustmentTier {
  id: string;
  adjustmentType: 'PercentageBasedAdjustment' | 'AmountBasedAdjustment';
  adjustmentValue: string;
  lowerBound: string;
  upperBound: string | null;
  tierUnitPrice: string;
}
export interface PriceAdjustment {
  id: string;
  adjustmentMethod: 'Range';
  scheduleType: 'Volume';
  priceAdjustmentTiers: PriceAdjustmentTier[];
}
export interface SubscriptionTermPrice {
  term: number;
  negotiatedPrice: string;
  listPrice: string;
}
export interface ProductPriceEntry {
  productSellingModelId: string | null;
  pricebookEntryId: string | null;
  listPrice: string | null;
  unitPrice: string | null;
  negotiatedPrice: string | null;
  priceAdjustment: PriceAdjustment | null;
  subscriptionTermPrices: SubscriptionTermPrice[];
  success: boolean;
  error: ApiError | null;
}
export interface ProductPrice {
  productId: string;
  currencyIsoCode: string;
  listPrice: string | null;
  unitPrice: string | null;
  negotiatedPrice: string | null;
  lowestUnitPrice: string | null;
  pricebookEntryId: string | null;
  priceAdjustment: PriceAdjustment | null;
  productPriceEntries: ProductPriceEntry[];
  childProductPrices?: ProductPrice[];
}
export interface PricingLineItemResult {
  productId: string;
  listPrice: string | null;
  unitPrice: string | null;
  lowestUnitPrice: string | null;
  pricebookEntryId: string | null;
  success: boolean;
  error: ApiError | null;
}
export interface PricingResult {
  currencyIsoCode: string;
  success: boolean;
  error: ApiError | null;
  pricingLineItemResults: PricingLineItemResult[];
}

export type TaxLocaleType = 'Net' | 'Gross' | 'Automatic';
export interface TaxPolicyInfo {
  taxRatePercentage: string;
  taxTreatmentName: string;
  taxTreatmentDescription: string | null;
}
export interface ProductTaxes {
  taxLocaleType: TaxLocaleType;
  /** Flat list as the presentation spec reads it (spec 03 §3, "Product tax"). */
  taxPolicies: TaxPolicyInfo[];
  /** Keyed form as the headless reference reads it. */
  taxesInfo: Record<string, { taxesInfoList: TaxPolicyInfo[]; success: boolean; error: ApiError | null }>;
}

export interface InventoryProductLevel {
  product2Id: string;
  onHand: number;
  availableToFulfill: number;
  availableToOrder: number;
}
export interface InventoryLevels {
  success: boolean;
  errors: ApiError[];
  locations: Array<{ locationId: string; locationSourceKey: 'location'; inventoryProducts: InventoryProductLevel[] }>;
  locationGroups: Array<{
    locationGroupId: string;
    locationSourceKey: 'locationGroup';
    inventoryProducts: InventoryProductLevel[];
  }>;
  totalInventory: InventoryProductLevel[];
}

export interface ProductCategoryDetail {
  id: string;
  urlName: string | null;
  fields: Record<string, string | null>;
  mediaGroups: ProductMediaGroup[];
}
export interface ProductCategoryCollection {
  productCategories: ProductCategoryDetail[];
}
export interface CategoryPath {
  path: CategoryPathItem[];
}

export interface NavigationMenuItem {
  actionType: 'InternalLink' | 'ExternalLink' | 'Event' | 'Modal';
  actionValue: string;
  imageUrl: string | null;
  label: string;
  pageReference: {
    type: 'standard__recordPage';
    attributes: { objectApiName: 'ProductCategory'; recordId: string; urlName: string | null; actionName: 'view' };
  } | null;
  subMenu: NavigationMenuItem[];
  target: 'CurrentWindow' | 'NewWindow';
}
export interface NavigationMenuItemCollection {
  menuItems: NavigationMenuItem[];
  totalMenuItems: number;
}

export interface ApplicationContext {
  /**
   * The webstore's name as shoppers see it (storefront header and page titles, emails). Not one of the
   * stored settings: the application-context answer adds it from the webstore row, hence optional here.
   */
  storeName?: string;
  /**
   * The site, channel and community ids of the store (issue 16: content delivery and SEO calls name them).
   * Derived from the webstore id (core content.ts siteIdsOf), added by the application-context answer.
   */
  siteIds?: SiteIds;
  cartCalculateEnabled: boolean;
  catalogSnapshotVersionId: string | null;
  checkoutSettings: {
    isManagedCheckoutEnabled: boolean;
    isMngCheckoutAutoPublished: boolean;
    paymentConfiguration: {
      businessAchEnabled: boolean;
      paymentMethodManualCaptureEnabled: boolean;
      paymentMethodSetDevName: string | null;
    };
    shippingMethodsEnabled: boolean;
  };
  clientSidePaymentConfiguration: Record<string, unknown> | null;
  country: string;
  defaultCurrency: string;
  giftingConfig: { isGiftingEnabled: boolean; isGiftMessageEnabled: boolean; isGiftWrapEnabled: boolean };
  guestBrowsingEnabled: boolean;
  guestCartEnabled: boolean;
  guestCheckoutEnabled: boolean;
  guestCartCheckoutEnabled: boolean;
  inventoryConfiguration: {
    isInventoryEnabled: boolean;
    inventoryDefaultSource: { locationSourceId: string; locationSourceType: 'Location' | 'LocationGroup' } | null;
  };
  managedCheckoutVersion: string;
  markets: Array<{ marketId: string; localeCurrencyMap: Record<string, string> }>;
  orderStatuses: Array<{ apiName: string; displayValue: string }>;
  placeOrderV2Enabled: boolean;
  propertiesEx: {
    highScaleCartEnabled: boolean;
    shopperCopilotUIEnabled: boolean;
    paymentsLegacyFormsEnabled: boolean;
  };
  sessionDrivenCurrency: boolean;
  shippingCountries: string[];
  shopperConsentEnabled: boolean;
  skipPhoneNumberValidationEnabled: boolean;
  splitShipmentEnabled: boolean;
  subscriptionConfig: {
    subscriptionPlusEnabled: boolean;
    rlmSubscriptionEnabled: boolean;
    commerceSubscriptionARCUIEnabled: boolean;
  };
  supportedCurrencies: string[];
  taxType: 'Net' | 'Gross';
  usesSingleEntitlementPolicy: boolean;
  usesUniversalPricebooks: boolean;
  /**
   * Ours (issue 15): how long a logged-in session may sit idle, set by the seller in the workspace; absent or
   * null = the server's default (SESSION_IDLE_TIMEOUT_S). Session context answers the timeout in force.
   */
  sessionIdleTimeoutSeconds?: number | null;
  /** Ours (issue 18): the seller's activity and recommendation settings; absent = DEFAULT_SHOPPER_SIGNALS. */
  shopperSignals?: ShopperSignalSettings;
}

export interface SessionContext {
  accountId: string | null;
  accountName: string | null;
  effectiveAccountId: string | null;
  effectiveAccountName: string | null;
  buyerGroups: Array<{ id: string; name: string }>;
  guestUser: boolean;
  isLoggedIn: boolean;
  isPreview: boolean;
  profile: { userName: string | null; firstName: string | null; lastName: string | null; email: string | null } | null;
  userId: string | null;
  userName: string | null;
  userType: 'Guest' | 'Standard' | 'PowerCustomerSuccess';
  guestUserDetails: { lastName?: string; email?: string; phoneNumber?: string } | null;
  currencyIsoCode: string;
  language: string;
  /** Seconds of inactivity before the server ends a logged-in session; null for guests (drives the session warning, spec 03 §4). */
  idleTimeoutSeconds?: number | null;
}

// ---- Accounts, sessions and identity (accounts issue) ----

/** Spec 01 §3 "Effective account" address. */
export interface AccountAddress {
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
}

/** One entry of GET external-managed-accounts (spec 01 §7). */
export interface ExternalManagedAccount {
  accountId: string;
  accountName: string;
  isMyAccount: boolean;
  address: AccountAddress | null;
}

export interface ExternalManagedAccountCollection {
  externalManagedAccounts: ExternalManagedAccount[];
}

/** GET effective-accounts/{accountId}. */
export interface EffectiveAccountDetail {
  id: string;
  name: string;
  isMyAccount: boolean;
  address: AccountAddress | null;
  fields: Record<string, string | null>;
}

/** PATCH session-context body. */
export interface SessionContextUpdate {
  effectiveAccountId?: string;
  isPreview?: boolean;
  currencyIsoCode?: string;
}

/** POST /services/auth/login body. */
export interface LoginInput {
  email: string;
  password: string;
}

/** POST /services/auth/register body. */
export interface RegistrationInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** The message of POST /services/auth/register's answer, the same for every address. */
export const REGISTRATION_SENT_MESSAGE =
  'Check your inbox: we sent you an email with a link to finish creating your account.';

/**
 * POST /services/auth/register answer (202): the same for an address with or without an account, so it
 * never tells which emails are registered. The email holds a link to finish (or, for a known address, a note).
 */
export interface RegistrationSent {
  status: 'ConfirmationSent';
  email: string;
  message: string;
}

/** POST /services/auth/register/confirm body: the token from the confirmation link. */
export interface RegistrationConfirmation {
  token: string;
}

/** PATCH /services/auth/profile body. */
export interface ProfileUpdate {
  firstName?: string;
  lastName?: string;
}

/** PATCH /services/auth/profile answer. */
export interface UserProfile {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  userName: string | null;
}

/** The dataset fields of spec 03 §3, by the custom field names the page reads. */
export const DATASET_FIELDS = {
  description: 'B2B_Product_Description_Rich__c',
  recordCount: 'B2B_Record_Count__c',
  countries: 'Countries_Display__c',
  sicCode: 'B2B_SIC_Code__c',
  listStatus: 'ListStatus__c',
  lastUpdated: 'B2B_Last_Updated_Formula__c',
  category: (n: 1 | 2 | 3 | 4 | 5) => `B2BCategory${n}Formula__c`,
  includedFields: 'B2B_Included_Fields__c',
  sampleUrl: 'B2B_Download_Sample_URL__c',
  related: (n: number) => `B2B_Related_Product${n}__c`,
  relatedName: (n: number) => `B2B_Related_Product${n}__r.Name`,
} as const;
