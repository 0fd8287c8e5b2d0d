import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createMemoryStorage,
  createSessionStore,
  EFFECTIVE_ACCOUNT_KEY,
  GUEST_USER_DETAILS_KEY,
  type StorageLike,
} from './session-storage.ts';

const ADDRESS = { street: '1 Harbour Way', city: 'Seattle', state: 'WA', zip: '98101', country: 'US' };

function setup() {
  const storage = createMemoryStorage();
  return { storage, store: createSessionStore(storage) };
}

describe('effective account', () => {
  it('keeps id, name, isCurrentUserDefaultAccount and address', () => {
    const { store } = setup();
    assert.equal(store.getEffectiveAccount(), null);
    store.setEffectiveAccount({
      id: '001000000000002AAA',
      name: 'Northwind Traders',
      isCurrentUserDefaultAccount: true,
      address: ADDRESS,
    });
    assert.deepEqual(store.getEffectiveAccount(), {
      id: '001000000000002AAA',
      name: 'Northwind Traders',
      isCurrentUserDefaultAccount: true,
      address: ADDRESS,
    });
  });

  it('takes isCurrentUserDefaultAccount from isMyAccount of a managed-accounts entry', () => {
    const { store } = setup();
    store.setEffectiveAccountFrom({
      accountId: '001000000000003AAA',
      accountName: 'Contoso Dental Group',
      isMyAccount: false,
      address: null,
    });
    assert.deepEqual(store.getEffectiveAccount(), {
      id: '001000000000003AAA',
      name: 'Contoso Dental Group',
      isCurrentUserDefaultAccount: false,
      address: null,
    });
    store.setEffectiveAccountFrom({
      accountId: '001000000000002AAA',
      accountName: 'Northwind Traders',
      isMyAccount: true,
      address: ADDRESS,
    });
    assert.equal(store.getEffectiveAccount()?.isCurrentUserDefaultAccount, true);
  });

  it('never stores the all-zero 15-character id: setting it clears the account', () => {
    const { store, storage } = setup();
    store.setEffectiveAccount({
      id: '001000000000002AAA',
      name: 'N',
      isCurrentUserDefaultAccount: true,
      address: null,
    });
    store.setEffectiveAccount({
      id: '000000000000000',
      name: 'Nobody',
      isCurrentUserDefaultAccount: false,
      address: null,
    });
    assert.equal(store.getEffectiveAccount(), null);
    assert.equal(storage.getItem(EFFECTIVE_ACCOUNT_KEY), null);
    store.setEffectiveAccount({ id: ' ', name: 'Blank', isCurrentUserDefaultAccount: false, address: null });
    assert.equal(storage.getItem(EFFECTIVE_ACCOUNT_KEY), null);
  });

  it('ignores an all-zero or damaged stored value', () => {
    const { store, storage } = setup();
    storage.setItem(EFFECTIVE_ACCOUNT_KEY, JSON.stringify({ id: '000000000000000', name: 'x' }));
    assert.equal(store.getEffectiveAccount(), null);
    storage.setItem(EFFECTIVE_ACCOUNT_KEY, '{not json');
    assert.equal(store.getEffectiveAccount(), null);
    storage.setItem(EFFECTIVE_ACCOUNT_KEY, JSON.stringify({ id: '001000000000002AAA', address: { city: '  ' } }));
    assert.deepEqual(store.getEffectiveAccount(), {
      id: '001000000000002AAA',
      name: '',
      isCurrentUserDefaultAccount: false,
      address: null,
    });
  });

  it('clears', () => {
    const { store } = setup();
    store.setEffectiveAccount({
      id: '001000000000002AAA',
      name: 'N',
      isCurrentUserDefaultAccount: true,
      address: null,
    });
    store.clearEffectiveAccount();
    assert.equal(store.getEffectiveAccount(), null);
  });
});

describe('guest user details', () => {
  it('keeps lastName, email and phoneNumber; blank values count as absent', () => {
    const { store, storage } = setup();
    assert.equal(store.getGuestUserDetails(), null);
    assert.equal(
      store.updateGuestUserDetails(
        { lastName: 'Jordan', email: ' casey@example.com ', phoneNumber: '  ' },
        { isLoggedIn: false },
      ),
      true,
    );
    assert.deepEqual(store.getGuestUserDetails(), { lastName: 'Jordan', email: 'casey@example.com' });
    assert.deepEqual(JSON.parse(storage.getItem(GUEST_USER_DETAILS_KEY)!), {
      lastName: 'Jordan',
      email: 'casey@example.com',
    });
  });

  it('merges updates; a blank value removes the field; all blank removes the entry', () => {
    const { store, storage } = setup();
    store.updateGuestUserDetails({ lastName: 'Jordan', email: 'casey@example.com' }, { isLoggedIn: false });
    store.updateGuestUserDetails({ phoneNumber: '555-0100' }, { isLoggedIn: false });
    assert.deepEqual(store.getGuestUserDetails(), {
      lastName: 'Jordan',
      email: 'casey@example.com',
      phoneNumber: '555-0100',
    });
    store.updateGuestUserDetails({ email: '' }, { isLoggedIn: false });
    assert.deepEqual(store.getGuestUserDetails(), { lastName: 'Jordan', phoneNumber: '555-0100' });
    store.updateGuestUserDetails({ lastName: '', phoneNumber: ' ' }, { isLoggedIn: false });
    assert.equal(store.getGuestUserDetails(), null);
    assert.equal(storage.getItem(GUEST_USER_DETAILS_KEY), null);
  });

  it('an update is ignored when the user is logged in (spec 01 §4)', () => {
    const { store } = setup();
    store.updateGuestUserDetails({ lastName: 'Jordan' }, { isLoggedIn: false });
    assert.equal(store.updateGuestUserDetails({ lastName: 'Other', email: 'x@y.z' }, { isLoggedIn: true }), false);
    assert.deepEqual(store.getGuestUserDetails(), { lastName: 'Jordan' });
  });

  it('drops fields it does not know and values that are not text', () => {
    const { store, storage } = setup();
    storage.setItem(GUEST_USER_DETAILS_KEY, JSON.stringify({ lastName: 7, email: 'a@b.c', password: 'secret' }));
    assert.deepEqual(store.getGuestUserDetails(), { email: 'a@b.c' });
  });
});

describe('storage faults', () => {
  it('a storage that throws on every call never breaks the page', () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const store = createSessionStore(broken);
    store.setEffectiveAccount({
      id: '001000000000002AAA',
      name: 'N',
      isCurrentUserDefaultAccount: true,
      address: null,
    });
    assert.equal(store.getEffectiveAccount(), null);
    assert.equal(store.updateGuestUserDetails({ lastName: 'J' }, { isLoggedIn: false }), true);
    store.clear();
  });

  it('clear forgets both entries', () => {
    const { store } = setup();
    store.setEffectiveAccount({
      id: '001000000000002AAA',
      name: 'N',
      isCurrentUserDefaultAccount: true,
      address: null,
    });
    store.updateGuestUserDetails({ lastName: 'J' }, { isLoggedIn: false });
    store.clear();
    assert.equal(store.getEffectiveAccount(), null);
    assert.equal(store.getGuestUserDetails(), null);
  });
});
