// The seller's workspace services (issue 15), built once per process over the same database and store resolver.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { WebstoreResolver } from '../webstores.ts';
import { AuditLog } from './audit-log.ts';
import { CatalogueChanges } from './catalogue-change.ts';
import { CategoryAdmin } from './category-admin.ts';
import { PriceAdmin } from './price-admin.ts';
import { ProductAdmin } from './product-admin.ts';

export interface Workspace {
  audit: AuditLog;
  products: ProductAdmin;
  prices: PriceAdmin;
  categories: CategoryAdmin;
}

export function createWorkspace(db: Kysely<Database>, webstores: WebstoreResolver): Workspace {
  const audit = new AuditLog(db);
  const changes = new CatalogueChanges(db, audit, webstores);
  return {
    audit,
    products: new ProductAdmin(db, changes),
    prices: new PriceAdmin(db, changes),
    categories: new CategoryAdmin(db),
  };
}

export { requireWorkspaceAction, requireWorkspaceRole, type Actor } from './workspace-access.ts';
