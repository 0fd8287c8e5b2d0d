// The services one server process holds; each is stateless over the database apart from
// version-keyed caches of derived data.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { WebstoreResolver } from './webstores.ts';
import { CategoryTreeCache } from './category-tree.ts';
import { CategoryReads } from './category-reads.ts';
import { BuyerContextService } from './buyer-context.ts';
import { ProductService } from './products.ts';
import { ProductReads } from './product-reads.ts';
import { PricingService } from './pricing.ts';
import { TaxService } from './taxes.ts';
import { InventoryService } from './inventory.ts';
import { ResponseCache } from './response-cache.ts';
import { AccountService } from './accounts.ts';
import { EntitlementService } from './entitlements.ts';
import { SessionStore, DEFAULT_SESSION_CONFIG, type SessionConfig } from '../auth/sessions.ts';
import { LoginLimiter } from '../auth/login-limiter.ts';
import { SearchIndexService } from '../search/index-service.ts';
import { SearchService } from './search.ts';
import { PromotionService } from './promotions.ts';
import { CartService } from './carts/cart-service.ts';
import { CartOperations } from './carts/cart-operations.ts';
import { IdentityService } from './identity.ts';
import { AddressService } from './addresses.ts';
import { CheckoutService } from './checkout/checkout-service.ts';
import { PaymentService } from './checkout/payments.ts';
import { OrderPlacement } from './checkout/place-order.ts';
import { TestPaymentGateway, type PaymentGateway } from './checkout/payment-gateway.ts';
import { OrderService } from './orders.ts';
import { DownloadService } from './downloads.ts';
import { AssetService } from './assets.ts';
import { orderEmails } from './order-mail.ts';
import { MailOutbox } from '../mail/outbox.ts';
import { mailTransportFromEnv, type MailTransport } from '../mail/transport.ts';

export interface Services {
  db: Kysely<Database>;
  webstores: WebstoreResolver;
  categories: CategoryTreeCache;
  categoryReads: CategoryReads;
  products: ProductService;
  productReads: ProductReads;
  pricing: PricingService;
  taxes: TaxService;
  inventory: InventoryService;
  responses: ResponseCache;
  accounts: AccountService;
  entitlements: EntitlementService;
  buyers: BuyerContextService;
  sessions: SessionStore;
  identity: IdentityService;
  loginLimiter: LoginLimiter;
  searchIndex: SearchIndexService;
  search: SearchService;
  promotions: PromotionService;
  carts: CartService;
  cartOperations: CartOperations;
  addresses: AddressService;
  checkouts: CheckoutService;
  payments: PaymentService;
  orderPlacement: OrderPlacement;
  orders: OrderService;
  downloads: DownloadService;
  assets: AssetService;
  mail: MailOutbox;
}

export interface ServiceOptions {
  session?: SessionConfig;
  /** A pause between chunks of a background cart operation (tests make Processing observable with it). */
  cartOperationPauseMs?: number;
  /** The payment gateway (outside our system); the built-in test gateway by default. */
  paymentGateway?: PaymentGateway;
  /** Where emails go; by default SMTP_URL, else the outbox folder (MAIL_OUTBOX_DIR or data/outbox). */
  mailTransport?: MailTransport;
  /** The storefront's public address, for links in emails (PUBLIC_URL; default http://localhost:3000). */
  publicUrl?: string;
}

export function createServices(db: Kysely<Database>, opts: ServiceOptions = {}): Services {
  const products = new ProductService(db);
  const pricing = new PricingService(db);
  const searchIndex = new SearchIndexService(db);
  const services = {
    db,
    webstores: new WebstoreResolver(db),
    categories: new CategoryTreeCache(db),
    categoryReads: new CategoryReads(),
    products,
    pricing,
    taxes: new TaxService(db),
    inventory: new InventoryService(db, products),
    responses: new ResponseCache(),
    accounts: new AccountService(db),
    entitlements: new EntitlementService(db),
    sessions: new SessionStore(db, opts.session ?? DEFAULT_SESSION_CONFIG),
    loginLimiter: new LoginLimiter(db),
    searchIndex,
    search: new SearchService(searchIndex, products, pricing, db),
    promotions: new PromotionService(db, products, pricing),
    addresses: new AddressService(db),
    orders: new OrderService(db),
    assets: new AssetService(db),
  } as Services;
  services.productReads = new ProductReads(products, pricing, services.responses);
  services.buyers = new BuyerContextService(services.accounts, services.categories, services.entitlements);
  services.identity = new IdentityService(services);
  // The cart services work through the others (products, prices, promotions).
  services.carts = new CartService(services);
  services.cartOperations = new CartOperations(services, { pauseMs: opts.cartOperationPauseMs ?? 0 });
  services.checkouts = new CheckoutService(services);
  services.payments = new PaymentService(services, opts.paymentGateway ?? new TestPaymentGateway());
  services.orderPlacement = new OrderPlacement(services);
  services.downloads = new DownloadService(db, services.orders);
  services.mail = new MailOutbox(db, opts.mailTransport ?? mailTransportFromEnv());
  const publicUrl = (opts.publicUrl ?? process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  services.orderPlacement.onPlaced.push(orderEmails({ publicUrl, downloads: services.downloads }));
  return services;
}
