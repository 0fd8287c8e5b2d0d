// The four kinds of catalogue file, and telling which one a file is from its columns.
import { categoriesKind } from './categories.ts';
import { inventoryKind } from './inventory.ts';
import type { ImportKind } from './kind.ts';
import { pricesKind } from './prices.ts';
import { productsKind } from './products.ts';
import type { CatalogueKind } from './report.ts';

/** A fresh kind per import: a kind may keep what it has seen of the file (the products' SKUs). */
export function kindHandler(kind: CatalogueKind): ImportKind<unknown> {
  const make = { products: productsKind, prices: pricesKind, inventory: inventoryKind, categories: categoriesKind }[
    kind
  ];
  return make() as ImportKind<unknown>;
}

/**
 * The kind a file's columns say: a price book column makes prices, a location inventory, an SKU products,
 * and a url name without an SKU categories. Undefined when none fits.
 */
export function detectKind(columns: readonly string[]): CatalogueKind | undefined {
  const has = (c: string) => columns.includes(c);
  if (has('priceBook')) return 'prices';
  if (has('location')) return 'inventory';
  if (has('sku')) return 'products';
  if (has('urlName')) return 'categories';
  return undefined;
}
