// start_checkout (issue 18 item 5): readies the checkout of the buyer's current cart, exactly as the storefront's
// "Checkout" button does (the checkout service, with the account's default address), and answers the storefront
// page where the buyer reviews it and pays. The agent never takes payment: paying, and placing the order, stay
// with the buyer in their own logged-in browser (card details and purchase orders are never handed to an agent).
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { type AgentCall, accountInput, toolAnswer } from './agent-call.ts';
import { cartOwnerForAgent, cartTotals } from './cart-tools.ts';

export function registerCheckoutTool(server: McpServer, call: AgentCall): void {
  server.registerTool(
    'start_checkout',
    {
      title: 'Start the checkout',
      description:
        'Readies the checkout of the buyer’s current cart and answers the storefront link where the buyer reviews the order and pays. The agent cannot pay or place the order.',
      inputSchema: { effectiveAccountId: accountInput },
    },
    ({ effectiveAccountId }) =>
      toolAnswer(call, async () => {
        const owner = await cartOwnerForAgent(call, effectiveAccountId);
        const { checkout, cart } = await call.s.checkouts.start(owner, 'current', { useDefaultAddress: true });
        return {
          checkoutId: checkout.id,
          ...cartTotals(call.s.carts.summary(owner, cart)),
          reviewUrl: `${call.origin}/checkout`,
          nextStep:
            'Ask the buyer to open reviewUrl, logged in to the store as themselves and acting for this account, to check the order and pay.',
        };
      }),
  );
}
