// The seller's workspace services (issue 15), built once per process over the same database and store resolver.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { WebstoreResolver } from '../webstores.ts';
import type { Services } from '../index.ts';
import { AuditLog } from './audit-log.ts';
import { CatalogueChanges } from './catalogue-change.ts';
import { CategoryAdmin } from './category-admin.ts';
import { CategoryEditing } from './category-editing.ts';
import { EntitlementAdmin } from './entitlement-admin.ts';
import { InventoryAdmin } from './inventory-admin.ts';
import { PriceAdmin } from './price-admin.ts';
import { ListPricingAdmin } from './list-pricing-admin.ts';
import { ProductAdmin } from './product-admin.ts';
import { OrderAdmin } from './order-admin.ts';
import { OrderChanges } from './order-change.ts';
import { OrderFulfilment } from './order-fulfilment.ts';
import { OrderRefunds } from './order-refunds.ts';
import type { OrderService } from '../orders.ts';
import type { OrderMailOptions } from '../order-mail.ts';
import type { PaymentGateway } from '../../policies/payment-gateway.ts';
import { CustomerAdmin } from './customer-admin.ts';
import { PromotionAdmin } from './promotion-admin.ts';
import { RecordedChanges } from './recorded-change.ts';
import { SettingsAdmin } from './settings-admin.ts';
import { ProductImageAdmin } from './product-image-admin.ts';
import { DatasetPicksAdmin } from './dataset-picks-admin.ts';
import { createImportJobs, type ImportJobs, type ImportRunnerOptions } from './import-jobs/index.ts';
import { VariationAdmin } from './variation-admin.ts';
import { ComponentAdmin } from './component-admin.ts';
import { QuantityRuleAdmin } from './quantity-rule-admin.ts';
import { SellingModelAdmin } from './selling-model-admin.ts';
import { ContentAdmin } from './content-admin.ts';
import { InsightsReport } from './insights/index.ts';
import { DatasetFileAdmin } from './dataset-file-admin.ts';

export interface Workspace {
  audit: AuditLog;
  products: ProductAdmin;
  prices: PriceAdmin;
  categories: CategoryAdmin;
  /** A product's uploaded image (migration 015). */
  images: ProductImageAdmin;
  /** The featured datasets and each product's related datasets. */
  picks: DatasetPicksAdmin;
  /** Categories changed (issue 15 item 3), entitlement policies and a product's stock per location. */
  categoryEditing: CategoryEditing;
  entitlements: EntitlementAdmin;
  inventory: InventoryAdmin;
  /** The classes beyond Simple (issue 15 item 3): variation families, set/bundle components, quantity rules. */
  variations: VariationAdmin;
  components: ComponentAdmin;
  quantityRules: QuantityRuleAdmin;
  /** The store's selling models and which a product is offered with (issue 15 §3). */
  sellingModels: SellingModelAdmin;
  promotions: PromotionAdmin;
  customers: CustomerAdmin;
  settings: SettingsAdmin;
  /** Orders (issue 15 §6): the table and detail, fulfilment, refunds and cancellation. */
  orders: OrderAdmin;
  fulfilment: OrderFulfilment;
  refunds: OrderRefunds;
  /** Catalogue uploads running in the background, and the catalogue's export. */
  imports: ImportJobs;
  /** Managed content (issue 16): banners, rich text, images, product collections, page layouts. */
  content: ContentAdmin;
  /** Seller insights (issue 18 item 4): the dataset funnel and the search terms over a period. */
  insights: InsightsReport;
  /** A dataset's file (issue 19): uploads, processed in the background, and its versions. */
  datasetFiles: DatasetFileAdmin;
  /** A dataset's per-record pricing for selections of its records (issue 19). */
  listPricing: ListPricingAdmin;
}

/** What the order workspace works through: the shopper's order view, the gateway and the order emails. */
export interface OrderWorkspaceDeps extends OrderMailOptions {
  orders: OrderService;
  gateway: PaymentGateway;
  /** Sends queued mail now rather than at the outbox's next round. */
  sendNow(): void;
}

export function createWorkspace(
  db: Kysely<Database>,
  webstores: WebstoreResolver,
  s: Services,
  orderDeps: OrderWorkspaceDeps,
  importRunner: ImportRunnerOptions = {},
): Workspace {
  const audit = new AuditLog(db);
  const changes = new CatalogueChanges(db, audit, webstores);
  const orderChanges = new OrderChanges(db, audit);
  const recorded = new RecordedChanges(db, audit);
  const products = new ProductAdmin(db, changes);
  return {
    orders: new OrderAdmin(db, orderDeps.orders),
    fulfilment: new OrderFulfilment(orderChanges, orderDeps),
    refunds: new OrderRefunds(db, orderChanges, orderDeps.gateway, orderDeps),
    audit,
    products,
    variations: new VariationAdmin(db, changes, products),
    components: new ComponentAdmin(db, changes),
    quantityRules: new QuantityRuleAdmin(changes, products),
    prices: new PriceAdmin(db, changes),
    listPricing: new ListPricingAdmin(db, changes, () => s.products),
    categories: new CategoryAdmin(db),
    images: new ProductImageAdmin(db, changes),
    picks: new DatasetPicksAdmin(db, changes, recorded),
    categoryEditing: new CategoryEditing(db, changes),
    entitlements: new EntitlementAdmin(db, changes),
    inventory: new InventoryAdmin(db, recorded),
    sellingModels: new SellingModelAdmin(db, changes),
    promotions: new PromotionAdmin(db, recorded),
    customers: new CustomerAdmin(db, recorded, s.passwordResets),
    settings: new SettingsAdmin(recorded, webstores),
    imports: createImportJobs(db, recorded, webstores, importRunner),
    content: new ContentAdmin(db, recorded),
    insights: new InsightsReport(db),
    datasetFiles: new DatasetFileAdmin(db, changes),
  };
}

export { requireWorkspaceAction, requireWorkspaceRole, type Actor } from './workspace-access.ts';
