// The buyer context of a request: the caller from its session cookie, resolved by the services'
// BuyerContextService (services/buyer-context.ts), which alone decides the effective account.
import type { FastifyRequest } from 'fastify';
import type { BuyerContext, CatalogueContext } from '../services/buyer-context.ts';
import type { Services } from '../services/index.ts';
import type { Webstore } from '../services/webstores.ts';
import { callerOf } from './caller.ts';

export async function buyerContext(
  s: Services,
  req: FastifyRequest,
  store: Webstore,
  effectiveAccountId?: string,
): Promise<BuyerContext> {
  return s.buyers.buyer(await callerOf(s, req), store, effectiveAccountId);
}

export async function catalogueContext(
  s: Services,
  req: FastifyRequest,
  store: Webstore,
  effectiveAccountId?: string,
): Promise<CatalogueContext> {
  return s.buyers.catalogue(await callerOf(s, req), store, effectiveAccountId);
}
