// Public surface of @store/client: the commerce API client, its errors, and the data store.

export { createCommerceClient, DEFAULT_CATEGORY_FIELDS, DEFAULT_CHILDREN_PAGE_SIZE } from './api.ts';
export type {
  CallOptions,
  CommerceClient,
  CommerceClientOptions,
  FieldList,
  GetCategoryChildrenOptions,
  GetCategoryMenuItemsOptions,
  GetCategoryOptions,
  GetCategoryPathOptions,
  GetFeaturedProductsOptions,
  GetInventoryLevelsOptions,
  GetProductChildrenOptions,
  GetProductOptions,
  GetProductPriceOptions,
  GetProductPricesOptions,
  GetProductsOptions,
  GetProductTaxesOptions,
  GetSessionContextOptions,
} from './api.ts';
export type { AccountCalls, GetEffectiveAccountOptions, GetManagedAccountsOptions } from './account-api.ts';
export type { GetSearchSuggestionsOptions, SearchCalls, SearchProductsOptions } from './search-api.ts';
export { AUTH_ROOT } from './identity-api.ts';
export type { AuthSession, IdentityCalls } from './identity-api.ts';
export { browserCsrfToken, CSRF_COOKIE, CSRF_HEADER, needsCsrfToken, readCookie } from './csrf.ts';
export {
  createMemoryStorage,
  createSessionStore,
  defaultSessionStorage,
  EFFECTIVE_ACCOUNT_KEY,
  GUEST_USER_DETAILS_KEY,
} from './session-storage.ts';
export type { EffectiveAccount, GuestUserDetails, SessionStore, StorageLike } from './session-storage.ts';
export { createIdleTracker, idleDeadlines, idlePhaseAt, SESSION_WARNING_MS } from './idle-timeout.ts';
export type { IdleDeadlines, IdlePhase, IdleTracker, IdleTrackerOptions } from './idle-timeout.ts';
export { EFFECTIVE_ACCOUNT_REQUIRED_MESSAGE } from './validate.ts';
export { CommerceFetchError, isAbortError } from './errors.ts';
export { GiftWrapFetchError } from './gift-api.ts';
export type { GiftCalls } from './gift-api.ts';
export type { CommerceErrorItem } from './errors.ts';
export { buildQuery, createHttp, DEFAULT_API_VERSION } from './http.ts';
export type { Http, HttpConfig, HttpRequest, HttpResponse, QueryParams, QueryValue, ResponseInfo } from './http.ts';
export { DEFAULT_LIFETIME_MS, REFRESH_MARGIN_MS, freshnessLifetimeMs } from './expiring-value.ts';
export { createStore, DEFAULT_STORE_TTL_MS } from './store.ts';
export type { DataStore, LoadOptions, StoreEntry, StoreListener, StoreOptions } from './store.ts';
export * from './cart-async.ts';
export { cartItemBody, CURRENT_CART } from './cart-api.ts';
export type { AddCartItemInput, CartCallOptions, CartCalls, GetCartItemsOptions } from './cart-api.ts';
export type {
  CartDeliveryGroupInput,
  DeliveryGroupArrangement,
  DeliveryGroupCalls,
  GetDeliveryGroupsOptions,
} from './cart-delivery-groups-api.ts';
export type {
  EvaluateProductPromotionsInput,
  EvaluatePromotionsInput,
  ProductPromotion,
  ProductPromotionCollection,
  ProductPromotionEvaluation,
  ProductPromotionEvaluations,
  PromotionCalls,
  PromotionPriceAdjustment,
} from './promotions-api.ts';
export { createCartStore } from './cart-store.ts';
export type { CartState, CartStore, CartStoreCalls, CartStoreListener, CartStoreOptions } from './cart-store.ts';
export { ACTIVE_CHECKOUT } from './checkout-api.ts';
export type {
  CheckoutAnswer,
  CheckoutCallOptions,
  CheckoutCalls,
  CheckoutChange,
  PaymentAnswer,
  PlaceOrderOptions,
} from './checkout-api.ts';
export { createCheckoutFlow, IDEMPOTENCY_SESSION_KEY, ORDER_PLACED_EVENT, randomUuid } from './checkout-flow.ts';
export type { CheckoutFlow, CheckoutFlowCalls, CheckoutFlowOptions } from './checkout-flow.ts';
export { CURRENT_ACCOUNT } from './addresses-api.ts';
export type {
  GetWishlistOptions,
  GetWishlistsOptions,
  WishlistCallOptions,
  WishlistCalls,
  WishlistItemsOptions,
} from './wishlists-api.ts';
export type { AgentTokenCalls } from './agent-tokens-api.ts';
export type { AddressCallOptions, AddressCalls, GetAddressesOptions } from './addresses-api.ts';
export type { GetOrderSummariesOptions, OrderCallOptions, OrderCalls } from './orders-api.ts';
export { isSeoFailure } from './seo-api.ts';
export type { SeoCalls, SeoPropertiesFailure, SeoPropertiesResult } from './seo-api.ts';
export { createContentCalls } from './content-api.ts';
export type { ContentCalls, GetContentOptions, GetContentsOptions } from './content-api.ts';
export {
  createImageProvider,
  DEFAULT_BG_POSITION,
  DEFAULT_BG_SIZE_OR_REPEAT,
  fallbackImageData,
  getImageData,
  IMAGE_PROVIDER_WIDTHS,
  imageDataOf,
} from './image-provider.ts';
export type { FetchSiteContents, ImageContentsQuery, ImageProviderOptions } from './image-provider.ts';
export { MISSING_RECOMMENDER_MESSAGE, type ShopperSignalCalls } from './shopper-signals-api.ts';
export type { DatasetListCalls } from './dataset-lists-api.ts';
