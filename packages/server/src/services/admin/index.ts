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
import { CustomerAdmin } from './customer-admin.ts';
import { PromotionAdmin } from './promotion-admin.ts';
import { RecordedChanges } from './recorded-change.ts';
import { SettingsAdmin } from './settings-admin.ts';

export interface Workspace {
  audit: AuditLog;
  products: ProductAdmin;
  prices: PriceAdmin;
  categories: CategoryAdmin;
  promotions: PromotionAdmin;
  customers: CustomerAdmin;
  settings: SettingsAdmin;
}

export function createWorkspace(db: Kysely<Database>, webstores: WebstoreResolver, s: Services): Workspace {
  const audit = new AuditLog(db);
  const changes = new CatalogueChanges(db, audit, webstores);
  const recorded = new RecordedChanges(db, audit);
  return {
    audit,
    products: new ProductAdmin(db, changes),
    prices: new PriceAdmin(db, changes),
    categories: new CategoryAdmin(db),
    promotions: new PromotionAdmin(db, recorded),
    customers: new CustomerAdmin(db, recorded, s.passwordResets),
    settings: new SettingsAdmin(recorded, webstores),
  };
}

export { requireWorkspaceAction, requireWorkspaceRole, type Actor } from './workspace-access.ts';
