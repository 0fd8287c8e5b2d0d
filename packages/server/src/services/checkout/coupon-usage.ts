// A coupon's usage limit (issue 15), taken inside the order's transaction: each code that took something off
// the order is counted once, by a conditional update that only succeeds while the code has uses left. Two
// orders racing for a code's last use cannot both pass (the update is atomic on SQLite and PostgreSQL), and a
// refused order rolls the count back with everything else. A per-customer limit (migration 017) is counted the
// same way on the customer's own row of coupon_customer_use, made first if missing (an insert that does nothing
// on a conflict: two first orders of one customer both end up updating the one row, one after the other).
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

export const COUPON_CUSTOMER_LIMIT_REACHED = 'COUPON_CUSTOMER_LIMIT_REACHED';

export const couponUsedByCustomer = (code: string) =>
  new ApiError(
    409,
    COUPON_CUSTOMER_LIMIT_REACHED,
    `You have already used the coupon ${code} as many times as it allows. Remove it from your cart, review the order and pay again.`,
  );

/** Who a per-customer limit counts: a logged-in buyer by their user, a guest by the order's email. */
export function couponCustomerKey(ownerUserId: string | null, email: string): string {
  return ownerUserId ? `user:${ownerUserId}` : `email:${email.trim().toLowerCase()}`;
}

/** Counts one use of every coupon code among the order's adjustments, or refuses the order (409). */
export async function takeCouponUses(
  trx: Kysely<Database>,
  webstoreId: string,
  adjustments: readonly Pick<CartAdjustment, 'couponCode'>[],
  customerKey: string,
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
      continue;
    }
    await takeCustomerUse(trx, webstoreId, code, customerKey);
  }
}

/** One more use of the code by this customer, unless the code's per-customer limit is reached (409). */
async function takeCustomerUse(trx: Kysely<Database>, webstoreId: string, code: string, customerKey: string) {
  const coupon = await trx
    .selectFrom('coupon')
    .select(['id', 'max_uses_per_customer'])
    .where('webstore_id', '=', webstoreId)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  const limit = coupon.max_uses_per_customer;
  if (limit === null) return;
  await trx
    .insertInto('coupon_customer_use')
    .values({ coupon_id: coupon.id, customer_key: customerKey, times_used: 0 })
    .onConflict((oc) => oc.columns(['coupon_id', 'customer_key']).doNothing())
    .execute();
  const taken = await trx
    .updateTable('coupon_customer_use')
    .set({ times_used: sql<number>`times_used + 1` })
    .where('coupon_id', '=', coupon.id)
    .where('customer_key', '=', customerKey)
    .where('times_used', '<', limit)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) throw couponUsedByCustomer(code);
}
