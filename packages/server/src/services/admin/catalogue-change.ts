// The one way the workspace changes the catalogue: the change, its audit entry and the catalogue version bump
// commit together or not at all. The bump (markProductsChanged) is what makes every process follow: cached
// product answers and category trees are keyed by the version, and each process's search index re-reads the
// changed products on its next query. This process also forgets its cached store row, so its own next read
// already sees the new version.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { markProductsChanged } from '../../db/catalog-version.ts';
import { forUpdate } from '../../db/locks.ts';
import type { WebstoreResolver } from '../webstores.ts';
import type { AuditChange, AuditLog } from './audit-log.ts';
import type { Actor } from './workspace-access.ts';

export interface CatalogueWrite<T> {
  result: T;
  change: AuditChange;
  /** Products whose answers (detail, prices, search) the change affects. */
  productIds: string[];
}

export class CatalogueChanges {
  constructor(
    private db: Kysely<Database>,
    private audit: AuditLog,
    private webstores: WebstoreResolver,
  ) {}

  async run<T>(
    webstoreId: string,
    actor: Actor,
    write: (trx: Transaction<Database>) => Promise<CatalogueWrite<T>>,
  ): Promise<T> {
    const [auditId] = await this.audit.reserveIds(1);
    const result = await this.db.transaction().execute(async (trx) => {
      const done = await write(trx);
      await this.audit.recordChange(trx, webstoreId, auditId!, actor, done.change);
      await markProductsChanged(trx, webstoreId, done.productIds);
      return done.result;
    });
    this.webstores.invalidate();
    return result;
  }
}

/**
 * Takes the product's row lock for the rest of the change (PostgreSQL; SQLite runs one writer at a time): two
 * changes of one product then run one after the other, each reading what the other wrote, so the second's
 * "before" is the first's "after" and their deletes and inserts never cross.
 */
export async function lockProduct(trx: Transaction<Database>, productId: string): Promise<void> {
  await forUpdate(trx, trx.selectFrom('product').select('id').where('id', '=', productId)).executeTakeFirst();
}
