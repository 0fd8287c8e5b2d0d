// Shopper activities (issue 18): recording what the storefront reports, cheaply and off the request path
// (activity-buffer.ts), and keeping it only as long as the store says (activity-retention.ts). Who the shopper
// is (visitor, user, account) and whether they consented is decided by the route from the request, never by
// the payload.
import type { Kysely } from 'kysely';
import type { ShopperActivity, ShopperActivityPayloads } from '@store/core';
import type { Database } from '../../db/schema.ts';
import type { WebstoreResolver } from '../webstores.ts';
import { ActivityBuffer, type ActivityBufferOptions, type WriteErrorLog } from './activity-buffer.ts';
import { ActivityRetention } from './activity-retention.ts';
import { activityRow, type ActivityOrigin } from './activity-row.ts';

export type { ActivityOrigin } from './activity-row.ts';

export class ActivityService {
  private buffer: ActivityBuffer;
  readonly retention: ActivityRetention;
  /** Where failed writes are reported; the app points it at its logger. */
  logWriteError: WriteErrorLog = (err, rows) => console.error(`shopper activities: ${rows} rows not written`, err);

  constructor(db: Kysely<Database>, webstores: WebstoreResolver, opts: ActivityBufferOptions = {}) {
    this.buffer = new ActivityBuffer(db, () => this.logWriteError, opts);
    this.retention = new ActivityRetention(db, webstores);
  }

  /** Queues one accepted activity; returns at once. */
  record<A extends ShopperActivity>(activity: A, payload: ShopperActivityPayloads[A], origin: ActivityOrigin): void {
    this.buffer.add(activityRow(activity, payload, origin, new Date()));
    // The hourly retention check rides on writes: a store nobody visits has nothing new to prune.
    this.retention.pruneIfDue(origin.webstoreId).catch((err) => this.logWriteError(err, 0));
  }

  /** Writes everything queued so far (tests, and the server's close). */
  flush(): Promise<void> {
    return this.buffer.flush();
  }
}
