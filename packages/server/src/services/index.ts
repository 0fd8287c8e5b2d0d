// The services one server process holds; each is stateless over the database apart from
// version-keyed caches of derived data.
import type { ImportRunnerOptions } from './admin/import-jobs/index.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { WebstoreResolver } from './webstores.ts';
import { CategoryTreeCache } from './category-tree.ts';
import { CategoryReads } from './category-reads.ts';
import { BuyerContextService } from './buyer-context.ts';
import { ProductService } from './products.ts';
import { ProductReads } from './product-reads.ts';
import { ProductReadModel } from './product-read-model.ts';
import { PricingService } from './pricing.ts';
import { TaxService } from './taxes.ts';
import { InventoryService } from './inventory.ts';
import { DefaultSourceStockReads } from './stock.ts';
import { ResponseCache } from './response-cache.ts';
import { AccountService } from './accounts.ts';
import { EntitlementService } from './entitlements.ts';
import { SessionStore, DEFAULT_SESSION_CONFIG, type SessionConfig } from '../auth/sessions.ts';
import { LoginLimiter } from '../auth/login-limiter.ts';
import { RequestLimiter } from '../auth/request-limiter.ts';
import { SearchService } from './search.ts';
import { PromotionService } from './promotions.ts';
import { CartService } from './carts/cart-service.ts';
import { CartOperations } from './carts/cart-operations.ts';
import { IdentityService } from './identity.ts';
import { AddressService } from './addresses.ts';
import { WishlistService } from './wishlists/wishlist-service.ts';
import { AgentTokenService } from './agent/agent-tokens.ts';
import { CheckoutService } from './checkout/checkout-service.ts';
import { PaymentService } from './checkout/payments.ts';
import { OrderPlacement } from './checkout/place-order.ts';
import { OrderService } from './orders.ts';
import { DownloadService } from './downloads.ts';
import { AccountDownloadService } from './account-downloads.ts';
import { SubscriptionService } from './subscriptions.ts';
import { AssetService } from './assets.ts';
import { DiskCache, imageCacheDirFromEnv } from './image-disk-cache.ts';
import { UploadedImages } from './uploaded-images.ts';
import { CmsMediaService } from './content/media.ts';
import { FeaturedDatasetReads } from './featured-datasets.ts';
import { RecommendationService } from './recommendations/recommendation-service.ts';
import { DatasetListService } from './dataset-lists/dataset-list-service.ts';
import { ContentDelivery } from './content/index.ts';
import { ActivityService } from './activities/index.ts';
import type { ActivityBufferOptions } from './activities/activity-buffer.ts';
import { GiftWrapService } from './gift-wrap.ts';
import { orderEmails } from './order-mail.ts';
import { createWorkspace, type Workspace } from './admin/index.ts';
import { MailOutbox } from '../mail/outbox.ts';
import { RegistrationService } from './registration.ts';
import { PasswordResets } from './password-reset.ts';
import { ForgotPassword } from './forgot-password.ts';
import { PasswordChangeService } from './password-change.ts';
import { mailTransportFromEnv } from '../mail/transport.ts';
import { SeoPropertiesService } from './seo/seo-properties.ts';
import { SitemapService } from './seo/sitemap.ts';
import { SeoSettingsAdmin } from './seo/seo-settings-admin.ts';
import { CatalogueChanges } from './admin/catalogue-change.ts';
import {
  CounterOrderNumbers,
  TableTaxCalculation,
  TestPaymentGateway,
  addGuestLines,
  fullestFirst,
  inProcessSearch,
  type GuestCartMerge,
  type MailTransport,
  type OrderNumbers,
  type PaymentGateway,
  type Policies,
  type SearchEngine,
  type StockAllocation,
  type TaxCalculation,
} from '../policies/index.ts';

export interface Services {
  db: Kysely<Database>;
  webstores: WebstoreResolver;
  categories: CategoryTreeCache;
  categoryReads: CategoryReads;
  products: ProductService;
  productReads: ProductReads;
  readModel: ProductReadModel;
  giftWrap: GiftWrapService;
  pricing: PricingService;
  taxes: TaxService;
  inventory: InventoryService;
  /** The stock rows at a store's default source, prepared once: the cart's and checkout's stock checks. */
  stockReads: DefaultSourceStockReads;
  responses: ResponseCache;
  accounts: AccountService;
  entitlements: EntitlementService;
  buyers: BuyerContextService;
  sessions: SessionStore;
  identity: IdentityService;
  loginLimiter: LoginLimiter;
  searchIndex: SearchEngine;
  search: SearchService;
  /** GET ai/recommendations: the store's own recommenders (issue 18). */
  recommendations: RecommendationService;
  /** The dataset page's list builder and evaluation kit (issue 19). */
  datasetLists: DatasetListService;
  promotions: PromotionService;
  carts: CartService;
  cartOperations: CartOperations;
  addresses: AddressService;
  /** An account's wishlists (issue 17). */
  wishlists: WishlistService;
  /** A buyer's access tokens for AI agents (issue 18): the MCP server's bearer tokens. */
  agentTokens: AgentTokenService;
  checkouts: CheckoutService;
  payments: PaymentService;
  orderPlacement: OrderPlacement;
  orders: OrderService;
  downloads: DownloadService;
  accountDownloads: AccountDownloadService;
  subscriptions: SubscriptionService;
  assets: AssetService;
  /** The bytes of image content items and their renditions (issue 16). */
  cmsMedia: CmsMediaService;
  /** The home page's featured datasets, as the seller ordered them. */
  featuredDatasets: FeaturedDatasetReads;
  /** Managed content as the delivery API answers it (issue 16): live copies, working copies in preview. */
  contentDelivery: ContentDelivery;
  mail: MailOutbox;
  registration: RegistrationService;
  /** A buyer's password reset by one-time link (issue 15). */
  passwordResets: PasswordResets;
  forgotPassword: ForgotPassword;
  passwordChange: PasswordChangeService;
  requestLimiter: RequestLimiter;
  /** The seller's workspace (issue 15): products, prices, categories and the audit log. */
  workspace: Workspace;
  /** The swappable decisions (policies/), each the option given or its default. */
  policies: Policies;
  /** Search engines (issue 16): SEO properties of a record, and the seller's SEO settings. */
  seo: SeoPropertiesService;
  /** /sitemap.xml and its parts. */
  sitemap: SitemapService;
  /** The seller's SEO settings of products and categories (workspace). */
  seoSettings: SeoSettingsAdmin;
  /** Shopper activities (issue 18): batched writes and retention. */
  activities: ActivityService;
}

export interface ServiceOptions {
  session?: SessionConfig;
  /** A pause between chunks of a background cart operation (tests make Processing observable with it). */
  cartOperationPauseMs?: number;
  /** The workspace's background catalogue imports (tests make a small file's progress observable with a pause). */
  importRunner?: ImportRunnerOptions;
  /** The payment gateway (outside our system); the built-in test gateway by default. */
  paymentGateway?: PaymentGateway;
  /** Where emails go; by default SMTP_URL, else the outbox folder (MAIL_OUTBOX_DIR or data/outbox). */
  mailTransport?: MailTransport;
  /** The storefront's public address, for links in emails (PUBLIC_URL; default http://localhost:3000). */
  publicUrl?: string;
  /** Tax rates at a destination and the tax in an amount; by default the tax_rate table (region over country). */
  taxCalculation?: TaxCalculation;
  /** An order's number; by default the DD-00001001 counter. */
  orderNumbers?: OrderNumbers;
  /** How a guest's cart joins the shopper's at login; by default every line and coupon. */
  guestCartMerge?: GuestCartMerge;
  /** Which warehouses an order's stock comes from; by default the fullest first. */
  stockAllocation?: StockAllocation;
  /** What product search queries; by default the in-process index. */
  searchEngine?: SearchEngine;
  /** The folder resized images are kept in, shared by processes; IMAGE_CACHE_DIR, else data/image-cache. */
  imageCacheDir?: string;
  /** URLs per sitemap file (50,000, the sitemaps.org limit, by default; tests make the index switch observable). */
  sitemapMaxUrls?: number;
  /** When buffered shopper activities are written (every second or 200 rows by default). */
  activityBuffer?: ActivityBufferOptions;
}

export function createServices(db: Kysely<Database>, opts: ServiceOptions = {}): Services {
  const products = new ProductService(db);
  const readModel = new ProductReadModel(db, products);
  const pricing = new PricingService(db);
  const policies: Policies = {
    paymentGateway: opts.paymentGateway ?? new TestPaymentGateway(db),
    mailTransport: opts.mailTransport ?? mailTransportFromEnv(),
    taxCalculation: opts.taxCalculation ?? new TableTaxCalculation(),
    orderNumbers: opts.orderNumbers ?? new CounterOrderNumbers(),
    guestCartMerge: opts.guestCartMerge ?? addGuestLines,
    stockAllocation: opts.stockAllocation ?? fullestFirst,
    searchEngine: opts.searchEngine ?? inProcessSearch(db),
  };
  const searchIndex = policies.searchEngine;
  // One folder of renditions for product and content images alike.
  const renditions = new DiskCache(opts.imageCacheDir ?? imageCacheDirFromEnv());
  const services = {
    policies,
    db,
    webstores: new WebstoreResolver(db),
    categories: new CategoryTreeCache(db),
    categoryReads: new CategoryReads(),
    products,
    readModel,
    pricing,
    taxes: new TaxService(db, policies.taxCalculation),
    inventory: new InventoryService(db, products),
    stockReads: new DefaultSourceStockReads(db),
    responses: new ResponseCache(),
    accounts: new AccountService(db),
    entitlements: new EntitlementService(db),
    sessions: new SessionStore(db, opts.session ?? DEFAULT_SESSION_CONFIG),
    loginLimiter: new LoginLimiter(db),
    requestLimiter: new RequestLimiter(db),
    searchIndex,
    search: new SearchService(searchIndex, products, pricing, readModel, db),
    recommendations: new RecommendationService(db, products, pricing),
    datasetLists: new DatasetListService(db, products, pricing),
    promotions: new PromotionService(db, products, pricing),
    addresses: new AddressService(db),
    orders: new OrderService(db),
    subscriptions: new SubscriptionService(db),
    assets: new AssetService(products, renditions, new UploadedImages(db), db),
    cmsMedia: new CmsMediaService(db, renditions),
    giftWrap: new GiftWrapService(db),
    featuredDatasets: new FeaturedDatasetReads(db),
  } as Services;
  services.contentDelivery = new ContentDelivery(db, services.webstores);
  services.activities = new ActivityService(db, services.webstores, opts.activityBuffer);
  services.productReads = new ProductReads(products, services.readModel, pricing, services.responses);
  services.buyers = new BuyerContextService(services.accounts, services.categories, services.entitlements);
  services.identity = new IdentityService(services);
  services.seo = new SeoPropertiesService(db, products, services.entitlements);
  services.sitemap = new SitemapService(db, services.categories, services.entitlements, services.seo.overrides, {
    maxUrls: opts.sitemapMaxUrls,
  });
  // The cart services work through the others (products, prices, promotions).
  services.carts = new CartService(services);
  services.wishlists = new WishlistService(services);
  services.agentTokens = new AgentTokenService(db, services.accounts);
  services.cartOperations = new CartOperations(services, { pauseMs: opts.cartOperationPauseMs ?? 0 });
  services.checkouts = new CheckoutService(services);
  services.payments = new PaymentService(services, policies.paymentGateway);
  services.orderPlacement = new OrderPlacement(services);
  services.downloads = new DownloadService(db, services.orders);
  services.accountDownloads = new AccountDownloadService(db, services.downloads);
  services.mail = new MailOutbox(db, policies.mailTransport);
  const publicUrl = (opts.publicUrl ?? process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  services.orderPlacement.onPlaced.push(orderEmails({ publicUrl, downloads: services.downloads }));
  services.registration = new RegistrationService(services, publicUrl);
  services.passwordResets = new PasswordResets(services, publicUrl);
  services.forgotPassword = new ForgotPassword(services);
  services.passwordChange = new PasswordChangeService(services, publicUrl);
  services.workspace = createWorkspace(
    db,
    services.webstores,
    services,
    {
      orders: services.orders,
      gateway: policies.paymentGateway,
      publicUrl,
      downloads: services.downloads,
      sendNow: () => void services.mail.tick(),
    },
    opts.importRunner,
  );
  services.seoSettings = new SeoSettingsAdmin(
    db,
    services.seo.overrides,
    new CatalogueChanges(db, services.workspace.audit, services.webstores),
  );
  return services;
}
