// What every MCP tool works with: the services, the store, the caller (an agent token's user, or a guest) and the
// store's public origin; and the one way a tool answers. A refusal from the services (an ApiError: not found,
// not entitled, bad quantity…) becomes a tool error with the same words the REST API would answer; anything
// else is the server's fault and is not described to the agent.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ApiError } from '../../domain/errors.ts';
import type { Caller, CatalogueContext } from '../buyer-context.ts';
import type { Services } from '../index.ts';
import type { Webstore } from '../webstores.ts';

export interface AgentCall {
  s: Services;
  store: Webstore;
  caller: Caller;
  /** The store's public origin, for the storefront links tools answer with. */
  origin: string;
  log: { error(obj: unknown, msg?: string): void };
}

/** Every tool's optional account: checked by the buyer-context service as any effectiveAccountId is. */
export const accountInput = z
  .string()
  .max(18)
  .optional()
  .describe('The account to act for (one the buyer may act for); default: the buyer’s own');

/** The caller's catalogue context, for the account asked (checked by the buyer-context service) or their own. */
export function catalogueOf(call: AgentCall, effectiveAccountId?: string): Promise<CatalogueContext> {
  return call.s.buyers.catalogue(call.caller, call.store, effectiveAccountId);
}

/** Runs a tool: its answer as JSON text, a service's refusal as a tool error in the API's words. */
export async function toolAnswer(call: AgentCall, run: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    const value = await run();
    return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
  } catch (e) {
    if (e instanceof ApiError) {
      return { isError: true, content: [{ type: 'text', text: e.message }] };
    }
    call.log.error(e, 'MCP tool failed');
    return { isError: true, content: [{ type: 'text', text: 'The store could not complete this request.' }] };
  }
}
