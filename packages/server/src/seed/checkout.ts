// The demo store's delivery methods and address books. Datasets are delivered by download (a free
// Digital method); printed directories ship from the warehouses with a fee by speed, and abroad by an
// international service. Each demo account gets its billing address as its default shipping address,
// and Northwind a second warehouse address. Idempotent: a store with delivery methods keeps them.
import type { Kysely } from 'kysely';
import type { AddressTable, Database, DeliveryMethodTable } from '../db/schema.ts';
import { KEY_PREFIX, formatId } from '../domain/record-ids.ts';
import { WEBSTORE_ID } from './store.ts';

export const DELIVERY_METHOD_IDS = {
  digital: formatId(KEY_PREFIX.deliveryMethod, 1),
  ground: formatId(KEY_PREFIX.deliveryMethod, 2),
  express: formatId(KEY_PREFIX.deliveryMethod, 3),
  international: formatId(KEY_PREFIX.deliveryMethod, 4),
} as const;

export function demoDeliveryMethods(webstoreId = WEBSTORE_ID): DeliveryMethodTable[] {
  const base = { webstore_id: webstoreId, currency: 'USD', is_active: 1 };
  return [
    {
      ...base,
      id: DELIVERY_METHOD_IDS.digital,
      name: 'Secure download',
      carrier: null,
      class_of_service: 'Download link by email and on the order page',
      kind: 'Digital',
      fee_minor: 0,
      countries_json: null,
      process_time: 1,
      process_time_unit: 'Hours',
      transit_time_min: 0,
      transit_time_max: 0,
      transit_time_unit: 'Hours',
      sort_order: 1,
    },
    {
      ...base,
      id: DELIVERY_METHOD_IDS.ground,
      name: 'Standard Ground',
      carrier: 'UPS',
      class_of_service: 'UPS Ground',
      kind: 'Shipped',
      fee_minor: 995,
      countries_json: JSON.stringify(['US']),
      process_time: 2,
      process_time_unit: 'Days',
      transit_time_min: 3,
      transit_time_max: 5,
      transit_time_unit: 'Days',
      sort_order: 2,
    },
    {
      ...base,
      id: DELIVERY_METHOD_IDS.express,
      name: 'Express 2-Day',
      carrier: 'FedEx',
      class_of_service: 'FedEx 2Day',
      kind: 'Shipped',
      fee_minor: 2495,
      countries_json: JSON.stringify(['US']),
      process_time: 1,
      process_time_unit: 'Days',
      transit_time_min: 2,
      transit_time_max: 2,
      transit_time_unit: 'Days',
      sort_order: 3,
    },
    {
      ...base,
      id: DELIVERY_METHOD_IDS.international,
      name: 'International Priority',
      carrier: 'DHL',
      class_of_service: 'DHL Express Worldwide',
      kind: 'Shipped',
      fee_minor: 3900,
      countries_json: JSON.stringify(['CA', 'GB', 'DE', 'FR', 'AU', 'JP']),
      process_time: 2,
      process_time_unit: 'Days',
      transit_time_min: 4,
      transit_time_max: 8,
      transit_time_unit: 'Days',
      sort_order: 4,
    },
  ];
}

interface BillingJson {
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export async function seedCheckout(db: Kysely<Database>, webstoreId = WEBSTORE_ID): Promise<void> {
  const store = await db.selectFrom('webstore').select('id').where('id', '=', webstoreId).executeTakeFirst();
  if (!store) return;
  const existing = await db
    .selectFrom('delivery_method')
    .select('id')
    .where('webstore_id', '=', webstoreId)
    .limit(1)
    .executeTakeFirst();
  if (existing) return;
  const accounts = await db.selectFrom('account').select(['id', 'name', 'billing_json']).orderBy('id').execute();
  const now = new Date().toISOString();
  const addresses: AddressTable[] = [];
  accounts.forEach((a, i) => {
    if (!a.billing_json) return;
    const b = JSON.parse(a.billing_json) as BillingJson;
    addresses.push({
      id: formatId(KEY_PREFIX.address, i * 2 + 1),
      account_id: a.id,
      address_type: 'Shipping',
      name: a.name,
      first_name: null,
      middle_name: null,
      last_name: null,
      company_name: a.name,
      street: b.street,
      city: b.city,
      region: b.state,
      postal_code: b.zip,
      country: b.country,
      phone: null,
      is_default: 1,
      created_at: now,
      updated_at: now,
    });
    if (a.name === 'Northwind Traders') {
      addresses.push({
        id: formatId(KEY_PREFIX.address, i * 2 + 2),
        account_id: a.id,
        address_type: 'Shipping',
        name: 'Northwind Receiving',
        first_name: null,
        middle_name: null,
        last_name: null,
        company_name: 'Northwind Traders',
        street: '77 Industrial Way\nDock 4',
        city: 'Tacoma',
        region: 'WA',
        postal_code: '98402',
        country: 'US',
        phone: '2535550148',
        is_default: 0,
        created_at: now,
        updated_at: now,
      });
    }
  });
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('delivery_method').values(demoDeliveryMethods(webstoreId)).execute();
    if (addresses.length) await trx.insertInto('address').values(addresses).execute();
  });
}
