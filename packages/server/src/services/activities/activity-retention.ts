// Activities are kept for the store's shopperSignals.activityRetentionDays: older rows are deleted with one
// DELETE at start-up and then at most once an hour per process (checked when activities are written), so the
// table stays bounded without a scheduler. Several processes may each run it; the DELETE is idempotent.
import { shopperSignalsOf } from '@store/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { WebstoreResolver } from '../webstores.ts';

export const RETENTION_CHECK_INTERVAL_MS = 3600_000;
const DAY_MS = 24 * 3600_000;

export class ActivityRetention {
  private lastRun = new Map<string, number>();

  constructor(
    private db: Kysely<Database>,
    private webstores: WebstoreResolver,
  ) {}

  /** Deletes the store's activities older than its retention time now; answers how many went. */
  async prune(webstoreId: string, now = new Date()): Promise<number> {
    this.lastRun.set(webstoreId, now.getTime());
    const store = await this.webstores.get(webstoreId);
    const days = shopperSignalsOf(store.settings).activityRetentionDays;
    const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
    const result = await this.db
      .deleteFrom('shopper_activity')
      .where('webstore_id', '=', store.id)
      .where('occurred_at', '<', cutoff)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** prune() unless this process ran it for the store within the last hour. */
  async pruneIfDue(webstoreId: string, now = new Date()): Promise<void> {
    const last = this.lastRun.get(webstoreId);
    if (last !== undefined && now.getTime() - last < RETENTION_CHECK_INTERVAL_MS) return;
    await this.prune(webstoreId, now);
  }
}
