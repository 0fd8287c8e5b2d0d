// Activities are written off the request path: accepted rows wait in this process's buffer and go to the
// database in one multi-row insert every `flushMs` or as soon as `maxRows` are waiting, and on close. A request
// never waits for the database and never fails because a write did; a failed write is logged and its rows are
// dropped (activities are statistics: losing a second of them beats slowing or failing pages).
import type { Kysely } from 'kysely';
import type { Database, ShopperActivityTable } from '../../db/schema.ts';

export interface ActivityBufferOptions {
  /** The longest a row waits before it is written. */
  flushMs?: number;
  /** Rows waiting that trigger a write at once (and the size of one insert). */
  maxRows?: number;
}

export type WriteErrorLog = (err: unknown, rows: number) => void;

export class ActivityBuffer {
  private rows: ShopperActivityTable[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** The write in progress: flushes run one after another, so `flush()` resolves when everything before it is in. */
  private writing: Promise<void> = Promise.resolve();
  private readonly flushMs: number;
  private readonly maxRows: number;

  constructor(
    private db: Kysely<Database>,
    private logError: () => WriteErrorLog,
    opts: ActivityBufferOptions = {},
  ) {
    this.flushMs = opts.flushMs ?? 1000;
    this.maxRows = opts.maxRows ?? 200;
  }

  add(row: ShopperActivityTable): void {
    this.rows.push(row);
    if (this.rows.length >= this.maxRows) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      // A waiting write does not keep a process alive on its own; close() flushes what is left.
      this.timer.unref();
    }
  }

  /** Writes every row waiting now; resolves once they (and any earlier write) are in the database or logged. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.rows;
    this.rows = [];
    this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  private async write(batch: ShopperActivityTable[]): Promise<void> {
    for (let i = 0; i < batch.length; i += this.maxRows) {
      const chunk = batch.slice(i, i + this.maxRows);
      try {
        await this.db.insertInto('shopper_activity').values(chunk).execute();
      } catch (err) {
        this.logError()(err, chunk.length);
      }
    }
  }
}
