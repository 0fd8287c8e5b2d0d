// What the storefront keeps in the browser's session storage (spec 01 §3): the effective account a
// buyer acts for and a guest's own details. Session storage ends with the tab, like the session it
// mirrors. The storage is injectable so the rules run (and are tested) without a browser.

import { effectiveAccountIdOrNull, type AccountAddress, type ExternalManagedAccount } from '@store/core';

/** The part of the Web Storage interface used here. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Spec 01 §3 "Effective account". */
export interface EffectiveAccount {
  id: string;
  name: string;
  /** Taken from isMyAccount: the account is the user's own, not one they manage. */
  isCurrentUserDefaultAccount: boolean;
  address: AccountAddress | null;
}

/** Spec 01 §3 "Guest user details": blank values are treated as absent. */
export interface GuestUserDetails {
  lastName?: string;
  email?: string;
  phoneNumber?: string;
}

export const EFFECTIVE_ACCOUNT_KEY = 'commerce.effectiveAccount';
export const GUEST_USER_DETAILS_KEY = 'commerce.guestUserDetails';
const GUEST_FIELDS = ['lastName', 'email', 'phoneNumber'] as const;

export interface SessionStore {
  getEffectiveAccount(): EffectiveAccount | null;
  /** Stores the account; the all-zero or a blank id clears it instead (it means "no account"). */
  setEffectiveAccount(account: EffectiveAccount): void;
  /** Stores an entry of the managed-accounts list as the effective account. */
  setEffectiveAccountFrom(account: ExternalManagedAccount): void;
  clearEffectiveAccount(): void;
  getGuestUserDetails(): GuestUserDetails | null;
  /**
   * Merges the given details into the stored ones; a blank value removes that field. Ignored, and
   * false returned, when the user is logged in (spec 01 §4): their details live in their profile.
   */
  updateGuestUserDetails(details: GuestUserDetails, session: { isLoggedIn: boolean }): boolean;
  clearGuestUserDetails(): void;
  /** Forget everything (logout, session timeout). */
  clear(): void;
}

/** Storage that keeps nothing beyond this object: for Node, or a browser that refuses storage. */
export function createMemoryStorage(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** The browser's sessionStorage, or memory when there is none (server) or it throws (privacy modes, sandboxed frames). */
export function defaultSessionStorage(): StorageLike {
  try {
    const storage = (globalThis as { sessionStorage?: StorageLike }).sessionStorage;
    if (storage) {
      const probe = `${EFFECTIVE_ACCOUNT_KEY}.probe`;
      storage.setItem(probe, '1');
      storage.removeItem(probe);
      return storage;
    }
  } catch {
    // fall through to memory
  }
  return createMemoryStorage();
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

function cleanAddress(value: unknown): AccountAddress | null {
  if (!value || typeof value !== 'object') return null;
  const a = value as Record<string, unknown>;
  const address: AccountAddress = {
    street: text(a.street) ?? null,
    city: text(a.city) ?? null,
    state: text(a.state) ?? null,
    zip: text(a.zip) ?? null,
    country: text(a.country) ?? null,
  };
  return Object.values(address).some((v) => v !== null) ? address : null;
}

function cleanGuestDetails(value: unknown): GuestUserDetails {
  const out: GuestUserDetails = {};
  if (!value || typeof value !== 'object') return out;
  for (const field of GUEST_FIELDS) {
    const v = text((value as Record<string, unknown>)[field]);
    if (v !== undefined) out[field] = v;
  }
  return out;
}

export function createSessionStore(storage: StorageLike = defaultSessionStorage()): SessionStore {
  // Storage can throw on write (quota, privacy modes) and hold anything on read (another script,
  // an older version): neither may break the page, so writes are best effort and reads are checked.
  const read = (key: string): unknown => {
    try {
      const raw = storage.getItem(key);
      return raw === null ? null : (JSON.parse(raw) as unknown);
    } catch {
      return null;
    }
  };
  const write = (key: string, value: unknown) => {
    try {
      storage.setItem(key, JSON.stringify(value));
    } catch {
      // best effort
    }
  };
  const remove = (key: string) => {
    try {
      storage.removeItem(key);
    } catch {
      // best effort
    }
  };

  const store: SessionStore = {
    getEffectiveAccount() {
      const v = read(EFFECTIVE_ACCOUNT_KEY) as Partial<EffectiveAccount> | null;
      const id = effectiveAccountIdOrNull(typeof v?.id === 'string' ? v.id : null);
      if (!v || !id) return null;
      return {
        id,
        name: typeof v.name === 'string' ? v.name : '',
        isCurrentUserDefaultAccount: v.isCurrentUserDefaultAccount === true,
        address: cleanAddress(v.address),
      };
    },

    setEffectiveAccount(account) {
      const id = effectiveAccountIdOrNull(account?.id);
      if (!id) return remove(EFFECTIVE_ACCOUNT_KEY);
      write(EFFECTIVE_ACCOUNT_KEY, {
        id,
        name: text(account.name) ?? '',
        isCurrentUserDefaultAccount: account.isCurrentUserDefaultAccount === true,
        address: cleanAddress(account.address),
      } satisfies EffectiveAccount);
    },

    setEffectiveAccountFrom(account) {
      store.setEffectiveAccount({
        id: account.accountId,
        name: account.accountName,
        isCurrentUserDefaultAccount: account.isMyAccount === true,
        address: account.address,
      });
    },

    clearEffectiveAccount: () => remove(EFFECTIVE_ACCOUNT_KEY),

    getGuestUserDetails() {
      const details = cleanGuestDetails(read(GUEST_USER_DETAILS_KEY));
      return Object.keys(details).length ? details : null;
    },

    updateGuestUserDetails(details, session) {
      if (session.isLoggedIn) return false;
      const merged: Record<string, unknown> = { ...(store.getGuestUserDetails() ?? {}) };
      for (const field of GUEST_FIELDS) {
        if (details && field in details) merged[field] = details[field];
      }
      const cleaned = cleanGuestDetails(merged);
      if (Object.keys(cleaned).length) write(GUEST_USER_DETAILS_KEY, cleaned);
      else remove(GUEST_USER_DETAILS_KEY);
      return true;
    },

    clearGuestUserDetails: () => remove(GUEST_USER_DETAILS_KEY),

    clear() {
      remove(EFFECTIVE_ACCOUNT_KEY);
      remove(GUEST_USER_DETAILS_KEY);
    },
  };
  return store;
}
