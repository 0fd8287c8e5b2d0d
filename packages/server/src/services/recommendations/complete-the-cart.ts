// CompleteTheCart: what is bought with the cart's products (also-bought with the cart as anchors), then, to fill
// the list, datasets similar to them; never a product already in the cart. The cart is the caller's current one.
import { rankAlsoBought } from './also-bought.ts';
import type { RankInput } from './candidates.ts';
import { rankSimilar } from './similar-products.ts';

export async function rankCompleteTheCart(q: RankInput): Promise<string[]> {
  if (!q.anchors.length) return [];
  const bought = await rankAlsoBought(q);
  if (bought.length >= q.limit) return bought;
  const similar = await rankSimilar({ ...q, exclude: [...q.exclude, ...bought] });
  return [...bought, ...similar].slice(0, q.limit);
}
