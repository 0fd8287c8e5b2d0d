// Tax policies by destination. Without a destination the store's own country is used, and a
// country-wide rate (no region) is preferred over guessing a state.
import type { Kysely } from 'kysely';
import type { ProductTaxes, TaxLocaleType, TaxPolicyInfo } from '@store/core';
import type { Database } from '../db/schema.ts';

export class TaxService {
  constructor(private db: Kysely<Database>) {}

  async productTaxes(
    productId: string,
    taxPolicyId: string | null,
    taxType: TaxLocaleType,
    country: string,
    region?: string,
  ): Promise<ProductTaxes> {
    let policies: TaxPolicyInfo[] = [];
    if (taxPolicyId) {
      const rows = await this.db
        .selectFrom('tax_rate')
        .innerJoin('tax_policy', 'tax_policy.id', 'tax_rate.tax_policy_id')
        .select(['tax_rate.rate_percentage', 'tax_rate.treatment_name', 'tax_rate.region', 'tax_policy.description'])
        .where('tax_rate.tax_policy_id', '=', taxPolicyId)
        .where('tax_rate.country', '=', country)
        .execute();
      const regional = region ? rows.filter((r) => r.region?.toUpperCase() === region.toUpperCase()) : [];
      const chosen = regional.length ? regional : rows.filter((r) => r.region === null);
      policies = chosen.map((r) => ({
        taxRatePercentage: r.rate_percentage,
        taxTreatmentName: r.treatment_name,
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
