import type { Kysely } from 'kysely';

// Who a gift card is addressed to (issue 14; the platform's delivery group carries `giftToName` beside
// `giftMessage`). Kept on the cart with the other gift choices and copied to the order.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['cart', 'sales_order'])
    await db.schema.alterTable(table).addColumn('gift_to_name', 'text').execute();
}
