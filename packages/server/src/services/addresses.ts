// The account address book (spec 02 §7 "Addresses"; commerce-api §8). Addresses belong to an account:
// the buyer's effective account, checked by the caller's context, never an id the browser picks
// unchecked. One default per account and type: making one the default clears the others.
import type { Kysely } from 'kysely';
import {
  ADDRESS_PAGE_SIZE,
  KEY_PREFIXES,
  type AddressType,
  type CommerceAddress,
  type CommerceAddressCollection,
  type CommerceAddressInput,
  postalAddressProblem,
} from '@store/core';
import type { AddressTable, Database } from '../db/schema.ts';
import { ApiError, rejectProblem } from '../domain/errors.ts';
import { randomRecordId } from '../domain/record-ids.ts';

export interface AddressQuery {
  addressType?: AddressType;
  defaultOnly?: boolean;
  excludeUnsupportedCountries: boolean;
  shouldShowDefaultAddrFirst: boolean;
  pageSize: number;
  pageToken?: number;
  sortOrder: 'CreatedDateAsc' | 'CreatedDateDesc' | 'NameAsc' | 'NameDesc';
  addressId?: string;
}

export function addressView(a: AddressTable): CommerceAddress {
  return {
    addressId: a.id,
    addressType: a.address_type as AddressType,
    name: a.name,
    firstName: a.first_name,
    middleName: a.middle_name,
    lastName: a.last_name,
    companyName: a.company_name,
    street: a.street,
    city: a.city,
    region: a.region,
    postalCode: a.postal_code,
    country: a.country,
    phoneNumber: a.phone,
    isDefault: a.is_default === 1,
  };
}

const clean = (v: string | undefined | null): string | null =>
  v === undefined || v === null || v.trim() === '' ? null : v.trim();

export class AddressService {
  constructor(private db: Kysely<Database>) {}

  async list(accountId: string, q: AddressQuery, shippingCountries: string[]): Promise<CommerceAddressCollection> {
    let query = this.db.selectFrom('address').selectAll().where('account_id', '=', accountId);
    if (q.addressType) query = query.where('address_type', '=', q.addressType);
    if (q.defaultOnly) query = query.where('is_default', '=', 1);
    if (q.addressId) query = query.where('id', '=', q.addressId);
    // Shipping addresses the store can't deliver to are left out unless asked for (platform default: true).
    if (q.excludeUnsupportedCountries && q.addressType !== 'Billing' && shippingCountries.length)
      query = query.where('country', 'in', shippingCountries);
    if (q.shouldShowDefaultAddrFirst) query = query.orderBy('is_default', 'desc');
    query = q.sortOrder.startsWith('Name')
      ? query.orderBy('name', q.sortOrder === 'NameAsc' ? 'asc' : 'desc')
      : query.orderBy('created_at', q.sortOrder === 'CreatedDateAsc' ? 'asc' : 'desc');
    const page = q.pageToken ?? 0;
    const rows = await query
      .orderBy('id')
      .limit(q.pageSize + 1)
      .offset(page * q.pageSize)
      .execute();
    const items = rows.slice(0, q.pageSize).map(addressView);
    return {
      count: items.length,
      items,
      pageSize: q.pageSize,
      sortOrder: q.sortOrder,
      currentPageToken: String(page),
      nextPageToken: rows.length > q.pageSize ? String(page + 1) : null,
      previousPageToken: page > 0 ? String(page - 1) : null,
    };
  }

  async get(accountId: string, addressId: string): Promise<AddressTable> {
    const row = await this.db
      .selectFrom('address')
      .selectAll()
      .where('id', '=', addressId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    // Another account's address is as absent as one that never existed.
    if (!row) throw new ApiError(404, 'ITEM_NOT_FOUND', `The address ${addressId} doesn't exist in this address book.`);
    return row;
  }

  async defaultShipping(accountId: string): Promise<AddressTable | null> {
    return (
      (await this.db
        .selectFrom('address')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('address_type', '=', 'Shipping')
        .orderBy('is_default', 'desc')
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst()) ?? null
    );
  }

  async create(accountId: string, input: CommerceAddressInput, shippingCountries: string[]): Promise<CommerceAddress> {
    const type = input.addressType ?? 'Shipping';
    rejectProblem(
      postalAddressProblem({ ...input, phone: input.phoneNumber }, type === 'Shipping' ? shippingCountries : []),
    );
    const now = new Date().toISOString();
    const row: AddressTable = {
      id: randomRecordId(KEY_PREFIXES.address),
      account_id: accountId,
      address_type: type,
      name: input.name.trim(),
      first_name: clean(input.firstName),
      middle_name: clean(input.middleName),
      last_name: clean(input.lastName),
      company_name: clean(input.companyName),
      street: input.street.trim(),
      city: clean(input.city),
      region: clean(input.region)?.toUpperCase() ?? null,
      postal_code: clean(input.postalCode),
      country: input.country.toUpperCase(),
      phone: clean(input.phoneNumber),
      is_default: input.isDefault ? 1 : 0,
      created_at: now,
      updated_at: now,
    };
    await this.db.transaction().execute(async (trx) => {
      // The first address of a type becomes its default.
      const others = await trx
        .selectFrom('address')
        .select('id')
        .where('account_id', '=', accountId)
        .where('address_type', '=', type)
        .limit(1)
        .execute();
      if (!others.length) row.is_default = 1;
      if (row.is_default)
        await trx
          .updateTable('address')
          .set({ is_default: 0 })
          .where('account_id', '=', accountId)
          .where('address_type', '=', type)
          .execute();
      await trx.insertInto('address').values(row).execute();
    });
    return addressView(row);
  }

  async update(
    accountId: string,
    addressId: string,
    input: Partial<CommerceAddressInput>,
    shippingCountries: string[],
  ): Promise<CommerceAddress> {
    const current = await this.get(accountId, addressId);
    const merged = {
      name: input.name ?? current.name,
      street: input.street ?? current.street,
      country: input.country ?? current.country,
      city: input.city ?? current.city ?? undefined,
      region: input.region ?? current.region ?? undefined,
      postalCode: input.postalCode ?? current.postal_code ?? undefined,
      phone: input.phoneNumber ?? current.phone ?? undefined,
    };
    rejectProblem(postalAddressProblem(merged, current.address_type === 'Shipping' ? shippingCountries : []));
    const set: Partial<AddressTable> = { updated_at: new Date().toISOString() };
    if (input.name !== undefined) set.name = input.name.trim();
    if (input.street !== undefined) set.street = input.street.trim();
    if (input.country !== undefined) set.country = input.country.toUpperCase();
    if (input.city !== undefined) set.city = clean(input.city);
    if (input.region !== undefined) set.region = clean(input.region)?.toUpperCase() ?? null;
    if (input.postalCode !== undefined) set.postal_code = clean(input.postalCode);
    if (input.firstName !== undefined) set.first_name = clean(input.firstName);
    if (input.middleName !== undefined) set.middle_name = clean(input.middleName);
    if (input.lastName !== undefined) set.last_name = clean(input.lastName);
    if (input.companyName !== undefined) set.company_name = clean(input.companyName);
    if (input.phoneNumber !== undefined) set.phone = clean(input.phoneNumber);
    await this.db.transaction().execute(async (trx) => {
      if (input.isDefault === true) {
        await trx
          .updateTable('address')
          .set({ is_default: 0 })
          .where('account_id', '=', accountId)
          .where('address_type', '=', current.address_type)
          .execute();
        set.is_default = 1;
      } else if (input.isDefault === false) {
        set.is_default = 0;
      }
      await trx.updateTable('address').set(set).where('id', '=', current.id).execute();
    });
    return addressView(await this.get(accountId, addressId));
  }

  async remove(accountId: string, addressId: string): Promise<void> {
    const current = await this.get(accountId, addressId);
    await this.db.deleteFrom('address').where('id', '=', current.id).execute();
  }
}

export const ADDRESS_DEFAULT_PAGE_SIZE = ADDRESS_PAGE_SIZE;
