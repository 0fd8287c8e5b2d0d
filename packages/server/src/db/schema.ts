// Row types of every table, for Kysely. Conventions that hold on SQLite and PostgreSQL alike:
// - ids are platform-style 18-character strings (see ids.ts);
// - flags are integers 0/1 (SQLite has no boolean);
// - money is integer minor units (cents) in *_minor columns, never a float;
// - decimals that are not money (tier percentages) are decimal strings;
// - JSON documents are text; timestamps are ISO-8601 text.

import type { Generated } from 'kysely';

export interface WebstoreTable {
  id: string;
  name: string;
  /** Store settings behind application-context (JSON of StoreSettings). */
  settings_json: string;
  /** Bumped by any catalogue change; product responses are cached per version. */
  catalog_version: number;
  /** The published catalogue snapshot id accepted by the versioned routes. */
  snapshot_id: string;
  /** Migration 034: bumped by triggers on any write to the store's promotions or their coupons' codes. */
  promotions_version: number;
  /** Migration 034: bumped by triggers on any write to tax_rate or tax_policy (every store's). */
  tax_version: number;
  /** Migration 035: bumped by triggers on any write to price_book or buyer_group_price_book (every store's). */
  price_books_version: number;
  guest_buyer_group_id: string | null;
  /** The buyer group a self-registered shopper's personal account joins. */
  shopper_buyer_group_id: string | null;
  created_at: string;
}

export interface CategoryTable {
  id: string;
  webstore_id: string;
  parent_id: string | null;
  name: string;
  description: string | null;
  url_name: string;
  sort_order: number;
  depth: number;
  /** 'Live' or 'Draft'; a Draft category shows only in the Draft menu (preview). */
  publish_status: string;
  is_navigational: number;
  image_url: string | null;
}

export interface ProductTable {
  id: string;
  webstore_id: string;
  sku: string;
  name: string;
  product_class: string;
  /** Variation parent of a Variation. */
  parent_id: string | null;
  url_name: string;
  description: string | null;
  /** Sanitised HTML (sanitised on write and again on read). */
  rich_description: string | null;
  primary_category_id: string | null;
  qty_min: string;
  qty_max: string;
  qty_increment: string;
  /** 'Dataset' or 'Physical': physical items ship and have inventory. */
  fulfilment: string;
  record_count: number | null;
  countries_json: string;
  sic_code: string | null;
  sic_division: string | null;
  list_status: string | null;
  last_updated: string | null;
  category_lines_json: string;
  included_fields_json: string;
  sample_url: string | null;
  /** Variation attribute values of a Variation, e.g. {"Coverage":"Email + Phone"}. */
  variation_json: string | null;
  tax_policy_id: string | null;
  is_active: number;
  created_at: string;
  /** The catalogue version of this product's last change (0 = since the seed): the search index's delta. */
  changed_version?: number;
  /** Migration 028: 'single' | 'multiUser' | 'seats' (null: not stated). */
  licence_kind: string | null;
  /** Migration 028: months the buyer may use the data (null: perpetual or not stated). */
  licence_term_months: number | null;
  /** Migration 028: "Monthly", "Quarterly", … as the seller states it. */
  update_cadence: string | null;
}
/** The product table as Kysely sees it: changed_version has a default. */
type ProductTableColumns = Omit<ProductTable, 'changed_version'> & { changed_version: Generated<number> };

export interface ProductCategoryTable {
  product_id: string;
  category_id: string;
  is_primary: number;
}

export interface ProductRelationTable {
  product_id: string;
  related_id: string;
  /** 'RelatedDataset' (positions 1..10, the dataset fields) or a featured relationship type such as 'CrossSell'. */
  relationship_type: string;
  position: number;
}

/**
 * The related product's name, kept by the database (migration 032: filled on rename by a trigger; a writer may
 * leave it null, read as the product's name).
 */
type ProductRelationColumns = ProductRelationTable & { related_name: Generated<string | null> };

export interface ProductMediaTable {
  id: string;
  product_id: string;
  usage_type: string;
  media_type: string;
  url: string;
  thumbnail_url: string | null;
  alt_text: string | null;
  title: string | null;
  sort_order: number;
}

export interface SellingModelTable {
  id: string;
  webstore_id: string;
  name: string;
  selling_model_type: string;
  pricing_term: number | null;
  pricing_term_unit: string | null;
  term_min: number | null;
  term_max: number | null;
  term_increment: number | null;
}

export interface ProductSellingModelTable {
  product_id: string;
  selling_model_id: string;
  sort_order: number;
}

export interface PriceBookTable {
  id: string;
  webstore_id: string;
  name: string;
  is_standard: number;
  is_active: number;
  currency: string;
}

export interface PriceBookEntryTable {
  id: string;
  price_book_id: string;
  product_id: string;
  /** null for the plain one-time price. */
  selling_model_id: string | null;
  unit_price_minor: number;
  is_active: number;
}

export interface PriceAdjustmentTierTable {
  id: string;
  /** Volume tiers belong to a price book entry. */
  price_book_entry_id: string;
  lower_bound: number;
  upper_bound: number | null;
  adjustment_type: string;
  adjustment_value: string;
}

export interface BuyerGroupTable {
  id: string;
  webstore_id: string;
  name: string;
}
export interface BuyerGroupPriceBookTable {
  buyer_group_id: string;
  price_book_id: string;
  priority: number;
}

export interface TaxPolicyTable {
  id: string;
  name: string;
  description: string | null;
}
export interface TaxRateTable {
  tax_policy_id: string;
  country: string;
  region: string | null;
  rate_percentage: string;
  treatment_name: string;
}

export interface LocationTable {
  id: string;
  name: string;
  location_type: string;
}
export interface LocationGroupTable {
  id: string;
  name: string;
  webstore_id: string;
}
export interface LocationGroupMemberTable {
  location_group_id: string;
  location_id: string;
}
export interface InventoryLevelTable {
  product_id: string;
  location_id: string;
  on_hand: number;
  reserved: number;
}

/** Accounts, users and sessions: the tables the accounts issue fills in. */
export interface AccountTable {
  id: string;
  name: string;
  parent_id: string | null;
  billing_json: string | null;
  created_at: string;
}
export interface AccountBuyerGroupTable {
  account_id: string;
  buyer_group_id: string;
}
export interface UserTable {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  password_hash: string | null;
  account_id: string | null;
  role: string;
  created_at: string;
}
export interface SessionTable {
  id: string;
  user_id: string | null;
  effective_account_id: string | null;
  data_json: string;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** The accounts a user may act for besides their own (spec 01 §1: buyers act for managed accounts). */
export interface UserManagedAccountTable {
  user_id: string;
  account_id: string;
}

/** Which products a buyer group may see: a policy grants whole category subtrees. */
export interface EntitlementPolicyTable {
  id: string;
  webstore_id: string;
  name: string;
}
export interface EntitlementPolicyBuyerGroupTable {
  policy_id: string;
  buyer_group_id: string;
}
export interface EntitlementPolicyCategoryTable {
  policy_id: string;
  category_id: string;
}

/** Failed logins per key (an email or a client address) within a window: the rate limiter shared by every process. */
export interface LoginAttemptTable {
  key: string;
  window_start: string;
  failures: number;
  /** The latest failure (the per-account delay counts from it); null on rows from before it was kept. */
  last_failure_at: string | null;
}

/** Requests per key within a fixed window (migration 022): the forgot-password limits shared by every process. */
export interface RequestLimitTable {
  key: string;
  window_start: string;
  hits: number;
}

/** An authorisation the built-in test payment gateway issued (policies/payment-gateway.ts). */
export interface TestGatewayAuthorizationTable {
  reference: string;
  amount_minor: number;
  currency: string;
  card_brand: string | null;
  card_last4: string | null;
  status: 'Authorized' | 'Claimed' | 'Voided';
  expires_at: string;
  created_at: string;
}

/** A registration waiting for its email address to be confirmed (services/registration.ts). */
export interface RegistrationRequestTable {
  token_hash: string;
  webstore_id: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  expires_at: string;
  created_at: string;
}

/** Synonym groups of a store's search: each a JSON array of words or phrases meaning the same. */
export interface SearchSynonymGroupTable {
  id: string;
  webstore_id: string;
  position: number;
  terms_json: string;
}

/** Promotions (core promotions.ts rules) and the coupons that trigger them. */
export interface PromotionTable {
  id: string;
  webstore_id: string;
  name: string;
  terms: string | null;
  priority: number;
  stacking: string;
  target: string;
  discount_json: string;
  starts_at: string | null;
  ends_at: string | null;
  product_ids_json: string | null;
  category_ids_json: string | null;
  buyer_group_ids_json: string | null;
  account_ids_json: string | null;
  one_time_only: number;
  is_active: number;
}
export interface CouponTable {
  id: string;
  promotion_id: string;
  webstore_id: string;
  code: string;
  is_active: number;
  /** Orders that may use the code in all; null = no limit (issue 15). */
  max_uses: number | null;
  /** Placed orders that took something off with the code. */
  times_used: Generated<number>;
  /** Orders each customer may use the code in; null = no limit (migration 017). */
  max_uses_per_customer: number | null;
}

/** Migration 017: one customer's uses of a coupon (`user:{id}`, or `email:{address}` for a guest). */
export interface CouponCustomerUseTable {
  coupon_id: string;
  customer_key: string;
  times_used: number;
}

/** Migration 017: what place-order took from one warehouse for one product of an order. */
export interface OrderStockTakeTable {
  order_id: string;
  product_id: string;
  location_id: string;
  quantity: number;
  /** When a cancellation put it back; null while the order holds it. */
  restocked_at: string | null;
}

export interface CartTable {
  id: string;
  webstore_id: string;
  owner_user_id: string | null;
  guest_session_id: string | null;
  account_id: string | null;
  owner_key: string | null;
  name: string;
  status: string;
  type: string;
  currency: string;
  async_status: string;
  version: number;
  total_list_minor: number;
  total_product_minor: number;
  total_item_adjust_minor: number;
  total_cart_adjust_minor: number;
  total_tax_minor: number;
  total_quantity: number;
  line_count: number;
  cart_adjustments_json: string;
  merged_json: string | null;
  created_at: string;
  updated_at: string;
  /** Delivery charges of the selected methods (migration 005). */
  total_charge_minor: number;
  /** Gift options (migration 007): wrap chosen (0/1), the message, and the wrap's price while charged. */
  gift_wrap: number;
  gift_message: string | null;
  /** Migration 008: who the gift card is addressed to. */
  gift_to_name: string | null;
  total_gift_wrap_minor: number;
  /** Lines of printed (physical) products, kept by the recalculation (migration 007). */
  printed_line_count: number;
  /**
   * Each item promotion's total over the lines (CartAdjustment[], in line order), kept by the recalculation
   * (migration 031); null until a cart made before it is next changed.
   */
  item_promotions_json: string | null;
  /**
   * What the kept totals were worked out under (migration 036, cart-recalc.ts): while the recalculation finds the
   * same, a change to some lines is recalculated from the totals and those lines. Null: read every line.
   */
  recalc_basis: string | null;
  /** Lines whose selling model is not OneTime: their quantity and their total after item promotions (036). */
  recurring_quantity: number;
  recurring_after_minor: number;
  /** Moves with every write to the cart's lines (migration 037's triggers): the lines page keeps what it read by it. */
  lines_stamp: number;
}
export interface CartItemTable {
  id: string;
  cart_id: string;
  delivery_group_id: string | null;
  product_id: string;
  selling_model_id: string;
  subscription_term: number | null;
  quantity: number;
  list_price_minor: number;
  sales_price_minor: number;
  adjust_minor: number;
  tax_minor: number;
  adjustments_json: string;
  created_at: string;
  seq: number;
  /** Migration 028: the canonical list selection (core/list-selection.ts) this line buys; null: the whole dataset. */
  list_selection: string | null;
  /** Migration 028: records in the selection when it was priced. */
  list_records: number | null;
  /** Migration 028: the dataset file version the selection was counted on. */
  list_file_version: number | null;
}
export interface CartCouponTable {
  id: string;
  cart_id: string;
  coupon_id: string;
  code: string;
  created_at: string;
}
export interface CartDeliveryGroupTable {
  id: string;
  cart_id: string;
  name: string;
  is_default: number;
  address_json: string | null;
  delivery_method_id: string | null;
  desired_delivery_date: string | null;
  shipping_instructions: string | null;
  created_at: string;
}
export interface InventoryReservationTable {
  cart_id: string;
  product_id: string;
  quantity: number;
  expires_at: string;
}
export interface CartOperationTable {
  id: string;
  cart_id: string;
  kind: string;
  inputs_json: string;
  progress: number;
  results_json: string;
  status: string;
  lease_until: string;
  created_at: string;
}

/** Monotonic counters behind record ids, one per key prefix; shared by every server process. */
// Checkout, payments and orders (migration 005).
export interface DeliveryMethodTable {
  id: string;
  webstore_id: string;
  name: string;
  carrier: string | null;
  class_of_service: string | null;
  kind: string;
  fee_minor: number;
  currency: string;
  countries_json: string | null;
  process_time: number | null;
  process_time_unit: string | null;
  transit_time_min: number | null;
  transit_time_max: number | null;
  transit_time_unit: string | null;
  sort_order: number;
  is_active: number;
}
export interface AddressTable {
  id: string;
  account_id: string;
  address_type: string;
  name: string;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  company_name: string | null;
  street: string;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country: string;
  phone: string | null;
  is_default: number;
  created_at: string;
  updated_at: string;
}
/** A store's gift-wrap product (migration 007); unit_price is a decimal string. */
export interface GiftWrapProductTable {
  webstore_id: string;
  id: string;
  sku: string;
  name: string;
  description: string;
  unit_price: string;
  currency: string;
}
export interface CheckoutTable {
  id: string;
  webstore_id: string;
  cart_id: string;
  active_key: string | null;
  status: string;
  contact_json: string | null;
  payment_id: string | null;
  paid_cart_version: number | null;
  order_id: string | null;
  created_at: string;
  updated_at: string;
}
export interface PaymentTable {
  id: string;
  webstore_id: string;
  checkout_id: string;
  order_id: string | null;
  request_type: string;
  method: string;
  gateway: string;
  gateway_reference: string | null;
  card_brand: string | null;
  card_last4: string | null;
  po_number: string | null;
  amount_minor: number;
  currency: string;
  status: string;
  result_code: string;
  billing_json: string | null;
  created_at: string;
}
export interface SalesOrderTable {
  id: string;
  webstore_id: string;
  order_number: string;
  checkout_id: string;
  cart_id: string;
  payment_id: string;
  idempotency_key: string | null;
  owner_user_id: string | null;
  guest_session_id: string | null;
  account_id: string | null;
  email: string;
  contact_json: string;
  billing_json: string | null;
  status: string;
  currency: string;
  tax_type: string;
  payment_method: string;
  po_number: string | null;
  total_list_minor: number;
  total_product_minor: number;
  total_adjust_minor: number;
  total_charge_minor: number;
  total_tax_minor: number;
  grand_total_minor: number;
  total_quantity: number;
  adjustments_json: string;
  created_at: string;
  /** Gift options copied from the cart (migration 007). */
  gift_wrap: number;
  gift_message: string | null;
  /** Migration 008: who the gift card is addressed to. */
  gift_to_name: string | null;
  total_gift_wrap_minor: number;
  /** Migration 009: the sum of the order's refunds, claimed ones included. */
  refunded_minor: number;
}
export interface OrderDeliveryGroupTable {
  id: string;
  order_id: string;
  name: string;
  address_json: string | null;
  delivery_method_id: string | null;
  method_name: string | null;
  kind: string;
  fee_minor: number;
  shipping_instructions: string | null;
  /** Migration 009: 'Pending' | 'Shipped' (shipped groups) | 'Delivered' (digital). */
  status: string;
  carrier: string | null;
  tracking_number: string | null;
  shipped_at: string | null;
}
export interface OrderItemTable {
  id: string;
  order_id: string;
  delivery_group_id: string | null;
  product_id: string;
  sku: string;
  name: string;
  fulfilment: string;
  selling_model_id: string | null;
  selling_model_type: string | null;
  subscription_term: number | null;
  quantity: number;
  list_price_minor: number;
  sales_price_minor: number;
  adjust_minor: number;
  tax_minor: number;
  total_minor: number;
  seq: number;
  /** Migration 009: what the line's refund gave back, and when (null while not refunded). */
  refunded_minor: number;
  refunded_at: string | null;
  /** Migration 028: the canonical list selection bought; null: the whole dataset. */
  list_selection: string | null;
  list_records: number | null;
  /** Migration 028: the file version the selection was bought on (a subscription re-applies it to newer ones). */
  list_file_version: number | null;
}
/** A bundle line's component datasets as bought (migration 009). */
export interface OrderItemComponentTable {
  /** An order-item id (prefix 802) of its own, signed into the component's download link. */
  id: string;
  order_item_id: string;
  position: number;
  product_id: string;
  sku: string;
  name: string;
}
export interface OrderAdjustmentTable {
  id: string;
  order_id: string;
  order_item_id: string | null;
  promotion_id: string;
  name: string;
  coupon_code: string | null;
  amount_minor: number;
}
export interface SubscriptionTable {
  id: string;
  webstore_id: string;
  order_id: string;
  order_item_id: string;
  owner_user_id: string | null;
  account_id: string | null;
  product_id: string;
  product_name: string;
  selling_model_type: string;
  pricing_term: number;
  pricing_term_unit: string;
  term_count: number | null;
  quantity: number;
  price_minor: number;
  currency: string;
  status: string;
  start_date: string;
  end_date: string | null;
  next_renewal_date: string | null;
  created_at: string;
}
export interface MailOutboxTable {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: string;
  attempts: number;
  lease_until: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** Migration 009: the order the message is about, if any. */
  order_id: string | null;
}
export interface ServerSecretTable {
  name: string;
  value: string;
  created_at: string;
}

export interface IdCounterTable {
  prefix: string;
  next_value: number;
}

/**
 * A product's answers kept as JSON text, a row for its detail and one for its summary (migration 033,
 * services/product-read-model.ts): valid while body_stamp = stamp; triggers bump stamp on every write to what
 * the answers are made of.
 */
export interface ProductReadTable {
  product_id: string;
  /** The product's detail, its listing summary, or its active price entries (services/kept-prices.ts). */
  kind: 'detail' | 'summary' | 'prices';
  stamp: Generated<number>;
  body_stamp: number | null;
  webstore_id: string | null;
  sku: string | null;
  name: string | null;
  product_class: string | null;
  active: number | null;
  category_id: string | null;
  /** Space-separated ids of the products the text names (related datasets, variations). */
  guard_ids: string | null;
  models_json: string | null;
  /** The JSON text; a detail's category path is `null` at path_at (the path depends on the viewer). */
  body: string | null;
  path_at: number | null;
}

/** One row (id 1) whose tick moves with every change to a product's kept detail or summary (migration 037). */
export interface ReadModelClockTable {
  id: number;
  tick: number | string;
}

export interface Database {
  webstore: WebstoreTable;
  category: CategoryTable;
  product: ProductTableColumns;
  product_category: ProductCategoryTable;
  product_relation: ProductRelationColumns;
  product_read: ProductReadTable;
  read_model_clock: ReadModelClockTable;
  product_media: ProductMediaTable;
  search_synonym_group: SearchSynonymGroupTable;
  selling_model: SellingModelTable;
  product_selling_model: ProductSellingModelTable;
  price_book: PriceBookTable;
  price_book_entry: PriceBookEntryTable;
  price_adjustment_tier: PriceAdjustmentTierTable;
  buyer_group: BuyerGroupTable;
  buyer_group_price_book: BuyerGroupPriceBookTable;
  tax_policy: TaxPolicyTable;
  tax_rate: TaxRateTable;
  location: LocationTable;
  location_group: LocationGroupTable;
  location_group_member: LocationGroupMemberTable;
  inventory_level: InventoryLevelTable;
  account: AccountTable;
  account_buyer_group: AccountBuyerGroupTable;
  app_user: UserTable;
  session: SessionTable;
  user_managed_account: UserManagedAccountTable;
  entitlement_policy: EntitlementPolicyTable;
  entitlement_policy_buyer_group: EntitlementPolicyBuyerGroupTable;
  entitlement_policy_category: EntitlementPolicyCategoryTable;
  login_attempt: LoginAttemptTable;
  request_limit: RequestLimitTable;
  test_gateway_authorization: TestGatewayAuthorizationTable;
  registration_request: RegistrationRequestTable;
  id_counter: IdCounterTable;
  promotion: PromotionTable;
  coupon: CouponTable;
  coupon_customer_use: CouponCustomerUseTable;
  order_stock_take: OrderStockTakeTable;
  cart: CartTable;
  cart_item: CartItemTable;
  cart_coupon: CartCouponTable;
  cart_delivery_group: CartDeliveryGroupTable;
  inventory_reservation: InventoryReservationTable;
  cart_operation: CartOperationTable;
  delivery_method: DeliveryMethodTable;
  address: AddressTable;
  checkout: CheckoutTable;
  gift_wrap_product: GiftWrapProductTable;
  payment: PaymentTable;
  sales_order: SalesOrderTable;
  order_delivery_group: OrderDeliveryGroupTable;
  order_item: OrderItemTable;
  order_item_component: OrderItemComponentTable;
  order_adjustment: OrderAdjustmentTable;
  subscription: SubscriptionTable;
  mail_outbox: MailOutboxTable;
  server_secret: ServerSecretTable;
  audit_log: AuditLogTable;
  order_refund: OrderRefundTable;
  test_gateway_refund: TestGatewayRefundTable;
  password_reset: PasswordResetTable;
  product_image: ProductImageTable;
  featured_product: FeaturedProductTable;
  import_job: ImportJobTable;
  variation_attribute: VariationAttributeTable;
  managed_content: ManagedContentTable;
  cms_media: CmsMediaTable;
  /** The bytes shoppers see of a published image item (migration 020), copied from cms_media on publish. */
  cms_media_live: CmsMediaTable;
  seo_override: SeoOverrideTable;
  wishlist: WishlistTable;
  wishlist_item: WishlistItemTable;
  shopper_activity: ShopperActivityTable;
  agent_token: AgentTokenTable;
  dataset_file: DatasetFileTable;
  dataset_file_chunk: DatasetFileChunkTable;
  dataset_list_pricing: DatasetListPricingTable;
  search_index_segment: SearchIndexSegmentTable;
  search_index_chunk: SearchIndexChunkTable;
}

/** A version of a dataset's file as the seller uploaded it (migration 028). */
export interface DatasetFileTable {
  id: string;
  webstore_id: string;
  product_id: string;
  version: number;
  /** 'processing' | 'ready' | 'failed' */
  status: string;
  file_name: string;
  byte_size: number;
  sha256: string | null;
  row_count: number | null;
  rows_done: number;
  columns_json: string;
  dictionary_json: string | null;
  error: string | null;
  uploaded_by: string | null;
  uploaded_at: string;
  heartbeat_at: string | null;
  ready_at: string | null;
}
/** About 1 MiB of a file's bytes ('csv') or of its count index ('index'), in order by n (migration 028). */
export interface DatasetFileChunkTable {
  file_id: string;
  kind: string;
  n: number;
  /** Buffer on SQLite (blob) and PostgreSQL (bytea). */
  content: Buffer;
}
/** A seller's per-record pricing of a dataset (migration 028, core/list-pricing.ts). */
export interface DatasetListPricingTable {
  product_id: string;
  per_1000: string;
  minimum: string;
  tiers_json: string;
  updated_at: string;
}

/** A buyer's access token for an AI agent (migration 024); only the token's SHA-256 is stored. */
export interface AgentTokenTable {
  id: string;
  webstore_id: string;
  user_id: string;
  name: string;
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}

/** An accepted shopper activity (migration 023). */
export interface ShopperActivityTable {
  id: string;
  webstore_id: string;
  activity: string;
  occurred_at: string;
  visitor_id: string;
  user_id: string | null;
  account_id: string | null;
  product_id: string | null;
  category_id: string | null;
  search_term: string | null;
  result_count: number | null;
  recommender: string | null;
  position: number | null;
  quantity: number | null;
  unit_price: string | null;
  list_price: string | null;
  detail_json: string | null;
}

/** An account's wishlist in a store (migration 021). */
export interface WishlistTable {
  id: string;
  webstore_id: string;
  account_id: string;
  name: string;
  created_by_user_id: string | null;
  created_at: string;
  modified_at: string;
}

/** A product on a wishlist, with the name it had when added (migration 021). */
export interface WishlistItemTable {
  id: string;
  wishlist_id: string;
  product_id: string;
  product_name: string;
  created_at: string;
}

/** A variation parent's attribute and the values its variations may take (migration 014). */
export interface VariationAttributeTable {
  parent_id: string;
  name: string;
  /** The attribute's place in the picker, from 0. */
  sequence: number;
  /** JSON array of the allowed values, in the picker's order. */
  values_json: string;
}

/** A buyer's password-reset link (issue 15, migration 012): the SHA-256 of the mailed token, good once until it expires. */
export interface PasswordResetTable {
  token_hash: string;
  user_id: string;
  webstore_id: string;
  expires_at: string;
  created_at: string;
}

/** Money given back on an order (migration 011). */
export interface OrderRefundTable {
  id: string;
  webstore_id: string;
  order_id: string;
  kind: string;
  status: string;
  amount_minor: number;
  currency: string;
  order_item_ids_json: string;
  whole_order: number;
  reason: string | null;
  gateway: string | null;
  gateway_reference: string | null;
  idempotency_key: string;
  created_by: string;
  created_at: string;
}

/** A refund the built-in test gateway made (migration 011). */
export interface TestGatewayRefundTable {
  idempotency_key: string;
  reference: string;
  refund_reference: string;
  amount_minor: number;
  created_at: string;
}

/** One change made in the workspace (issue 15): who, when, what, and the record before and after (JSON). */
export interface AuditLogTable {
  id: string;
  webstore_id: string;
  occurred_at: string;
  user_id: string;
  user_email: string;
  user_role: string;
  action: string;
  record_type: string;
  record_id: string;
  record_label: string | null;
  before_json: string | null;
  after_json: string | null;
}

/** A product's uploaded image (issue 15, migration 015): the stored original (WebP, metadata stripped, capped). */
export interface ProductImageTable {
  product_id: string;
  webstore_id: string;
  /** Buffer on SQLite (blob) and PostgreSQL (bytea). */
  content: Buffer;
  content_type: string;
  width: number;
  height: number;
  byte_size: number;
  /** 16 hex digits of the content's SHA-256: the `v` of its URLs and the key of its cached renditions. */
  version: string;
  alt_text: string;
  uploaded_at: string;
}

/** The store's featured datasets, the home page's list (migration 015), in `position` order. */
export interface FeaturedProductTable {
  webstore_id: string;
  product_id: string;
  position: number;
}

/** A catalogue upload in the workspace (issue 15, migration 013): the file, its progress and its report. */
export interface ImportJobTable {
  id: string;
  webstore_id: string;
  status: string;
  phase: string | null;
  kind: string | null;
  format: string;
  file_name: string;
  file_bytes: number;
  file_text: string;
  apply_good_rows: number;
  source_job_id: string | null;
  applied_by_job_id: string | null;
  rows_done: number;
  rows_total: number | null;
  bytes_done: number;
  rows: number | null;
  created: number | null;
  updated: number | null;
  unchanged: number | null;
  refused: number | null;
  problems_json: string | null;
  error: string | null;
  user_id: string;
  user_email: string;
  user_role: string;
  created_at: string;
  started_at: string | null;
  heartbeat_at: string | null;
  finished_at: string | null;
}

/** A managed content item (migration 018): working copy, live copy once published. */
export interface ManagedContentTable {
  /** 20Y… */
  id: string;
  /** MC + 26 characters (core CONTENT_KEY_PATTERN). */
  content_key: string;
  webstore_id: string;
  /** core CONTENT_TYPES. */
  type_fqn: string;
  title: string;
  url_name: string;
  /** JSON of the type's body (core ContentBodies), as the seller last saved it. */
  body_json: string;
  live_title: string | null;
  live_url_name: string | null;
  live_body_json: string | null;
  published_at: string | null;
  publish_start_at: string | null;
  publish_end_at: string | null;
  revision: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** The bytes of an image content item (migration 018). */
export interface CmsMediaTable {
  content_id: string;
  webstore_id: string;
  /** Buffer on SQLite (blob) and PostgreSQL (bytea). */
  content: Buffer;
  content_type: string;
  width: number;
  height: number;
  byte_size: number;
  version: string;
  uploaded_at: string;
}

/** The seller's search-engine title, description and "no index" of a product or category (migration 019). */
export interface SeoOverrideTable {
  webstore_id: string;
  /** 01t… or 0ZG… (18 characters). */
  record_id: string;
  title: string | null;
  description: string | null;
  /** 1: keep the page out of search engines. */
  no_index: number;
  updated_at: string;
}

/** A persisted main segment of a store's search index (migration 030, search/segment-store.ts). */
export interface SearchIndexSegmentTable {
  id: string;
  webstore_id: string;
  catalog_version: number;
  format: number;
  /** writing | ready */
  status: string;
  /** A string on PostgreSQL (bigint). */
  byte_size: number | string;
  chunk_count: number;
  documents: number;
  created_at: string;
}
/** Up to 4 MiB of a persisted segment's bytes, in order by n (migration 030). */
export interface SearchIndexChunkTable {
  segment_id: string;
  n: number;
  content: Buffer;
}
