// Order numbers: the reference a shopper sees on an order ("DD-00001001").
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export const ORDER_NUMBER_PREFIX = 'DD-';
const ORDER_COUNTER = 'order-number';

/**
 * Order numbers. Called once per order placement, before the order's transaction; a number must never
 * be handed out twice (orders have a unique order number), gaps are allowed.
 *
 * Default ({@link CounterOrderNumbers}): "DD-" and an 8-digit counter from 00001001 up, kept in the
 * id_counter row "order-number".
 *
 * @example Numbers that carry the year and a random part, with no shared counter:
 * ```ts
 * const yearly: OrderNumbers = {
 *   next: async () => `DD-${new Date().getUTCFullYear()}-${randomBytes(4).toString('hex').toUpperCase()}`,
 * };
 * createServices(db, { orderNumbers: yearly });
 * ```
 */
export interface OrderNumbers {
  /** The next order's number. */
  next(db: Kysely<Database>): Promise<string>;
}

/** The default: one counter row, incremented in a statement of its own. */
export class CounterOrderNumbers implements OrderNumbers {
  /**
   * Taken outside the order's transaction: a counter row locked for the whole transaction would make
   * every order wait for the one before it (PostgreSQL). An order that is then refused or lost in a
   * crash leaves a gap in the numbers, which is harmless.
   */
  async next(db: Kysely<Database>): Promise<string> {
    await db
      .insertInto('id_counter')
      .values({ prefix: ORDER_COUNTER, next_value: 1001 })
      .onConflict((oc) => oc.column('prefix').doNothing())
      .execute();
    const counter = await db
      .updateTable('id_counter')
      .set({ next_value: sql<number>`next_value + 1` })
      .where('prefix', '=', ORDER_COUNTER)
      .returning('next_value')
      .executeTakeFirstOrThrow();
    return `${ORDER_NUMBER_PREFIX}${String(counter.next_value - 1).padStart(8, '0')}`;
  }
}
