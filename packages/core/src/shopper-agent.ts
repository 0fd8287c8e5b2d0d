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
