// The cart tools of the MCP server (issue 18 item 5): read the caller's cart, add, change and remove lines.
// The cart is the buyer's own current cart for the account they act for: the one the storefront shows them
// (services/carts/cart-owner.ts), changed through the cart service with its line rules, entitlements, prices and
// promotions. Only an agent token's caller gets these tools (modules/mcp.ts), so there is always a user.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CART_ITEMS_DEFAULT_SORT, type CartItem, type CartSummary } from '@store/core';
import { z } from 'zod';
import { cartOwnerOf, type CartOwner } from '../carts/cart-owner.ts';
import { type AgentCall, accountInput as account, catalogueOf, toolAnswer } from './agent-call.ts';

/** More lines than an agent reads at once; the storefront's cart page shows the rest. */
const LINES_SHOWN = 100;
const quantity = z.number().int().min(1).max(1_000_000).describe('Whole units');
const cartItemId = z.string().trim().min(1).max(18).describe('A line of the cart (cartItemId from get_cart)');

export async function cartOwnerForAgent(call: AgentCall, effectiveAccountId?: string): Promise<CartOwner> {
  return cartOwnerOf(call.store, await catalogueOf(call, effectiveAccountId), null);
}

const line = (i: CartItem) => ({
  cartItemId: i.cartItemId,
  productId: i.productId,
  name: i.name,
  quantity: i.quantity,
  salesPrice: i.salesPrice,
  totalAmount: i.totalAmount,
  currencyIsoCode: i.currencyIsoCode,
});

export const cartTotals = (c: CartSummary) => ({
  cartId: c.cartId,
  accountId: c.accountId,
  currencyIsoCode: c.currencyIsoCode,
  totalProductCount: c.totalProductCount,
  totalProductAmount: c.totalProductAmount,
  totalPromotionalAdjustmentAmount: c.totalPromotionalAdjustmentAmount,
  totalTaxAmount: c.totalTaxAmount,
  grandTotalAmount: c.grandTotalAmount,
});

async function cartView(call: AgentCall, owner: CartOwner) {
  const { carts, cartOperations } = call.s;
  const cart = await carts.find(owner, 'current');
  if (!cart) return { ...cartTotals(carts.summary(owner, null)), items: [] };
  await cartOperations.resumeIfStale(owner, cart);
  const items = await carts.items(owner, cart, {
    pageSize: LINES_SHOWN,
    pageNumber: 1,
    sort: CART_ITEMS_DEFAULT_SORT,
  });
  return {
    ...cartTotals(carts.summary(owner, cart)),
    items: items.cartItems.map((i) => line(i.cartItem)),
    url: `${call.origin}/cart`,
  };
}

export function registerCartTools(server: McpServer, call: AgentCall): void {
  server.registerTool(
    'get_cart',
    {
      title: 'Read the cart',
      description: 'The buyer’s current cart: its lines and totals.',
      inputSchema: { effectiveAccountId: account },
    },
    ({ effectiveAccountId }) =>
      toolAnswer(call, async () => cartView(call, await cartOwnerForAgent(call, effectiveAccountId))),
  );

  server.registerTool(
    'add_to_cart',
    {
      title: 'Add to the cart',
      description: 'Adds a product to the buyer’s current cart (made if there is none). Answers the cart.',
      inputSchema: {
        productId: z.string().trim().min(1).max(18).describe('A product id (01t…)'),
        quantity: quantity.default(1),
        effectiveAccountId: account,
      },
    },
    ({ productId, quantity, effectiveAccountId }) =>
      toolAnswer(call, async () => {
        const owner = await cartOwnerForAgent(call, effectiveAccountId);
        const cart = await call.s.carts.forWrite(owner, 'current');
        const added = await call.s.carts.addItem(owner, cart, { productId, quantity: String(quantity) });
        return { added: line(added), cart: await cartView(call, owner) };
      }),
  );

  server.registerTool(
    'update_cart_item',
    {
      title: 'Change a line’s quantity',
      description: 'Sets the quantity of a line of the buyer’s current cart. Answers the cart.',
      inputSchema: { cartItemId, quantity, effectiveAccountId: account },
    },
    ({ cartItemId, quantity, effectiveAccountId }) =>
      toolAnswer(call, async () => {
        const owner = await cartOwnerForAgent(call, effectiveAccountId);
        const cart = await call.s.carts.require(owner, 'current');
        await call.s.carts.updateItem(owner, cart, cartItemId, String(quantity));
        return cartView(call, owner);
      }),
  );

  server.registerTool(
    'remove_cart_item',
    {
      title: 'Remove a line',
      description: 'Removes a line from the buyer’s current cart. Answers the cart.',
      inputSchema: { cartItemId, effectiveAccountId: account },
    },
    ({ cartItemId, effectiveAccountId }) =>
      toolAnswer(call, async () => {
        const owner = await cartOwnerForAgent(call, effectiveAccountId);
        const cart = await call.s.carts.require(owner, 'current');
        await call.s.carts.deleteItem(owner, cart, cartItemId);
        return cartView(call, owner);
      }),
  );
}
