// A buyer's agent tokens (issue 18 item 5): list, make (the token is answered this once) and revoke. Only a
// logged-in browser session manages them (a token cannot make tokens: the MCP server never reaches here, and a
// bearer header is not a session); guests get 401. Another user's token id is answered as an unknown one.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AGENT_TOKEN_MAX_DAYS, KEY_PREFIXES } from '@store/core';
import type { Services } from '../services/index.ts';
import { callerOf } from '../http/caller.ts';
import { ApiError } from '../domain/errors.ts';
import { checkedId } from '../domain/record-ids.ts';
import { ignoredParams, webstoreParams } from './schemas.ts';
import { WEBSTORE } from './base.ts';

const tags = ['Agents'];
const TOKENS = `${WEBSTORE}/agent-tokens`;
const tokenParams = webstoreParams.extend({ agentTokenId: z.string().max(18) });
const query = z.object({ ...ignoredParams });
// The name's rules (trimmed, 1–80, no control characters) are the service's, so blank and absent read alike.
const createBody = z
  .object({
    name: z.string({ error: 'name is required.' }).max(1000),
    expiresInDays: z.number().int().min(1).max(AGENT_TOKEN_MAX_DAYS).optional(),
  })
  .strict();

export function agentTokenRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The logged-in user and the store; a guest is refused before anything else is looked at. */
  async function ownerOf(req: FastifyRequest<{ Params: { webstoreId: string } }>) {
    const store = await s.webstores.get(req.params.webstoreId);
    const { user } = await callerOf(s, req);
    if (!user) throw new ApiError(401, 'INVALID_SESSION_ID', 'Log in to manage your agent tokens.');
    return { store, user };
  }

  r.get(
    TOKENS,
    {
      schema: {
        tags,
        summary: 'The caller’s agent tokens (never the tokens themselves)',
        params: webstoreParams,
        querystring: query,
      },
    },
    async (req, reply) => {
      const { store, user } = await ownerOf(req);
      reply.header('Cache-Control', 'private, no-store');
      return { agentTokens: await s.agentTokens.list(store.id, user.id) };
    },
  );

  r.post(
    TOKENS,
    {
      schema: {
        tags,
        summary: 'Make an agent token for an AI assistant (the token is in this answer only)',
        params: webstoreParams,
        querystring: query,
        body: createBody,
      },
    },
    async (req, reply) => {
      const { store, user } = await ownerOf(req);
      const created = await s.agentTokens.create(store.id, user.id, req.body);
      return reply.status(201).header('Cache-Control', 'private, no-store').send(created);
    },
  );

  r.delete(
    `${TOKENS}/:agentTokenId`,
    { schema: { tags, summary: 'Revoke one of the caller’s agent tokens', params: tokenParams, querystring: query } },
    async (req, reply) => {
      const { store, user } = await ownerOf(req);
      await s.agentTokens.revoke(store.id, user.id, checkedId(req.params.agentTokenId, KEY_PREFIXES.agentToken));
      return reply.status(204).send();
    },
  );
}
