// A buyer's agent tokens (issue 18 item 5): list, make (the answer holds the token, shown once) and revoke. The
// server decides whose tokens these are from the session; nothing here names a user.
import type { AgentToken, AgentTokenInput, CreatedAgentToken } from '@store/core';
import type { CallOptions } from './call-options.ts';
import type { Http } from './http.ts';
import { requireId, requireText } from './validate.ts';

export interface AgentTokenCalls {
  /** GET agent-tokens: the caller's tokens, newest first (never the tokens themselves). */
  getAgentTokens(options?: CallOptions): Promise<AgentToken[]>;
  /** POST agent-tokens (201): the new token, shown this once. */
  createAgentToken(input: AgentTokenInput, options?: CallOptions): Promise<CreatedAgentToken>;
  /** DELETE agent-tokens/{id} (204). */
  revokeAgentToken(agentTokenId: string, options?: CallOptions): Promise<void>;
}

export function createAgentTokenCalls(http: Http): AgentTokenCalls {
  const ws = http.webstorePath;
  return {
    async getAgentTokens(o = {}) {
      return (await http.request<{ agentTokens: AgentToken[] }>({ path: ws('agent-tokens'), signal: o.signal })).data
        .agentTokens;
    },
    async createAgentToken(input, o = {}) {
      // Only the known keys travel.
      const body: AgentTokenInput = { name: requireText(input.name, 'name'), expiresInDays: input.expiresInDays };
      return (
        await http.request<CreatedAgentToken>({ method: 'POST', path: ws('agent-tokens'), body, signal: o.signal })
      ).data;
    },
    async revokeAgentToken(agentTokenId, o = {}) {
      const id = requireId(agentTokenId, 'agentTokenId');
      await http.request<unknown>({ method: 'DELETE', path: ws('agent-tokens', id), signal: o.signal });
    },
  };
}
