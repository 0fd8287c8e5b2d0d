// The caller behind an agent token (`Authorization: Bearer ddat_…`, issue 18 item 5): the token's user with no
// session, which the buyer-context service treats exactly as that user logged in (the same accounts, groups and
// entitlements; the session's account choice does not exist, so the user's own account unless one is named and
// allowed). A header that is there but names no live token is a 401, never a silent guest.
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../domain/errors.ts';
import type { Caller } from '../services/buyer-context.ts';
import type { Services } from '../services/index.ts';

export const invalidAgentToken = () =>
  new ApiError(401, 'INVALID_SESSION_ID', 'The agent token is missing, unknown, revoked or expired.');

/** The bearer token of a request; undefined without an Authorization header, '' when it is not a Bearer one. */
export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : '';
}

/** The token's caller; null when the request carries no Authorization header; a bad token throws 401. */
export async function agentCallerOf(s: Services, req: FastifyRequest, webstoreId: string): Promise<Caller | null> {
  const token = bearerToken(req);
  if (token === undefined) return null;
  const user = token ? await s.agentTokens.userOf(webstoreId, token) : null;
  if (!user) throw invalidAgentToken();
  return { session: null, user };
}
