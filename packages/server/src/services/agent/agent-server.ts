// The store's MCP server for one request (issue 18 item 5): a fresh McpServer with the tools the caller may use.
// Made per request, as the SDK's stateless example does: nothing of an agent's conversation is kept in a process,
// so any of the store's processes answers any call. A guest (no token) gets the read tools only.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AgentCall } from './agent-call.ts';
import { registerCartTools } from './cart-tools.ts';
import { registerCatalogueTools } from './catalogue-tools.ts';
import { registerCheckoutTool } from './checkout-tool.ts';

export const AGENT_SERVER_NAME = 'data-depot-store';

export function agentServer(call: AgentCall): McpServer {
  const server = new McpServer(
    { name: AGENT_SERVER_NAME, version: '1.0.0' },
    {
      instructions: `You shop the ${call.store.name} store for ${call.caller.user ? 'a logged-in buyer, with their prices and entitlements' : 'a guest: browsing only'}. Prices are decimal strings in the currency given.`,
    },
  );
  registerCatalogueTools(server, call);
  if (call.caller.user) {
    registerCartTools(server, call);
    registerCheckoutTool(server, call);
  }
  return server;
}
