// What the cart page offers as gift options (issue 14): only when the store's giftingConfig has gifting on
// and the cart holds printed directories (the server says so: giftOptions.canGiftWrap). The wrap's name
// and price come from GET products/gift-wrap; when that call fails, its message (which says the details
// could not be fetched, with the status) is shown in place of the wrap choice.
import { GiftWrapFetchError } from '@store/client';
import type { ApplicationContext, CartSummary } from '@store/core';
import type { StoreApi } from '../api.ts';

export interface GiftOffer {
  /** The wrap on offer, or null when the store offers none. */
  wrap: { name: string; price: string; currency: string } | null;
  /** Why the wrap could not be shown. */
  wrapError: string | null;
  message: boolean;
}

export async function loadGiftOffer(
  api: StoreApi,
  summary: CartSummary,
  signal?: AbortSignal,
): Promise<GiftOffer | null> {
  if (!summary.giftOptions?.canGiftWrap) return null;
  let app: ApplicationContext;
  try {
    app = await api.client.getApplicationContext({ signal });
  } catch {
    return null;
  }
  const config = app.giftingConfig;
  if (!config?.isGiftingEnabled || !(config.isGiftWrapEnabled || config.isGiftMessageEnabled)) return null;
  const offer: GiftOffer = { wrap: null, wrapError: null, message: config.isGiftMessageEnabled };
  if (config.isGiftWrapEnabled) {
    try {
      const p = await api.client.getGiftWrapProduct({ fields: ['Name'], signal });
      offer.wrap = { name: p.fields.Name ?? p.name, price: p.prices.unitPrice, currency: p.prices.currencyIsoCode };
    } catch (error) {
      if (!(error instanceof GiftWrapFetchError)) throw error;
      offer.wrapError = error.message;
    }
  }
  return offer;
}
