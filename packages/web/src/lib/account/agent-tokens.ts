// The AI agents page's data and its actions' answers (/account/agents, issue 18).
import type { AgentToken, CreatedAgentToken } from '@store/core';

export interface AgentTokensData {
  /** null: the list could not be read. */
  tokens: AgentToken[] | null;
  /** The MCP server's address (from shopperAgent/context), or null if it could not be read. */
  mcpEndpoint: string | null;
}

export type AgentTokenIntent = 'create' | 'revoke';

export interface AgentTokenResult {
  intent: AgentTokenIntent;
  ok: boolean;
  message: string;
  /** The token just made, shown this once. */
  created?: CreatedAgentToken;
}

export const isAgentTokenIntent = (v: unknown): v is AgentTokenIntent => v === 'create' || v === 'revoke';
