// Cart delivery groups (spec 02 §7): every cart starts with a default group that new lines join;
// shoppers add groups (another address, another method) and move lines between them with
// arrange-items, which runs as a background operation (202). The default group cannot be deleted;
// deleting another moves its lines back to the default.
import {
  KEY_PREFIXES,
  type CartDeliveryGroup,
  type CartDeliveryGroupCollection,
  type DeliveryAddressInput,
} from '@store/core';
import type { CartDeliveryGroupTable, CartTable } from '../../db/schema.ts';
import { ApiError, badInput } from '../../domain/errors.ts';
import { toId18, checkedId, randomRecordId } from '../../domain/record-ids.ts';
import type { Services } from '../index.ts';
import type { CartOwner } from './cart-owner.ts';
import type { Arrangement } from './cart-operations.ts';

export interface DeliveryGroupInput {
  name?: string;
  deliveryAddress?: DeliveryAddressInput | null;
  deliveryMethodId?: string | null;
  desiredDeliveryDate?: string | null;
  shippingInstructions?: string | null;
}

async function checkInput(s: Services, owner: CartOwner, input: DeliveryGroupInput): Promise<void> {
  const country = input.deliveryAddress?.country;
  const allowed = owner.webstore.settings.shippingCountries ?? [];
  if (country && allowed.length && !allowed.includes(country.toUpperCase())) {
    throw badInput(`The store doesn't deliver to ${country}; it delivers to ${allowed.join(', ')}.`);
  }
  // A method is one of the store's: an id of another kind, or of no method, would leave the group with none.
  if (input.deliveryMethodId) {
    const id = checkedId(input.deliveryMethodId, KEY_PREFIXES.deliveryMethod);
    const method = await s.db
      .selectFrom('delivery_method')
      .select('id')
      .where('id', '=', id)
      .where('webstore_id', '=', owner.webstore.id)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    if (!method) throw badInput(`The delivery method ${input.deliveryMethodId} isn't one of this store's.`);
  }
}

async function view(
  s: Services,
  owner: CartOwner,
  cart: CartTable,
  g: CartDeliveryGroupTable,
  cartItemLimit: number,
): Promise<CartDeliveryGroup> {
  const [count, items] = await Promise.all([
    s.db
      .selectFrom('cart_item')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('cart_id', '=', cart.id)
      .where('delivery_group_id', '=', g.id)
      .executeTakeFirst(),
    cartItemLimit > 0
      ? s.db
          .selectFrom('cart_item')
          .selectAll()
          .where('cart_id', '=', cart.id)
          .where('delivery_group_id', '=', g.id)
          .orderBy('seq', 'desc')
          .limit(cartItemLimit)
          .execute()
      : [],
  ]);
  return {
    id: g.id,
    name: g.name,
    isDefault: g.is_default === 1,
    deliveryAddress: g.address_json ? JSON.parse(g.address_json) : null,
    deliveryMethodId: g.delivery_method_id,
    desiredDeliveryDate: g.desired_delivery_date,
    shippingInstructions: g.shipping_instructions,
    totalCartItemCount: Number(count?.n ?? 0),
    cartItems: await s.carts.itemViews(owner, cart, items),
  };
}

export async function listDeliveryGroups(
  s: Services,
  owner: CartOwner,
  cart: CartTable,
  limit: number,
  cartItemLimit: number,
): Promise<CartDeliveryGroupCollection> {
  const groups = await s.db
    .selectFrom('cart_delivery_group')
    .selectAll()
    .where('cart_id', '=', cart.id)
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .execute();
  return {
    deliveryGroups: await Promise.all(groups.slice(0, limit).map((g) => view(s, owner, cart, g, cartItemLimit))),
    total: groups.length,
  };
}

async function findGroup(s: Services, cart: CartTable, id: string): Promise<CartDeliveryGroupTable> {
  const groupId = checkedId(id, KEY_PREFIXES.deliveryGroup);
  const g = await s.db
    .selectFrom('cart_delivery_group')
    .selectAll()
    .where('id', '=', groupId)
    .where('cart_id', '=', cart.id)
    .executeTakeFirst();
  if (!g) throw new ApiError(404, 'ITEM_NOT_FOUND', `The delivery group ${id} isn't in this cart.`);
  return g;
}

export async function getDeliveryGroup(
  s: Services,
  owner: CartOwner,
  cart: CartTable,
  id: string,
  cartItemLimit: number,
): Promise<CartDeliveryGroup> {
  return view(s, owner, cart, await findGroup(s, cart, id), cartItemLimit);
}

const columns = (input: DeliveryGroupInput) => ({
  ...(input.name !== undefined ? { name: input.name } : {}),
  ...(input.deliveryAddress !== undefined
    ? {
        address_json: input.deliveryAddress
          ? JSON.stringify({ ...input.deliveryAddress, country: input.deliveryAddress.country.toUpperCase() })
          : null,
      }
    : {}),
  ...(input.deliveryMethodId !== undefined
    ? { delivery_method_id: input.deliveryMethodId ? toId18(input.deliveryMethodId) : null }
    : {}),
  ...(input.desiredDeliveryDate !== undefined ? { desired_delivery_date: input.desiredDeliveryDate } : {}),
  ...(input.shippingInstructions !== undefined ? { shipping_instructions: input.shippingInstructions } : {}),
});

export async function addDeliveryGroup(
  s: Services,
  owner: CartOwner,
  cart: CartTable,
  input: DeliveryGroupInput,
): Promise<CartDeliveryGroup> {
  await checkInput(s, owner, input);
  const row: CartDeliveryGroupTable = {
    id: randomRecordId(KEY_PREFIXES.deliveryGroup),
    cart_id: cart.id,
    name: input.name ?? 'Delivery',
    is_default: 0,
    address_json: null,
    delivery_method_id: null,
    desired_delivery_date: null,
    shipping_instructions: null,
    created_at: new Date().toISOString(),
    ...columns(input),
  };
  await s.db.insertInto('cart_delivery_group').values(row).execute();
  return view(s, owner, cart, row, 0);
}

export async function updateDeliveryGroup(
  s: Services,
  owner: CartOwner,
  cart: CartTable,
  id: string,
  input: DeliveryGroupInput,
): Promise<CartDeliveryGroup> {
  await checkInput(s, owner, input);
  const g = await findGroup(s, cart, id);
  const set = columns(input);
  if (Object.keys(set).length) await s.db.updateTable('cart_delivery_group').set(set).where('id', '=', g.id).execute();
  return view(s, owner, cart, { ...g, ...set }, 0);
}

export async function deleteDeliveryGroup(s: Services, cart: CartTable, id: string): Promise<void> {
  const g = await findGroup(s, cart, id);
  if (g.is_default) throw badInput("The default delivery group can't be deleted.");
  await s.db.transaction().execute(async (trx) => {
    const def = await trx
      .selectFrom('cart_delivery_group')
      .select('id')
      .where('cart_id', '=', cart.id)
      .where('is_default', '=', 1)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('cart_item')
      .set({ delivery_group_id: def.id })
      .where('delivery_group_id', '=', g.id)
      .execute();
    await trx.deleteFrom('cart_delivery_group').where('id', '=', g.id).execute();
  });
}

/** Checks every group and line named belongs to the cart before the background operation moves them. */
export async function checkArrangements(
  s: Services,
  cart: CartTable,
  arrangements: Arrangement[],
): Promise<Arrangement[]> {
  const out: Arrangement[] = [];
  for (const a of arrangements) {
    const g = await findGroup(s, cart, a.deliveryGroupId);
    const ids = a.cartItemIds.map((id) => checkedId(id, KEY_PREFIXES.cartItem));
    const found = ids.length
      ? await s.db.selectFrom('cart_item').select('id').where('cart_id', '=', cart.id).where('id', 'in', ids).execute()
      : [];
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length)
      throw new ApiError(404, 'ITEM_NOT_FOUND', `These cart items aren't in this cart: ${missing.join(', ')}.`);
    out.push({ deliveryGroupId: g.id, cartItemIds: ids });
  }
  return out;
}
