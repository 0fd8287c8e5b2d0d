// Resolves {webstoreId} for every webstore-scoped route; unknown stores are a 404.
// Store rows are read through a short-lived per-process cache: settings change rarely, and a few
// seconds of staleness across processes is acceptable for them (catalogue data is versioned separately).
import type { Kysely } from 'kysely';
import { normaliseRecordId, type ApplicationContext } from '@store/core';
import type { Database } from '../db/schema.ts';
import { ApiError, notFound } from '../domain/errors.ts';

export interface Webstore {
  id: string;
  name: string;
  settings: ApplicationContext;
  catalogVersion: number;
  snapshotId: string;
  guestBuyerGroupId: string | null;
  shopperBuyerGroupId: string | null;
}

const TTL_MS = 2000;

/** A catalogue-snapshot read names the store's published snapshot, or there is nothing to read (404). */
export function checkSnapshot(store: Webstore, snapshotId: string): void {
  if (snapshotId !== store.snapshotId) throw notFound(`The catalog snapshot ${snapshotId} doesn't exist.`);
}

export class WebstoreResolver {
  private cache = new Map<string, { at: number; store: Webstore | null }>();
  constructor(private db: Kysely<Database>) {}

  async get(id: string): Promise<Webstore> {
    return this.read(id, false);
  }

  /**
   * The store as the database has it now, bypassing (and refreshing) the cache: for the application context,
   * which must answer a settings change made in another process at once, and for the settings form.
   */
  fresh(id: string): Promise<Webstore> {
    return this.read(id, true);
  }

  private async read(id: string, fresh: boolean): Promise<Webstore> {
    const hit = this.cache.get(id);
    const now = Date.now();
    let store = !fresh && hit && now - hit.at < TTL_MS ? hit.store : undefined;
    if (store === undefined) {
      const row = await this.db
        .selectFrom('webstore')
        .selectAll()
        .where('id', '=', normaliseRecordId(id) ?? id)
        .executeTakeFirst();
      store = row
        ? {
            id: row.id,
            name: row.name,
            settings: JSON.parse(row.settings_json),
            catalogVersion: row.catalog_version,
            snapshotId: row.snapshot_id,
            guestBuyerGroupId: row.guest_buyer_group_id,
            shopperBuyerGroupId: row.shopper_buyer_group_id,
          }
        : null;
      this.cache.set(id, { at: now, store });
    }
    if (!store) throw new ApiError(404, 'NOT_FOUND', `The webstore ${id} does not exist.`);
    return store;
  }

  invalidate(): void {
    this.cache.clear();
  }
}
