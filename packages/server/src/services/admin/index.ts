// The seller's workspace services (issue 15), built once per process over the same database and store resolver.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { WebstoreResolver } from '../webstores.ts';
import type { Services } from '../index.ts';
import { AuditLog } from './audit-log.ts';
import { CatalogueChanges } from './catalogue-change.ts';
import { CategoryAdmin } from './category-admin.ts';
import { PriceAdmin } from './price-admin.ts';
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
import { SellingModelAdmin } from './selling-model-admin.ts';

export interface Workspace {
  audit: AuditLog;
  products: ProductAdmin;
  prices: PriceAdmin;
  categories: CategoryAdmin;
  /** The store's selling models and which a product is offered with (issue 15 §3). */
  sellingModels: SellingModelAdmin;
  promotions: PromotionAdmin;
  customers: CustomerAdmin;
  settings: SettingsAdmin;
  /** Orders (issue 15 §6): the table and detail, fulfilment, refunds and cancellation. */
  orders: OrderAdmin;
  fulfilment: OrderFulfilment;
  refunds: OrderRefunds;
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
): Workspace {
  const audit = new AuditLog(db);
  const changes = new CatalogueChanges(db, audit, webstores);
  const orderChanges = new OrderChanges(db, audit);
  const recorded = new RecordedChanges(db, audit);
  return {
    orders: new OrderAdmin(db, orderDeps.orders),
    fulfilment: new OrderFulfilment(orderChanges, orderDeps),
    refunds: new OrderRefunds(db, orderChanges, orderDeps.gateway, orderDeps),
    audit,
    products: new ProductAdmin(db, changes),
    prices: new PriceAdmin(db, changes),
    categories: new CategoryAdmin(db),
    sellingModels: new SellingModelAdmin(db, changes),
    promotions: new PromotionAdmin(db, recorded),
    customers: new CustomerAdmin(db, recorded, s.passwordResets),
    settings: new SettingsAdmin(recorded, webstores),
  };
}

export { requireWorkspaceAction, requireWorkspaceRole, type Actor } from './workspace-access.ts';
