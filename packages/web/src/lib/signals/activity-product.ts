// The product activity item (spec 01 §3: id, sku, unitPrice, listPrice) from what a page shows: prices as the
// pricing call gave them (decimal strings), null when the shopper saw none.
import { isDecimalString, type ActivityProduct } from '@store/core';

const price = (value: string | null | undefined): string | null =>
  isDecimalString(value) && !value.trim().startsWith('-') ? value.trim() : null;

export function activityProduct(p: {
  id: string;
  sku?: string | null;
  unitPrice?: string | null;
  listPrice?: string | null;
}): ActivityProduct {
  // Every dataset has a SKU; the id stands in should a listing lack it (the server requires one).
  return { id: p.id, sku: p.sku || p.id, unitPrice: price(p.unitPrice), listPrice: price(p.listPrice) };
}
