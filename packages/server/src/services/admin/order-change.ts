// The one way the workspace changes an order: the change and its audit entry commit together or not at all,
// with the order's row locked first (FOR UPDATE on PostgreSQL; SQLite runs one writer), so two sellers acting on
// one order at once (two refunds of the same line, a ship and a cancel) are decided one after the other.
import type { Kysely, Transaction } from 'kysely';
import type { Database, SalesOrderTable } from '../../db/schema.ts';
import { forUpdate } from '../../db/locks.ts';
import { ApiError } from '../../domain/errors.ts';
import type { AuditChange, AuditLog } from './audit-log.ts';
import type { Actor } from './workspace-access.ts';

export interface OrderWrite<T> {
  result: T;
  change: AuditChange;
}

export const workspaceOrderNotFound = (id: string) =>
  new ApiError(404, 'ITEM_NOT_FOUND', `There is no order ${id} in this store.`);

export class OrderChanges {
  constructor(
    private db: Kysely<Database>,
    private audit: AuditLog,
  ) {}

  async run<T>(
    webstoreId: string,
    orderId: string,
    actor: Actor,
    write: (trx: Transaction<Database>, order: SalesOrderTable) => Promise<OrderWrite<T>>,
  ): Promise<T> {
    const [auditId] = await this.audit.reserveIds(1);
    return this.db.transaction().execute(async (trx) => {
      const order = await forUpdate(
        trx,
        trx.selectFrom('sales_order').selectAll().where('id', '=', orderId).where('webstore_id', '=', webstoreId),
      ).executeTakeFirst();
      if (!order) throw workspaceOrderNotFound(orderId);
      const done = await write(trx, order);
      await this.audit.recordChange(trx, webstoreId, auditId!, actor, done.change);
      return done.result;
    });
  }
}
