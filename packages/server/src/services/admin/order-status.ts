// An order's status after a workspace change, read from its rows (issue 15 §6; NOTES "Orders in the workspace"):
// - Cancelled stays Cancelled (a cancelled order takes no further change);
// - Refunded once every cent paid has been given back;
// - Fulfilled once a shipped group has gone out and no other shipped group still waits with a line to send
//   (a digital group is delivered at placement, and a group whose lines were all refunded has nothing to send);
// - Activated otherwise, as placed.
import type { Transaction } from 'kysely';
import type { Database, SalesOrderTable } from '../../db/schema.ts';

export type OrderStatus = 'Activated' | 'Fulfilled' | 'Cancelled' | 'Refunded';

export async function settleOrderStatus(
  trx: Transaction<Database>,
  order: Pick<SalesOrderTable, 'id' | 'status' | 'grand_total_minor' | 'refunded_minor'>,
): Promise<OrderStatus> {
  const status = await statusOf(trx, order);
  if (status !== order.status)
    await trx.updateTable('sales_order').set({ status }).where('id', '=', order.id).execute();
  return status;
}

async function statusOf(
  trx: Transaction<Database>,
  order: Pick<SalesOrderTable, 'id' | 'status' | 'grand_total_minor' | 'refunded_minor'>,
): Promise<OrderStatus> {
  if (order.status === 'Cancelled') return 'Cancelled';
  if (order.grand_total_minor > 0 && order.refunded_minor >= order.grand_total_minor) return 'Refunded';
  const groups = await trx
    .selectFrom('order_delivery_group')
    .select(['id', 'status'])
    .where('order_id', '=', order.id)
    .where('kind', '=', 'Shipped')
    .execute();
  if (!groups.some((g) => g.status === 'Shipped')) return 'Activated';
  const waiting = groups.filter((g) => g.status === 'Pending').map((g) => g.id);
  if (!waiting.length) return 'Fulfilled';
  const toSend = await trx
    .selectFrom('order_item')
    .select('id')
    .where('delivery_group_id', 'in', waiting)
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  return toSend ? 'Activated' : 'Fulfilled';
}
