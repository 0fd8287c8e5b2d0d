// GET ai/configuration (spec 01 §3/§7, issue 18): whether this store records activities and answers
// recommendations. The store is its own recommendation service, so host is its own origin and siteId (and the
// tenant) its webstore id: the storefront posts activities to `${host}/activities/${siteId}/{activity}`.
import { shopperSignalsOf, type AiConfiguration } from '@store/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Webstore } from './webstores.ts';

export async function aiConfiguration(db: Kysely<Database>, store: Webstore, origin: string): Promise<AiConfiguration> {
  const signals = shopperSignalsOf(store.settings);
  const anyProduct = await db
    .selectFrom('product')
    .select('id')
    .where('webstore_id', '=', store.id)
    .where('is_active', '=', 1)
    .limit(1)
    .executeTakeFirst();
  const catalogExists = anyProduct !== undefined;
  return {
    activityTrackingEnabled: signals.activityTrackingEnabled,
    catalogExists,
    isDeployed: signals.recommendationsEnabled && catalogExists,
    host: origin,
    siteId: store.id,
    tenant: store.id,
    deploymentEnabled: signals.recommendationsEnabled,
  };
}
