// The product page's stock and tax reads, each made only when it can matter: stock for products whose
// inventory is tracked (printed directories) in a store with inventory on, taxes unless the store is Net.

import { tracksInventory, type ApplicationContext, type ProductDetail, type ProductTaxes } from '@store/core';
import { optional, type StoreApi } from '../api.ts';

/**
 * What can be ordered now at the store's default inventory source (the `inventory/levels` call); null when
 * the product's stock is not tracked or the call failed. A failed read never blocks: the cart still refuses.
 */
export async function readAvailableQuantity(
  api: StoreApi,
  product: ProductDetail,
  app: ApplicationContext | null,
  signal: AbortSignal,
): Promise<number | null> {
  if (!tracksInventory(product) || !app?.inventoryConfiguration.isInventoryEnabled) return null;
  const levels = await optional(api.client.getInventoryLevels({ products: [product.id], signal }));
  const level = levels?.totalInventory.find((p) => p.product2Id === product.id);
  return level ? level.availableToOrder : null;
}

/**
 * The product's taxes, except in a Net store (spec 02 §5: tax is not requested when the tax type is Net;
 * prices there are shown before tax). Asked when the store's tax type is unknown (no application context).
 */
export async function readTaxes(
  api: StoreApi,
  productId: string,
  app: Promise<ApplicationContext | null>,
  signal: AbortSignal,
): Promise<ProductTaxes | null> {
  if ((await app)?.taxType === 'Net') return null;
  return optional(api.client.getProductTaxes(productId, { signal }));
}
