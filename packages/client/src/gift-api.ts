// Gift calls (issue 14; spec 02 §7 "GET products/gift-wrap", spec 01 giftingConfig): the store's gift-wrap
// product and a cart's gift options. A failure to read the gift wrap is reported as "fetching the gift wrap
// details failed" with the status (spec 02 §8), not as the bare status text other calls carry.
import { effectiveAccountIdOrNull, type CartSummary, type GiftChoice, type GiftWrapProduct } from '@store/core';
import type { CallOptions, FieldList } from './call-options.ts';
import { CommerceFetchError } from './errors.ts';
import type { Http } from './http.ts';
import { requireText } from './validate.ts';

/** Why the gift wrap could not be shown: the status of the failed call is kept. */
export class GiftWrapFetchError extends Error {
  override readonly name = 'GiftWrapFetchError';
  constructor(
    readonly status: number,
    readonly statusText: string,
  ) {
    super(`Fetching the gift wrap details failed: ${status} ${statusText}`);
  }
}

export interface GiftCalls {
  /** GET products/gift-wrap; 404 when the store offers none. Rejects with GiftWrapFetchError. */
  getGiftWrapProduct(options?: CallOptions & { fields?: FieldList }): Promise<GiftWrapProduct>;
  /** PUT carts/{id}/gift-options: the cart's summary with the wrap priced in. */
  setCartGiftOptions(
    cartStateOrId: string,
    options: Partial<GiftChoice>,
    call?: CallOptions & { effectiveAccountId?: string },
  ): Promise<CartSummary>;
}

export function createGiftCalls(http: Http): GiftCalls {
  const ws = http.webstorePath;
  return {
    async getGiftWrapProduct(o = {}) {
      try {
        const fields = typeof o.fields === 'string' ? o.fields : o.fields?.join(',');
        return (
          await http.request<GiftWrapProduct>({
            path: ws('products', 'gift-wrap'),
            query: { fields },
            signal: o.signal,
          })
        ).data;
      } catch (e) {
        if (e instanceof CommerceFetchError) throw new GiftWrapFetchError(e.status, e.statusText);
        throw e;
      }
    },

    async setCartGiftOptions(cartStateOrId, options, o = {}) {
      const path = ws('carts', requireText(cartStateOrId, 'cartStateOrId'), 'gift-options');
      const effectiveAccountId = effectiveAccountIdOrNull(o.effectiveAccountId) ?? undefined;
      return (
        await http.request<CartSummary>({
          method: 'PUT',
          path,
          query: { effectiveAccountId },
          body: options,
          signal: o.signal,
        })
      ).data;
    },
  };
}
