// Stock allocation: which warehouses an order's quantity of a product is taken from. Placing the order
// (services/checkout/place-order.ts) locks the inventory rows, checks there is enough in all and
// writes what this policy chose.

/** What one warehouse (location) can still give of a product. */
export interface StockAtLocation {
  locationId: string;
  /** On hand less reserved there, never below zero. */
  free: number;
}

/** A quantity to take from one warehouse. */
export interface StockTake {
  locationId: string;
  quantity: number;
}

/**
 * Stock allocation. `allocate` is only asked when the locations together have at least `quantity`
 * free; the takes it answers must not exceed a location's free stock.
 *
 * Default ({@link fullestFirst}): the warehouse with the most free stock first, then the next fullest,
 * so few shipments leave and small stocks are kept for later orders.
 *
 * @example A preferred warehouse first (the one nearest the shopper, say), then the fullest:
 * ```ts
 * const homeFirst: StockAllocation = {
 *   allocate: (quantity, locations) =>
 *     fullestFirst.allocate(quantity, [...locations].sort((a, b) => Number(b.locationId === 'HOME') - Number(a.locationId === 'HOME'))),
 * };
 * createServices(db, { stockAllocation: homeFirst });
 * ```
 */
export interface StockAllocation {
  /** The takes that make up `quantity`, in the order they are written (locations given none are left out). */
  allocate(quantity: number, locations: readonly StockAtLocation[]): StockTake[];
}

/** Takes from the locations in the order given, each as much as it can, until `quantity` is reached. */
function takeInOrder(quantity: number, locations: readonly StockAtLocation[]): StockTake[] {
  const takes: StockTake[] = [];
  let left = quantity;
  for (const l of locations) {
    if (!left) break;
    const take = Math.min(left, l.free);
    if (!take) continue;
    takes.push({ locationId: l.locationId, quantity: take });
    left -= take;
  }
  return takes;
}

/** The default: the fullest warehouse first (ties keep the order given). */
export const fullestFirst: StockAllocation = {
  allocate: (quantity, locations) =>
    takeInOrder(
      quantity,
      [...locations].sort((a, b) => b.free - a.free),
    ),
};
