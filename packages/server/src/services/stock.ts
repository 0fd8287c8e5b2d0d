// What stock can still be sold: the one formula the inventory API, the cart's stock check and the
// order's stock taking share. A warehouse row gives what it has on hand less what is reserved there;
// carts then hold some of the pool (their reservations are not tied to a warehouse).

export interface StockRow {
  on_hand: number;
  reserved: number;
}

/** What one warehouse row can still give: on hand less reserved, never below zero. */
export const freeStock = (row: StockRow): number => Math.max(0, row.on_hand - row.reserved);

/** Free stock less what carts hold, never below zero. */
export const lessHeldByCarts = (free: number, held: number): number => Math.max(0, free - held);

/** What can be ordered from these rows once the carts' holds are counted. */
export function availableStock(rows: readonly StockRow[], held: number): number {
  return lessHeldByCarts(
    rows.reduce((sum, r) => sum + freeStock(r), 0),
    held,
  );
}
