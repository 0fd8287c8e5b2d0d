// Products as the seller types them in the workspace forms: SKUs (looked up exactly, in any case, through the
// products table call) or record ids as they are; the unknown SKUs are named back. Shared by the promotion
// editor and the featured and related dataset lists.

import type { WorkspaceCalls } from '@store/client/workspace';
import { skusAmong } from './promotion-form.ts';

/** SKUs or product ids separated by commas (or lines), in order, blanks dropped. */
export const productRefsOf = (text: string): string[] =>
  text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Product ids for SKUs or ids as typed: SKUs looked up exactly (any case); the unknown ones named. */
export async function productIdsOf(w: WorkspaceCalls, refs: readonly string[]) {
  const skus = skusAmong(refs);
  const found = new Map<string, string>();
  await Promise.all(
    skus.map(async (sku) => {
      const page = await w.listProducts({ q: sku, pageSize: 20 });
      const hit = page.items.find((p) => p.sku.toLowerCase() === sku.toLowerCase());
      if (hit) found.set(sku, hit.id);
    }),
  );
  const unknown = skus.filter((s) => !found.has(s));
  return { ids: refs.map((r) => found.get(r) ?? r), unknown };
}

export const unknownSkus = (skus: string[]) =>
  `No product has the SKU ${skus.join(', ')}. Enter SKUs or product ids, separated by commas.`;
