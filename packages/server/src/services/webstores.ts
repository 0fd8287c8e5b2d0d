// Resolves {webstoreId} for every webstore-scoped route; unknown stores are a 404.
// Store rows are read through a short-lived per-process cache, but what a workspace change must reach every
// process with at once is read fresh on every call (one primary-key read, as search does): the catalogue
// version (every catalogue answer is keyed by it: cached product answers, category trees, the entitlement
// sets, so a product just placed in a restricted category is never judged by an older version's set), the
// promotions and tax versions (the promotion rules and tax rates kept per process are keyed by them; the
// database bumps them, migration 034) and the settings (guest rules, session timeout, gifting: a change in one
// process is followed by the next request in every other). The settings text is parsed again only when it changed.
import type { Kysely } from 'kysely';
import { normaliseRecordId, type ApplicationContext } from '@store/core';
import type { Database } from '../db/schema.ts';
import { PreparedQuery } from '../db/prepared.ts';
import { ApiError, notFound } from '../domain/errors.ts';

export interface Webstore {
  id: string;
  name: string;
  settings: ApplicationContext;
  catalogVersion: number;
  /** Bumped by the database on any write to the store's promotions or coupon codes (migration 034). */
  promotionsVersion: number;
  /** Bumped by the database on any write to the tax tables (migration 034). */
  taxVersion: number;
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
  private cache = new Map<string, { at: number; store: Webstore | null; settingsJson: string | null }>();
  /** The read every request makes: compiled once (db/prepared.ts). */
  private versionOf: PreparedQuery<
    { id: string },
    { catalog_version: number; settings_json: string; promotions_version: number; tax_version: number }
  >;
  constructor(private db: Kysely<Database>) {
    this.versionOf = new PreparedQuery(db, (d, p) =>
      d
        .selectFrom('webstore')
        .select(['catalog_version', 'settings_json', 'promotions_version', 'tax_version'])
        .where('id', '=', p.id),
    );
  }

  async get(id: string): Promise<Webstore> {
    const hit = this.cache.get(id);
    if (!hit || Date.now() - hit.at >= TTL_MS) return this.fresh(id);
    if (!hit.store) throw unknownStore(id);
    const [now] = await this.versionOf.execute({ id: hit.store.id });
    if (!now) return this.fresh(id);
    if (
      now.catalog_version !== hit.store.catalogVersion ||
      now.settings_json !== hit.settingsJson ||
      now.promotions_version !== hit.store.promotionsVersion ||
      now.tax_version !== hit.store.taxVersion
    ) {
      hit.store = {
        ...hit.store,
        catalogVersion: now.catalog_version,
        promotionsVersion: now.promotions_version,
        taxVersion: now.tax_version,
        settings: now.settings_json === hit.settingsJson ? hit.store.settings : JSON.parse(now.settings_json),
      };
      hit.settingsJson = now.settings_json;
    }
    return hit.store;
  }

  /** The whole store row as the database has it now, refreshing the cache (the settings form reads this). */
  async fresh(id: string): Promise<Webstore> {
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
          promotionsVersion: row.promotions_version,
          taxVersion: row.tax_version,
          snapshotId: row.snapshot_id,
          guestBuyerGroupId: row.guest_buyer_group_id,
          shopperBuyerGroupId: row.shopper_buyer_group_id,
        }
      : null;
    this.cache.set(id, { at: Date.now(), store, settingsJson: row?.settings_json ?? null });
    if (!store) throw unknownStore(id);
    return store;
  }

  invalidate(): void {
    this.cache.clear();
  }
}
