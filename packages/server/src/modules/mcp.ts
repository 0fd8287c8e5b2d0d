// The store's Model Context Protocol server (issue 18 item 5) on the same Fastify server: POST /mcp, streamable
// HTTP in the SDK's stateless mode (no session id; a server and transport per request, so every process of the
// store answers any call). The caller is an agent token (`Authorization: Bearer …`, services/agent/agent-tokens.ts)
// or, without one, a guest who may only use the read tools; cookies are never read here (http/csrf.ts exempts
// /mcp for that reason). A bad, revoked or expired token is a 401 before the protocol starts. GET (the optional
// server-to-client stream) and DELETE (ending a session) answer 405, as the SDK's stateless example does.
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Services } from '../services/index.ts';
import { agentServer } from '../services/agent/agent-server.ts';
import { MCP_PATH } from '../services/agent/agent-context.ts';
import { agentCallerOf } from '../http/agent-caller.ts';
import { publicOrigin } from '../http/public-origin.ts';
import { ApiError } from '../domain/errors.ts';

const GUEST = { session: null, user: null };

function jsonRpcError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.status(status).type('application/json').send({ jsonrpc: '2.0', error: { code, message }, id: null });
}

export function mcpRoutes(app: FastifyInstance, s: Services, opts: { webstoreId: string; publicUrl?: string }): void {
  app.post(MCP_PATH, { schema: { hide: true } }, async (req, reply) => {
    const store = await s.webstores.get(opts.webstoreId);
    let caller: Awaited<ReturnType<typeof agentCallerOf>>;
    try {
      caller = await agentCallerOf(s, req, store.id);
    } catch (e) {
      // RFC 6750: a refused bearer token says which scheme the server wants.
      if (e instanceof ApiError && e.status === 401) reply.header('WWW-Authenticate', 'Bearer realm="mcp"');
      throw e;
    }
    const server = agentServer({
      s,
      store,
      caller: caller ?? GUEST,
      origin: publicOrigin(req, opts.publicUrl),
      log: req.log,
    });
    // JSON answers rather than an event stream: every tool answers once, and a plain answer passes any proxy.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    // From here the SDK writes the response itself.
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req.raw, reply.raw, req.body);
    } catch (e) {
      req.log.error(e, 'MCP request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(
          JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null }),
        );
      }
    }
  });
  // Stateless: there is no stream to open and no session to end.
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: MCP_PATH,
      schema: { hide: true },
      handler: async (_req, reply) => {
        reply.header('Allow', 'POST');
        return jsonRpcError(reply, 405, -32000, 'Method not allowed.');
      },
    });
  }
}
