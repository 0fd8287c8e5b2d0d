// Tax calculation: which rates a product's tax policy charges at a destination, and how much of an
// amount is tax. The cart and checkout recalculation (services/carts/cart-recalc.ts) and the taxes API
// (services/taxes.ts) both ask this one policy, so the estimate a shopper sees and the cart's tax agree.
import Big from 'big.js';
import type { Kysely } from 'kysely';
import type { TaxLocaleType } from '@store/core';
import type { Database } from '../db/schema.ts';

/** Where tax is due: a country (ISO code) and, when known, a region (state or province) code. */
export interface TaxDestination {
  country: string;
  region: string | null;
}

/** One rate a tax policy charges. */
export interface TaxRate {
  /** A percentage as a decimal string ("7.25"). */
  ratePercentage: string;
  treatmentName: string;
  /** The tax policy's description. */
  description: string | null;
}

/**
 * The tax calculation.
 *
 * Default ({@link TableTaxCalculation}): the rates of the tax_rate table; a region's own rates when the
 * destination has a region and the policy has rates for it, else the country-wide rates (no region).
 * Net stores add the tax to the price, Gross stores include it; amounts round half down to a minor unit.
 *
 * @example One flat rate everywhere, for a store that only sells at home:
 * ```ts
 * const flat: TaxCalculation = {
 *   ratesAt: async (_db, ids) => new Map(ids.map((id) => [id, [{ ratePercentage: '20', treatmentName: 'VAT', description: null }]])),
 *   taxOn: (amountMinor, rate, taxType) => new TableTaxCalculation().taxOn(amountMinor, rate, taxType),
 * };
 * createServices(db, { taxCalculation: flat });
 * ```
 */
export interface TaxCalculation {
  /**
   * The rates each of these tax policies charges at the destination, by tax policy id (policies with
   * none are left out). `db` is the caller's executor: a cart recalculation reads inside its transaction.
   */
  ratesAt(
    db: Kysely<Database>,
    taxPolicyIds: readonly string[],
    destination: TaxDestination,
  ): Promise<Map<string, TaxRate[]>>;
  /** The tax in an amount (minor units) at a rate: added on top for Net, the part included for Gross. */
  taxOn(amountMinor: number, ratePercentage: string, taxType: TaxLocaleType): number;
}

/** The default: rates from the tax_rate table, a region's own rates over the country-wide ones. */
export class TableTaxCalculation implements TaxCalculation {
  async ratesAt(
    db: Kysely<Database>,
    taxPolicyIds: readonly string[],
    destination: TaxDestination,
  ): Promise<Map<string, TaxRate[]>> {
    const byPolicy = new Map<string, TaxRate[]>();
    if (!taxPolicyIds.length) return byPolicy;
    const rows = await db
      .selectFrom('tax_rate')
      .innerJoin('tax_policy', 'tax_policy.id', 'tax_rate.tax_policy_id')
      .select([
        'tax_rate.tax_policy_id',
        'tax_rate.rate_percentage',
        'tax_rate.treatment_name',
        'tax_rate.region',
        'tax_policy.description',
      ])
      .where('tax_rate.tax_policy_id', 'in', [...taxPolicyIds])
      .where('tax_rate.country', '=', destination.country)
      .execute();
    const region = destination.region?.toUpperCase();
    for (const id of taxPolicyIds) {
      const mine = rows.filter((r) => r.tax_policy_id === id);
      const regional = region ? mine.filter((r) => r.region?.toUpperCase() === region) : [];
      const chosen = regional.length ? regional : mine.filter((r) => r.region === null);
      if (chosen.length)
        byPolicy.set(
          id,
          chosen.map((r) => ({
            ratePercentage: r.rate_percentage,
            treatmentName: r.treatment_name,
            description: r.description,
          })),
        );
    }
    return byPolicy;
  }

  taxOn(amountMinor: number, ratePercentage: string, taxType: TaxLocaleType): number {
    if (amountMinor <= 0 || new Big(ratePercentage).eq(0)) return 0;
    const amount = new Big(amountMinor);
    const tax =
      taxType === 'Gross'
        ? amount.times(ratePercentage).div(new Big(ratePercentage).plus(100))
        : amount.times(ratePercentage).div(100);
    return Number(tax.round(0, 1).toFixed(0));
  }
}
