// A coupon's usage limit (issue 15), taken inside the order's transaction: each code that took something off
// the order is counted once, by a conditional update that only succeeds while the code has uses left. Two
// orders racing for a code's last use cannot both pass (the update is atomic on SQLite and PostgreSQL), and a
// refused order rolls the count back with everything else.
import { sql, type Kysely } from 'kysely';
import type { CartAdjustment } from '@store/core';
import type { Database } from '../../db/schema.ts';
import { ApiError } from '../../domain/errors.ts';

export const COUPON_USED_UP = 'COUPON_USED_UP';

export const couponUsedUp = (code: string) =>
  new ApiError(
    409,
    COUPON_USED_UP,
    `The coupon ${code} has been used up. Remove it from your cart, review the order and pay again.`,
  );

/** Counts one use of every coupon code among the order's adjustments, or refuses the order (409). */
export async function takeCouponUses(
  trx: Kysely<Database>,
  webstoreId: string,
  adjustments: readonly Pick<CartAdjustment, 'couponCode'>[],
): Promise<void> {
  const codes = [...new Set(adjustments.flatMap((a) => (a.couponCode ? [a.couponCode.trim().toUpperCase()] : [])))];
  for (const code of codes.sort()) {
    const taken = await trx
      .updateTable('coupon')
      .set({ times_used: sql<number>`times_used + 1` })
      .where('webstore_id', '=', webstoreId)
      .where('code', '=', code)
      .where((eb) => eb.or([eb('max_uses', 'is', null), eb('times_used', '<', eb.ref('max_uses'))]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) {
      const exists = await trx
        .selectFrom('coupon')
        .select('id')
        .where('webstore_id', '=', webstoreId)
        .where('code', '=', code)
        .executeTakeFirst();
      // A code the store no longer has at all counts for nothing; only a limit reached refuses the order.
      if (exists) throw couponUsedUp(code);
    }
  }
}
