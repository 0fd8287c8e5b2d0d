import type { Kysely } from 'kysely';

// Issue 20: a change to some of a cart's lines is recalculated from the cart's totals and those lines only, not
// from every line. That holds while what the kept totals were worked out under has not moved, so the
// recalculation keeps it on the cart (`recalc_basis`: the store's promotion, tax and catalogue versions, the buyer,
// the coupons, the tax destination, and the next instant a promotion starts or ends). The cart promotions of
// one-time lines and of the others are worked out from each kind's sums, so the others' are kept beside the
// totals. Null basis (every cart made before this migration): the next change reads every line.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cart').addColumn('recalc_basis', 'text').execute();
  await db.schema
    .alterTable('cart')
    .addColumn('recurring_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('cart')
    .addColumn('recurring_after_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
