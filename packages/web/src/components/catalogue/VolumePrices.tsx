// The product page's volume price table: the unit price at each quantity band, with a help tooltip
// on the "Unit price" heading saying what a buyer may not guess, that the band's price applies to
// every unit in the order (spec 03 §4 "Tooltip").

import type { VolumePriceRow } from '../../lib/catalogue/volume-prices.ts';
import { Tooltip } from '../ui/Tooltip.tsx';

export const UNIT_PRICE_HELP =
  'The price of each unit when you order this many at once. The lower price applies to every unit in the order, not only to those above the band’s start.';

export function VolumePrices({ rows }: { rows: VolumePriceRow[] }) {
  if (rows.length === 0) return null;
  return (
    <table className="volume-prices">
      <caption>Volume prices</caption>
      <thead>
        <tr>
          <th scope="col">Quantity</th>
          <th scope="col">
            Unit price
            <Tooltip label="Help: Unit price" content={UNIT_PRICE_HELP} />
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.quantity}>
            <td>{r.quantity}</td>
            <td>{r.unitPrice}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
