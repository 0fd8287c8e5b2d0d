// The dataset page's "Related Datasets" tiles (spec 03 §2.2 item 9: three tiles of related names) from the seller's
// hand-picked related datasets and the store's recommendations together. Order: the seller's picks 1 to 3 first (in
// their order; the server has already left out those the shopper may not see), then computed ones to fill the
// remaining tiles: "customers who bought this also bought", then similar datasets (the order the lists are given
// in). A dataset is shown once, and never the page's own. The section's other spec rules stay: it is hidden when
// the product's name is the text 'null', and the sixth pick and the administrator's list still read the fields.
import type { ProductDetail } from '@store/core';
import type { RecommendationList, RecommendedProduct } from '../signals/recommendations.ts';
import type { ShownList } from '../signals/use-reco-activity.ts';
import { productName, relatedProducts, RELATED_TILE_COUNT } from './product-view.ts';

export interface RelatedTile {
  /** 1-based place among the tiles. */
  position: number;
  id: string | null;
  name: string;
  /** For a computed tile, the list it came from (clickReco reports it); null for the seller's pick. */
  from: { list: RecommendationList; product: RecommendedProduct } | null;
}

export function relatedTiles(product: ProductDetail, lists: readonly RecommendationList[]): RelatedTile[] {
  const tiles: RelatedTile[] = [];
  const seen = new Set<string>([product.id]);
  for (const pick of relatedProducts(product, 1, RELATED_TILE_COUNT)) {
    if (pick.id) seen.add(pick.id);
    tiles.push({ position: tiles.length + 1, id: pick.id, name: pick.name, from: null });
  }
  for (const list of lists)
    for (const p of list.products) {
      if (tiles.length >= RELATED_TILE_COUNT) return tiles;
      const name = p.fields?.Name?.value ?? p.name;
      if (seen.has(p.id) || !name) continue;
      seen.add(p.id);
      tiles.push({ position: tiles.length + 1, id: p.id, name, from: { list, product: p } });
    }
  return tiles;
}

/** The section shows when there is a tile, unless the product's name is the text 'null'. */
export const showsRelatedTiles = (product: ProductDetail, tiles: readonly RelatedTile[]): boolean =>
  productName(product) !== 'null' && tiles.length > 0;

/** The recommendation lists as the tiles show them (for viewReco): each list's products that got a tile. */
export function shownLists(tiles: readonly RelatedTile[]): ShownList[] {
  const out: ShownList[] = [];
  for (const t of tiles) {
    if (!t.from) continue;
    const entry = out.find((l) => l.list === t.from!.list);
    if (entry) entry.shown.push(t.from.product);
    else out.push({ list: t.from.list, shown: [t.from.product] });
  }
  return out;
}
