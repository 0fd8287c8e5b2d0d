// Cart delivery groups (spec 02 §7 "Delivery groups", §9): list (limit 20, no items by default), one
// group, add, change, remove, and arranging items between groups (202: still processing, spec 02 §4).

import {
  DELIVERY_GROUPS_DEFAULT_LIMIT,
  effectiveAccountIdOrNull,
  type AsyncOperationStatus,
  type CartDeliveryGroup,
  type CartDeliveryGroupCollection,
  type DeliveryAddressInput,
} from '@store/core';
import type { CartCallOptions } from './cart-api.ts';
import type { Http, HttpRequest } from './http.ts';
import { requireId, requireIdList, requireSomeOf } from './validate.ts';

export interface GetDeliveryGroupsOptions extends CartCallOptions {
  /** Default 20. */
  limit?: number;
  /** Items returned with each group; default 0 (spec 02 §9). */
  cartItemLimit?: number;
}

/** A group's editable fields (the body of POST and PATCH; the contract leaves it to the wire type). */
export interface CartDeliveryGroupInput {
  name?: string;
  deliveryAddress?: DeliveryAddressInput | null;
  deliveryMethodId?: string | null;
  desiredDeliveryDate?: string | null;
  shippingInstructions?: string | null;
}

export interface DeliveryGroupArrangement {
  deliveryGroupId: string;
  cartItemIds: readonly string[];
}

export interface DeliveryGroupCalls {
  getDeliveryGroups(cartStateOrId: string, options?: GetDeliveryGroupsOptions): Promise<CartDeliveryGroupCollection>;
  /** Spec 02 §5: a delivery group load needs deliveryGroupId. */
  getDeliveryGroup(
    cartStateOrId: string,
    deliveryGroupId: string,
    options?: CartCallOptions,
  ): Promise<CartDeliveryGroup>;
  /** POST carts/{id}/delivery-groups (201). */
  addDeliveryGroup(
    cartStateOrId: string,
    group: CartDeliveryGroupInput,
    options?: CartCallOptions,
  ): Promise<CartDeliveryGroup>;
  updateDeliveryGroup(
    cartStateOrId: string,
    deliveryGroupId: string,
    changes: CartDeliveryGroupInput,
    options?: CartCallOptions,
  ): Promise<CartDeliveryGroup>;
  /** DELETE (204). */
  deleteDeliveryGroup(cartStateOrId: string, deliveryGroupId: string, options?: CartCallOptions): Promise<void>;
  /** 202 {asyncOperationStatus: 'Processing'}: poll the summary until it settles. */
  arrangeCartItems(
    cartStateOrId: string,
    arrangements: readonly DeliveryGroupArrangement[],
    options?: CartCallOptions,
  ): Promise<{ asyncOperationStatus: AsyncOperationStatus }>;
}

const GROUP_KEYS = [
  'name',
  'deliveryAddress',
  'deliveryMethodId',
  'desiredDeliveryDate',
  'shippingInstructions',
] as const;

/** Only the known keys travel, as in the other calls with a body. */
function groupBody(value: unknown, what: string): CartDeliveryGroupInput {
  const g = requireSomeOf<CartDeliveryGroupInput>(value, GROUP_KEYS, what);
  const body: CartDeliveryGroupInput = {};
  for (const key of GROUP_KEYS) if (g[key] !== undefined) (body as Record<string, unknown>)[key] = g[key];
  return body;
}

export function createDeliveryGroupCalls(http: Http): DeliveryGroupCalls {
  const groups = (cartId: unknown, ...rest: string[]) =>
    http.webstorePath('carts', requireId(cartId, 'cartStateOrId'), 'delivery-groups', ...rest);
  const groupId = (id: unknown) => requireId(id, 'deliveryGroupId');

  async function call<T>(req: HttpRequest, o: CartCallOptions): Promise<T> {
    const query = { ...req.query, effectiveAccountId: effectiveAccountIdOrNull(o.effectiveAccountId) ?? undefined };
    return (await http.request<T>({ ...req, query, signal: o.signal })).data;
  }

  return {
    async getDeliveryGroups(cartStateOrId, o = {}) {
      const query = { limit: o.limit ?? DELIVERY_GROUPS_DEFAULT_LIMIT, cartItemLimit: o.cartItemLimit ?? 0 };
      return call<CartDeliveryGroupCollection>({ path: groups(cartStateOrId), query }, o);
    },
    async getDeliveryGroup(cartStateOrId, deliveryGroupId, o = {}) {
      return call<CartDeliveryGroup>({ path: groups(cartStateOrId, groupId(deliveryGroupId)) }, o);
    },
    async addDeliveryGroup(cartStateOrId, group, o = {}) {
      const path = groups(cartStateOrId);
      return call<CartDeliveryGroup>({ method: 'POST', path, body: groupBody(group, 'group') }, o);
    },
    async updateDeliveryGroup(cartStateOrId, deliveryGroupId, changes, o = {}) {
      const path = groups(cartStateOrId, groupId(deliveryGroupId));
      return call<CartDeliveryGroup>({ method: 'PATCH', path, body: groupBody(changes, 'changes') }, o);
    },
    async deleteDeliveryGroup(cartStateOrId, deliveryGroupId, o = {}) {
      await call<undefined>({ method: 'DELETE', path: groups(cartStateOrId, groupId(deliveryGroupId)) }, o);
    },
    async arrangeCartItems(cartStateOrId, arrangements, o = {}) {
      const path = groups(cartStateOrId, 'actions', 'arrange-items');
      if (!Array.isArray(arrangements) || arrangements.length === 0)
        throw new TypeError("'arrangements' is required and must be a non-empty list.");
      const body = {
        arrangements: arrangements.map((a, n) => ({
          deliveryGroupId: requireId(a?.deliveryGroupId, `arrangements[${n}].deliveryGroupId`),
          cartItemIds: requireIdList(a?.cartItemIds, `arrangements[${n}].cartItemIds`),
        })),
      };
      return call<{ asyncOperationStatus: AsyncOperationStatus }>({ method: 'POST', path, body }, o);
    },
  };
}
