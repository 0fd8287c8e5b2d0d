// The workspace's audit log: every change is written here by `recordChange`, inside the change's own
// transaction (catalogue-change.ts), and read back by the administrator as a paged, filterable table.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AuditEntry, AuditQuery, TablePage } from '@store/core';
import type { AuditLogTable, Database } from '../../db/schema.ts';
import { allocateIds } from '../../db/ids.ts';
import { KEY_PREFIX, toId18 } from '../../domain/record-ids.ts';
import type { Actor } from './workspace-access.ts';
import { pageWindow, tablePage, tableSort } from './table-query.ts';

/** How the audit log names a product: "SKU Name" (read in the change's transaction). */
export async function productAuditLabel(
  db: Kysely<Database> | Transaction<Database>,
  productId: string,
): Promise<string> {
  const p = await db
    .selectFrom('product')
    .select(['sku', 'name'])
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return `${p.sku} ${p.name}`;
}

export interface AuditChange {
  action: string;
  recordType: string;
  recordId: string;
  recordLabel?: string | null;
  before: unknown;
  after: unknown;
}

/** ISO timestamps: from is inclusive, to exclusive. */
export type AuditFilter = AuditQuery;

const SORTS = { occurredAt: 'id' };

const toJson = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
const fromJson = (v: string | null) => (v === null ? null : (JSON.parse(v) as unknown));

function entryOf(r: AuditLogTable): AuditEntry {
  return {
    id: r.id,
    occurredAt: r.occurred_at,
    user: { id: r.user_id, email: r.user_email, role: r.user_role },
    action: r.action,
    recordType: r.record_type,
    recordId: r.record_id,
    recordLabel: r.record_label,
    before: fromJson(r.before_json),
    after: fromJson(r.after_json),
  };
}

export class AuditLog {
  constructor(private db: Kysely<Database>) {}

  /** Ids for the entries a change will write, taken before its transaction (the counter has its own). */
  reserveIds(count: number): Promise<string[]> {
    return count ? allocateIds(this.db, KEY_PREFIX.auditEntry, count) : Promise.resolve([]);
  }

  /** Writes one entry in the change's transaction. */
  async recordChange(trx: Transaction<Database>, webstoreId: string, id: string, actor: Actor, c: AuditChange) {
    await trx
      .insertInto('audit_log')
      .values({
        id,
        webstore_id: webstoreId,
        occurred_at: new Date().toISOString(),
        user_id: actor.userId,
        user_email: actor.email,
        user_role: actor.role,
        action: c.action,
        record_type: c.recordType,
        record_id: c.recordId,
        record_label: c.recordLabel ?? null,
        before_json: toJson(c.before),
        after_json: toJson(c.after),
      })
      .execute();
  }

  async list(webstoreId: string, f: AuditFilter): Promise<TablePage<AuditEntry>> {
    // Newest first by default; the counter id orders entries that share a millisecond.
    const sort = tableSort(f.sort, SORTS, '-occurredAt');
    const { limit, offset } = pageWindow(f);
    const filtered = this.db
      .selectFrom('audit_log')
      .where('webstore_id', '=', webstoreId)
      .$if(!!f.recordType, (q) => q.where('record_type', '=', f.recordType!))
      .$if(!!f.recordId, (q) => q.where('record_id', '=', toId18(f.recordId!)))
      .$if(!!f.userId, (q) => q.where('user_id', '=', f.userId!))
      .$if(!!f.action, (q) => q.where('action', '=', f.action!))
      .$if(!!f.from, (q) => q.where('occurred_at', '>=', f.from!))
      .$if(!!f.to, (q) => q.where('occurred_at', '<', f.to!));
    const [rows, count] = await Promise.all([
      filtered.selectAll().orderBy(sql.ref(sort.column), sort.direction).limit(limit).offset(offset).execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return tablePage(rows.map(entryOf), Number(count.n), f, sort);
  }
}
