// The cart page's complete-the-cart strip (issue 18): datasets bought with what is in the cart (then similar ones),
// never one already in it, as the same product cards listings show, priced for this buyer by the recommendation
// answer itself (no second pricing call).
import { toListedProduct, type StoreApi } from '../api.ts';
import { priceCurrency, pricedCards } from '../catalogue/product-cards.ts';
import { listForActivity, loadRecommendations, type RecommendationStrip } from '../signals/recommendations.ts';

/** Cards in the strip: one row of the listing grid. */
export const CART_STRIP_SIZE = 4;

export async function loadCartStrip(api: StoreApi, signal?: AbortSignal): Promise<RecommendationStrip | null> {
  const currencyIsoCode = await priceCurrency(api);
  const [list] = await loadRecommendations(
    api,
    [{ recommender: 'CompleteTheCart', includePricingAndProductInformation: true, currencyIsoCode }],
    signal,
  );
  if (!list) return null;
  const products = list.products.slice(0, CART_STRIP_SIZE);
  const lines = products.flatMap((p) => (p.prices ? [p.prices] : []));
  const currency = lines.find((l) => l.currencyIsoCode)?.currencyIsoCode ?? currencyIsoCode ?? 'USD';
  return {
    list: listForActivity({ ...list, products }),
    cards: pricedCards(products.map(toListedProduct), lines, currency),
  };
}
