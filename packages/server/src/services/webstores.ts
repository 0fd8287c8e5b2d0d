// Resolves {webstoreId} for every webstore-scoped route; unknown stores are a 404.
// Store rows are read through a short-lived per-process cache: settings change rarely, and a few
// seconds of staleness across processes is acceptable for them. The catalogue version is not: every
// catalogue answer is keyed by it (cached product answers, category trees, the entitlement sets), so it is
// read fresh on every call (one primary-key read, as search does): a workspace change in one process is
// followed by the next request in every other, and a product just placed in a restricted category is never
// judged by an older version's entitlement set.
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

const unknownStore = (id: string) => new ApiError(404, 'NOT_FOUND', `The webstore ${id} does not exist.`);

/** A catalogue-snapshot read names the store's published snapshot, or there is nothing to read (404). */
export function checkSnapshot(store: Webstore, snapshotId: string): void {
  if (snapshotId !== store.snapshotId) throw notFound(`The catalog snapshot ${snapshotId} doesn't exist.`);
}

export class WebstoreResolver {
  private cache = new Map<string, { at: number; store: Webstore | null }>();
  constructor(private db: Kysely<Database>) {}

  async get(id: string): Promise<Webstore> {
    const hit = this.cache.get(id);
    if (hit && Date.now() - hit.at < TTL_MS) {
      if (!hit.store) throw unknownStore(id);
      const version = await this.catalogVersion(hit.store.id);
      if (version !== undefined && version !== hit.store.catalogVersion)
        hit.store = { ...hit.store, catalogVersion: version };
      return hit.store;
    }
    const row = await this.db
      .selectFrom('webstore')
      .selectAll()
      .where('id', '=', normaliseRecordId(id) ?? id)
      .executeTakeFirst();
    const store = row
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
    this.cache.set(id, { at: Date.now(), store });
    if (!store) throw unknownStore(id);
    return store;
  }

  private async catalogVersion(storeId: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('webstore')
      .select('catalog_version')
      .where('id', '=', storeId)
      .executeTakeFirst();
    return row?.catalog_version;
  }

  invalidate(): void {
    this.cache.clear();
  }
}
