// The tax rates a cart recalculation charges, kept per process so a change reads them only for a tax policy
// and destination not seen yet. Keyed by the store's tax version (Webstore.taxVersion), which the database
// bumps on any write to tax_rate or tax_policy (migration 034) and every request reads with the store: a new
// version starts afresh. The counter is per store row (a store made later starts at 0), so the key is the store
// and its version, never the version alone.
//
// Only the default calculation's rates are kept: it reads those two tables and nothing else. A calculation
// plugged in by a deployment (policies/tax-calculation.ts) may read anything, so it is asked every time.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  TableTaxCalculation,
  type TaxCalculation,
  type TaxDestination,
  type TaxRate,
} from '../../policies/tax-calculation.ts';

/** More destinations than this kept for one store and version, and the store's map starts again. */
const MAX_PLACES = 1000;

export class KeptTaxRates {
  /** By store: the version, then by destination, each policy's rates (null: none there). */
  private byStore = new Map<string, { version: number; places: Map<string, Map<string, TaxRate[] | null>> }>();

  async ratesAt(
    db: Kysely<Database>,
    calculation: TaxCalculation,
    store: { id: string; taxVersion: number },
    taxPolicyIds: readonly string[],
    destination: TaxDestination,
  ): Promise<Map<string, TaxRate[]>> {
    if (!(calculation instanceof TableTaxCalculation)) return calculation.ratesAt(db, taxPolicyIds, destination);
    let kept = this.byStore.get(store.id);
    if (kept?.version !== store.taxVersion || kept.places.size >= MAX_PLACES) {
      kept = { version: store.taxVersion, places: new Map() };
      this.byStore.set(store.id, kept);
    }
    const place = `${destination.country}\n${destination.region?.toUpperCase() ?? ''}`;
    const known = kept.places.get(place) ?? new Map<string, TaxRate[] | null>();
    kept.places.set(place, known);
    const missing = taxPolicyIds.filter((id) => !known.has(id));
    if (missing.length) {
      const read = await calculation.ratesAt(db, missing, destination);
      for (const id of missing) known.set(id, read.get(id) ?? null);
    }
    const out = new Map<string, TaxRate[]>();
    for (const id of taxPolicyIds) {
      const rates = known.get(id);
      if (rates) out.set(id, rates);
    }
    return out;
  }
}
