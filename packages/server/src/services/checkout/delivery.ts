// Delivery at checkout: which methods a delivery group may use, and how a cart's lines are split into
// groups. Datasets go by download (a Digital method, free, no parcel); printed directories ship with
// a fee, by the methods that serve the address's country. With splitShipmentEnabled a cart holding
// both is split into a download group and a shipment group, each with its own method.
import type { Kysely } from 'kysely';
import { KEY_PREFIXES, minorUnitsToDecimal, type DeliveryKind, type DeliveryMethod } from '@store/core';
import type { CartDeliveryGroupTable, Database, DeliveryMethodTable } from '../../db/schema.ts';
import { randomRecordId } from '../../domain/record-ids.ts';

export function methodView(m: DeliveryMethodTable): DeliveryMethod {
  return {
    id: m.id,
    name: m.name,
    carrier: m.carrier,
    classOfService: m.class_of_service,
    currencyIsoCode: m.currency,
    shippingFee: minorUnitsToDecimal(m.fee_minor),
    deliveryKind: m.kind as DeliveryKind,
    processTime: m.process_time,
    processTimeUnit: m.process_time_unit as DeliveryMethod['processTimeUnit'],
    transitTimeMin: m.transit_time_min,
    transitTimeMax: m.transit_time_max,
    transitTimeUnit: m.transit_time_unit as DeliveryMethod['transitTimeUnit'],
  };
}

export async function storeMethods(db: Kysely<Database>, webstoreId: string): Promise<DeliveryMethodTable[]> {
  return db
    .selectFrom('delivery_method')
    .selectAll()
    .where('webstore_id', '=', webstoreId)
    .where('is_active', '=', 1)
    .orderBy('sort_order')
    .execute();
}

/** Methods a group may use: Digital for a group of datasets only, else the shipped methods serving the country. */
export function methodsFor(
  all: DeliveryMethodTable[],
  allDigital: boolean,
  country: string | null,
  currency: string,
): DeliveryMethodTable[] {
  return all.filter((m) => {
    if (m.currency !== currency) return false;
    if (allDigital) return m.kind === 'Digital';
    if (m.kind !== 'Shipped') return false;
    if (!country || !m.countries_json) return true;
    return (JSON.parse(m.countries_json) as string[]).includes(country.toUpperCase());
  });
}

export interface GroupState {
  group: CartDeliveryGroupTable;
  kinds: Set<string>;
  count: number;
  productMinor: number;
}

/** Each group of the cart with what its lines are (Dataset / Physical), how many and their value. */
export async function groupStates(db: Kysely<Database>, cartId: string): Promise<GroupState[]> {
  const [groups, lines] = await Promise.all([
    db
      .selectFrom('cart_delivery_group')
      .selectAll()
      .where('cart_id', '=', cartId)
      .orderBy('is_default', 'desc')
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('cart_item')
      .innerJoin('product', 'product.id', 'cart_item.product_id')
      .select([
        'cart_item.delivery_group_id',
        'product.fulfilment',
        'cart_item.quantity',
        'cart_item.sales_price_minor',
        'cart_item.adjust_minor',
      ])
      .where('cart_item.cart_id', '=', cartId)
      .execute(),
  ]);
  return groups.map((group) => {
    const mine = lines.filter((l) => (l.delivery_group_id ?? groups[0]!.id) === group.id);
    return {
      group,
      kinds: new Set(mine.map((l) => l.fulfilment)),
      count: mine.length,
      productMinor: mine.reduce((s, l) => s + l.sales_price_minor * l.quantity + l.adjust_minor, 0),
    };
  });
}

const isAllDigital = (g: GroupState) => g.count > 0 && [...g.kinds].every((k) => k === 'Dataset');

/**
 * Arranges the cart for checkout (inside the caller's transaction): with split shipments on and both
 * kinds of line in one group, the datasets move to a download group of their own. Then every group
 * without a usable method gets the first one it may use.
 */
export async function arrangeForCheckout(
  trx: Kysely<Database>,
  cartId: string,
  opts: { split: boolean; methods: DeliveryMethodTable[]; currency: string },
): Promise<void> {
  let states = await groupStates(trx, cartId);
  if (opts.split) {
    const mixed = states.find((s) => s.kinds.has('Dataset') && s.kinds.has('Physical'));
    if (mixed) {
      const existing = states.find((s) => s !== mixed && isAllDigital(s));
      let target = existing?.group.id;
      if (!target) {
        target = randomRecordId(KEY_PREFIXES.deliveryGroup);
        await trx
          .insertInto('cart_delivery_group')
          .values({
            id: target,
            cart_id: cartId,
            name: 'Downloads',
            is_default: 0,
            address_json: mixed.group.address_json,
            delivery_method_id: null,
            desired_delivery_date: null,
            shipping_instructions: null,
            created_at: new Date().toISOString(),
          })
          .execute();
      }
      const datasetLines = await trx
        .selectFrom('cart_item')
        .innerJoin('product', 'product.id', 'cart_item.product_id')
        .select('cart_item.id')
        .where('cart_item.cart_id', '=', cartId)
        .where('product.fulfilment', '=', 'Dataset')
        .execute();
      const ids = datasetLines.map((l) => l.id);
      if (ids.length)
        await trx.updateTable('cart_item').set({ delivery_group_id: target }).where('id', 'in', ids).execute();
      states = await groupStates(trx, cartId);
    }
  }
  await chooseMethods(trx, states, opts.methods, opts.currency);
}

/** Keeps each group's method if it may still use it (after an address change, say), else picks the first it may. */
export async function chooseMethods(
  trx: Kysely<Database>,
  states: GroupState[],
  methods: DeliveryMethodTable[],
  currency: string,
): Promise<void> {
  for (const s of states) {
    if (!s.count) continue;
    const usable = methodsFor(methods, isAllDigital(s), addressCountry(s.group.address_json), currency);
    if (s.group.delivery_method_id && usable.some((m) => m.id === s.group.delivery_method_id)) continue;
    const pick = usable[0]?.id ?? null;
    if (pick !== s.group.delivery_method_id)
      await trx
        .updateTable('cart_delivery_group')
        .set({ delivery_method_id: pick })
        .where('id', '=', s.group.id)
        .execute();
  }
}

/** The country of a delivery group's stored address, or null before it has one. */
export function addressCountry(json: string | null): string | null {
  return json ? (JSON.parse(json) as { country: string }).country : null;
}

export { isAllDigital };
