// The account's address book (spec 02 §7 "Addresses"; commerce-api §8): list, add, change and remove addresses
// of the effective account ('current') or a named account the buyer may act for. Guests have no
// address book: the server answers 403 CPA_DISABLED (spec 02 §6).

import {
  ADDRESS_MAX_PAGE_SIZE,
  ADDRESS_PAGE_SIZE,
  effectiveAccountIdOrNull,
  type AddressType,
  type CommerceAddress,
  type CommerceAddressCollection,
  type CommerceAddressInput,
} from '@store/core';
import type { CallOptions } from './call-options.ts';
import type { Http } from './http.ts';
import { requireId, requireText } from './validate.ts';

/** The effective account's book. */
export const CURRENT_ACCOUNT = 'current';

export interface AddressCallOptions extends CallOptions {
  effectiveAccountId?: string;
  /** An account id, or 'current' (default). */
  accountId?: string;
}

export interface GetAddressesOptions extends AddressCallOptions {
  /** Spec 02 §7: true by default. */
  excludeUnsupportedCountries?: boolean;
  /** Spec 02 §7: true by default. */
  shouldShowDefaultAddrFirst?: boolean;
  /** Default 25, at most 100. */
  pageSize?: number;
  addressType?: AddressType;
  pageToken?: string;
}

export interface AddressCalls {
  getAddresses(options?: GetAddressesOptions): Promise<CommerceAddressCollection>;
  /** POST (201): the saved address with its id. */
  createAddress(address: CommerceAddressInput, options?: AddressCallOptions): Promise<CommerceAddress>;
  /** PATCH addresses/{addressId}: the changed fields (spec 02 §5: addressId is required). */
  updateAddress(
    addressId: string,
    change: Partial<CommerceAddressInput>,
    options?: AddressCallOptions,
  ): Promise<CommerceAddress>;
  /** DELETE addresses/{addressId} (204). Another account's or an unknown address: 404. */
  deleteAddress(addressId: string, options?: AddressCallOptions): Promise<void>;
}

const account = (id: string | undefined) => effectiveAccountIdOrNull(id) ?? undefined;

export function createAddressCalls(http: Http): AddressCalls {
  const book = (o: AddressCallOptions, ...rest: string[]) =>
    http.webstorePath(
      'accounts',
      o.accountId ? requireId(o.accountId, 'accountId') : CURRENT_ACCOUNT,
      'addresses',
      ...rest,
    );

  return {
    async getAddresses(o = {}) {
      const pageSize = o.pageSize ?? ADDRESS_PAGE_SIZE;
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > ADDRESS_MAX_PAGE_SIZE)
        throw new TypeError(`'pageSize' must be a whole number from 1 to ${ADDRESS_MAX_PAGE_SIZE}.`);
      const query = {
        excludeUnsupportedCountries: o.excludeUnsupportedCountries ?? true,
        shouldShowDefaultAddrFirst: o.shouldShowDefaultAddrFirst ?? true,
        pageSize,
        addressType: o.addressType,
        pageToken: o.pageToken,
        effectiveAccountId: account(o.effectiveAccountId),
      };
      return (await http.request<CommerceAddressCollection>({ path: book(o), query, signal: o.signal })).data;
    },

    async createAddress(address, o = {}) {
      if (!address || typeof address !== 'object') throw new TypeError("'address' is required and must be an object.");
      requireText(address.name, 'address.name');
      requireText(address.street, 'address.street');
      requireText(address.country, 'address.country');
      const query = { effectiveAccountId: account(o.effectiveAccountId) };
      return (
        await http.request<CommerceAddress>({ method: 'POST', path: book(o), query, body: address, signal: o.signal })
      ).data;
    },

    async updateAddress(addressId, change, o = {}) {
      const path = book(o, requireId(addressId, 'addressId'));
      const query = { effectiveAccountId: account(o.effectiveAccountId) };
      return (
        await http.request<CommerceAddress>({ method: 'PATCH', path, query, body: change ?? {}, signal: o.signal })
      ).data;
    },

    async deleteAddress(addressId, o = {}) {
      const path = book(o, requireId(addressId, 'addressId'));
      await http.request<void>({
        method: 'DELETE',
        path,
        query: { effectiveAccountId: account(o.effectiveAccountId) },
        signal: o.signal,
      });
    },
  };
}
