// Shopping through AI agents (spec 01 §7 "Shopper agent context", issue 18). The reference has no shape for
// GET shopperAgent/context; this one is ours: what an assistant needs to act for the caller in this store.

export interface ShopperAgentContext {
  webstoreId: string;
  storeName: string;
  /** False for a guest: the agent may browse but not keep a cart. */
  isAuthenticated: boolean;
  userId: string | null;
  /** The account the caller acts for (the effectiveAccountId asked, if the caller may act for it). */
  effectiveAccountId: string | null;
  effectiveAccountName: string | null;
  currencyIsoCode: string;
  locale: string;
  /** The caller's active cart, if any. */
  cartId: string | null;
  cartItemCount: number;
  /** Where the store's Model Context Protocol server listens (streamable HTTP), absolute. */
  mcpEndpoint: string;
  /** The MCP tools the caller may use now (guests get the read-only ones). */
  tools: string[];
}

// ---- Agent access tokens (our addition to the contract, issue 18 item 5) ----
// A logged-in buyer makes a token for an AI assistant; the assistant sends it as `Authorization: Bearer …` to the
// store's MCP server and acts as that buyer, for the accounts the buyer may act for, never more.

/** An agent token as its owner sees it (GET/POST/DELETE …/agent-tokens): never the token itself after creation. */
export interface AgentToken {
  id: string;
  name: string;
  createdDate: string;
  lastUsedDate: string | null;
  /** When the token stops working by itself; null: until revoked. */
  expiresDate: string | null;
  revokedDate: string | null;
  /** Usable now: not revoked and not expired. */
  active: boolean;
}

/** The answer of POST …/agent-tokens: the token is shown this once. */
export interface CreatedAgentToken extends AgentToken {
  token: string;
}

export interface AgentTokenInput {
  name: string;
  /** Days until the token expires (1–365); absent: until revoked. */
  expiresInDays?: number;
}

export const AGENT_TOKEN_NAME_MAX = 80;
export const AGENT_TOKEN_MAX_DAYS = 365;
/** How many active tokens a buyer may hold in one store: enough for every assistant, few enough to review. */
export const AGENT_TOKENS_MAX_ACTIVE = 20;
/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const AGENT_TOKEN_PREFIX = 'ddat_';

/** The read-only MCP tools (a guest's); the others need an agent token. */
export const AGENT_READ_TOOLS = ['search_catalogue', 'get_product'] as const;
export const AGENT_CART_TOOLS = [
  'get_cart',
  'add_to_cart',
  'update_cart_item',
  'remove_cart_item',
  'start_checkout',
] as const;
export type AgentToolName = (typeof AGENT_READ_TOOLS)[number] | (typeof AGENT_CART_TOOLS)[number];

/** The tools a caller may use: everything with a token, the read tools as a guest. */
export function agentToolsFor(authenticated: boolean): AgentToolName[] {
  return authenticated ? [...AGENT_READ_TOOLS, ...AGENT_CART_TOOLS] : [...AGENT_READ_TOOLS];
}
