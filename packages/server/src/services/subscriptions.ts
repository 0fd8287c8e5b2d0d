// Switching an auto-renew subscription's renewal off and back on (issue 17). The spec is silent on how; we do
// what subscription billing commonly does: switched off, the subscription runs to the end of the term already
// paid for and then ends (its end date is the day before the renewal that will no longer happen); switched
// back on before that day, it renews again on the same date. No renewal job runs in this store, so the
// current term is counted from the start date rather than read from a stored renewal date that may have passed.
// Who may: the buyers of the subscription's account (the effective account, checked by the caller's context);
// anyone else gets the 404 an unknown subscription gets, and nothing changes.
import type { Kysely } from 'kysely';
import {
  addDays,
  autoRenewChange,
  calendarDay,
  nextRenewalAfter,
  type PricingTermUnit,
  type SubscriptionView,
} from '@store/core';
import type { Database, SubscriptionTable } from '../db/schema.ts';
import { ApiError } from '../domain/errors.ts';
import { type OrderViewer, subscriptionView } from './orders.ts';
import type { Webstore } from './webstores.ts';

export const subscriptionNotFound = (id: string) =>
  new ApiError(404, 'ITEM_NOT_FOUND', `The subscription ${id} doesn't exist or isn't yours.`);

export class SubscriptionService {
  constructor(private db: Kysely<Database>) {}

  /** The subscription row, checked to be the viewer's account's (a logged-in buyer's). */
  private async require(store: Webstore, viewer: OrderViewer, id: string) {
    if (!viewer.userId || !viewer.accountId) throw subscriptionNotFound(id);
    const row = await this.db
      .selectFrom('subscription')
      .innerJoin('sales_order', 'sales_order.id', 'subscription.order_id')
      .selectAll('subscription')
      .select('sales_order.order_number')
      .where('subscription.id', '=', id)
      .where('subscription.webstore_id', '=', store.id)
      .where('subscription.account_id', '=', viewer.accountId)
      .where('subscription.owner_user_id', 'is not', null)
      .executeTakeFirst();
    if (!row) throw subscriptionNotFound(id);
    return row;
  }

  async setAutoRenew(
    store: Webstore,
    viewer: OrderViewer,
    id: string,
    autoRenew: boolean,
    today = calendarDay(),
  ): Promise<SubscriptionView> {
    const row = await this.require(store, viewer, id);
    const view = subscriptionView(row, row.order_number);
    if (row.selling_model_type !== 'Evergreen')
      throw new ApiError(
        409,
        'SUBSCRIPTION_NOT_AUTO_RENEWING',
        'This subscription is for a fixed term: it doesn\u2019t renew by itself, so there is nothing to switch.',
      );
    if (view.autoRenew === autoRenew) return view; // already so: nothing to do
    const allowed = autoRenewChange(view, today);
    if (allowed !== (autoRenew ? 'on' : 'off'))
      throw new ApiError(
        409,
        'SUBSCRIPTION_ENDED',
        row.status === 'Active' && row.end_date
          ? `This subscription ended on ${row.end_date}; it can no longer renew.`
          : 'This subscription has ended; it can no longer renew.',
      );
    const set: Pick<SubscriptionTable, 'end_date' | 'next_renewal_date'> = autoRenew
      ? { end_date: null, next_renewal_date: addDays(row.end_date!, 1) }
      : (() => {
          const renewal = nextRenewalAfter(
            row.start_date,
            row.pricing_term,
            row.pricing_term_unit as PricingTermUnit,
            today,
          );
          return { end_date: addDays(renewal, -1), next_renewal_date: null };
        })();
    // Guarded by the state just read, so two buyers switching at once cannot both apply a change.
    await this.db
      .updateTable('subscription')
      .set(set)
      .where('id', '=', row.id)
      .where('status', '=', 'Active')
      .where('end_date', autoRenew ? '=' : 'is', row.end_date)
      .execute();
    return subscriptionView(await this.require(store, viewer, id), row.order_number);
  }
}
