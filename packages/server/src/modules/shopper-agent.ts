// GET shopperAgent/context (spec 01 §7, issue 18 item 5). The caller is the browser's session, as on every other
// route, or an agent token (`Authorization: Bearer …`): an assistant asks this before it shops, so it answers to
// the same token the MCP server takes. A bad token is a 401, not a guest. Reading only: no CSRF question.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import { shopperAgentContext } from '../services/agent/agent-context.ts';
import { agentCallerOf } from '../http/agent-caller.ts';
import { callerOf } from '../http/caller.ts';
import { publicOrigin } from '../http/public-origin.ts';
import { ignoredParams, optionalAccount, webstoreParams } from './schemas.ts';
import { WEBSTORE } from './base.ts';

export function shopperAgentRoutes(app: FastifyInstance, s: Services, opts: { publicUrl?: string }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${WEBSTORE}/shopperAgent/context`,
    {
      schema: {
        tags: ['Agents'],
        summary: 'What an AI agent needs to shop for the caller: account, currency, cart, MCP endpoint and tools',
        params: webstoreParams,
        querystring: z.object({ effectiveAccountId: optionalAccount, ...ignoredParams }),
      },
    },
    async (req, reply) => {
      const store = await s.webstores.get(req.params.webstoreId);
      const caller = (await agentCallerOf(s, req, store.id)) ?? (await callerOf(s, req));
      reply.header('Cache-Control', 'private, no-store');
      return shopperAgentContext(s, caller, store, req.query.effectiveAccountId, publicOrigin(req, opts.publicUrl));
    },
  );
}
