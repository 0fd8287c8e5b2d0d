// Tax policies by destination, as the taxes API shows them. Without a destination the store's own
// country is used, and a country-wide rate (no region) is preferred over guessing a state. Which
// rates apply is the TaxCalculation policy's answer (policies/tax-calculation.ts).
import type { Kysely } from 'kysely';
import type { ProductTaxes, TaxLocaleType, TaxPolicyInfo } from '@store/core';
import type { Database } from '../db/schema.ts';
import type { TaxCalculation } from '../policies/tax-calculation.ts';

export class TaxService {
  constructor(
    private db: Kysely<Database>,
    private calculation: TaxCalculation,
  ) {}

  async productTaxes(
    productId: string,
    taxPolicyId: string | null,
    taxType: TaxLocaleType,
    country: string,
    region?: string,
  ): Promise<ProductTaxes> {
    let policies: TaxPolicyInfo[] = [];
    if (taxPolicyId) {
      const rates = await this.calculation.ratesAt(this.db, [taxPolicyId], { country, region: region ?? null });
      policies = (rates.get(taxPolicyId) ?? []).map((r) => ({
        taxRatePercentage: r.ratePercentage,
        taxTreatmentName: r.treatmentName,
        taxTreatmentDescription: r.description,
      }));
    }
    return {
      taxLocaleType: taxType,
      taxPolicies: policies,
      taxesInfo: { [productId]: { taxesInfoList: policies, success: true, error: null } },
    };
  }
}
