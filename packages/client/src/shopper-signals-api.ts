// Shopper signals (spec 01 §7, spec 02 §5/§7, issue 18): the recommendation configuration, recommendations,
// activities and the shopper-agent context. Spec 02 §5: recommendations need a recommender; without one the
// call is not made and the answer is a warning with an empty result, as the server would give. Activities go to
// this store's own origin (ai/configuration's host is this server); sending them only with consent and
// throttling repeats is the caller's job (the storefront's activity sender), not this thin call's.
import {
  effectiveAccountIdOrNull,
  type AiConfiguration,
  type RecommendationQuery,
  type RecommendationsResult,
  type ShopperActivity,
  type ShopperActivityPayloads,
  type ShopperAgentContext,
} from '@store/core';
import type { CallOptions } from './call-options.ts';
import type { Http } from './http.ts';
import { requireId } from './validate.ts';

export interface ShopperSignalCalls {
  /** GET ai/configuration. */
  getAiConfiguration(options?: CallOptions): Promise<AiConfiguration>;
  /** GET ai/recommendations; no request without a recommender (spec 02 §5). */
  getRecommendations(query: RecommendationQuery, options?: CallOptions): Promise<RecommendationsResult>;
  /** POST /activities/{siteId}/{activity} (204). */
  sendActivity<A extends ShopperActivity>(
    siteId: string,
    activity: A,
    payload: ShopperActivityPayloads[A],
    options?: CallOptions,
  ): Promise<void>;
  /** GET shopperAgent/context. */
  getShopperAgentContext(options?: CallOptions & { effectiveAccountId?: string }): Promise<ShopperAgentContext>;
}

export const MISSING_RECOMMENDER_MESSAGE = 'A recommender name is required for recommendations.';

export function createShopperSignalCalls(http: Http): ShopperSignalCalls {
  const ws = http.webstorePath;
  return {
    async getAiConfiguration(o = {}) {
      return (await http.request<AiConfiguration>({ path: ws('ai', 'configuration'), signal: o.signal })).data;
    },
    async getRecommendations(q, o = {}) {
      if (!q.recommender) {
        return {
          recommender: null,
          recommendationId: null,
          productPage: { products: [], total: 0 },
          warnings: [{ code: 'MISSING_RECOMMENDER', message: MISSING_RECOMMENDER_MESSAGE }],
        };
      }
      const query = {
        recommender: q.recommender,
        anchorValues: q.anchorValues?.length ? q.anchorValues.join(',') : undefined,
        includePricingAndProductInformation: q.includePricingAndProductInformation,
        anchorFromCurrentCart: q.anchorFromCurrentCart,
        currencyIsoCode: q.currencyIsoCode,
        effectiveAccountId: effectiveAccountIdOrNull(q.effectiveAccountId) ?? undefined,
      };
      return (await http.request<RecommendationsResult>({ path: ws('ai', 'recommendations'), query, signal: o.signal }))
        .data;
    },
    async sendActivity(siteId, activity, payload, o = {}) {
      const path = `/activities/${encodeURIComponent(requireId(siteId, 'siteId'))}/${encodeURIComponent(activity)}`;
      await http.request<unknown>({ method: 'POST', path, body: payload, signal: o.signal });
    },
    async getShopperAgentContext(o = {}) {
      const query = { effectiveAccountId: effectiveAccountIdOrNull(o.effectiveAccountId) ?? undefined };
      return (await http.request<ShopperAgentContext>({ path: ws('shopperAgent', 'context'), query, signal: o.signal }))
        .data;
    },
  };
}
