// Who is asking. Until accounts land every caller is the store's guest buyer; an effectiveAccountId is
// never trusted from the browser: a guest may not name one (the all-zero id means "none").
import type { FastifyRequest } from 'fastify';
import type { Webstore } from './webstore.ts';
import { isAllZeroAccountId } from '@store/core';
import { ApiError } from './errors.ts';

export interface BuyerContext {
  isGuest: boolean;
  userId: string | null;
  effectiveAccountId: string | null;
  buyerGroupIds: string[];
  isPreview: boolean;
  currency: string;
}

export function buyerContext(req: FastifyRequest, store: Webstore, effectiveAccountId?: string): BuyerContext {
  if (effectiveAccountId && !isAllZeroAccountId(effectiveAccountId)) {
    throw new ApiError(403, 'INSUFFICIENT_ACCESS', `You don't have access to the account ${effectiveAccountId}.`);
  }
  void req;
  return {
    isGuest: true,
    userId: null,
    effectiveAccountId: null,
    buyerGroupIds: store.guestBuyerGroupId ? [store.guestBuyerGroupId] : [],
    isPreview: false,
    currency: store.settings.defaultCurrency,
  };
}

/** The currency of a call: a requested one must be supported by the store. */
export function requestCurrency(store: Webstore, requested?: string): string {
  if (!requested) return store.settings.defaultCurrency;
  if (!store.settings.supportedCurrencies.includes(requested)) {
    throw new ApiError(400, 'INVALID_API_INPUT', `The currency ${requested} isn't supported by this store.`);
  }
  return requested;
}
