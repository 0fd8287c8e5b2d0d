import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ACCOUNT_NAV, currentAccountNavItem } from './account-nav.ts';

test('the account navigation lists every account page once, the hub first', () => {
  assert.deepEqual(
    ACCOUNT_NAV.map((i) => i.href),
    [
      '/account',
      '/profile',
      '/orders',
      '/subscriptions',
      '/account/downloads',
      '/account/addresses',
      '/account/lists',
      '/account/password',
      '/account/agents',
    ],
  );
  assert.equal(new Set(ACCOUNT_NAV.map((i) => i.label)).size, ACCOUNT_NAV.length);
});

test('a page is marked under its entry: an order under Orders, the hub only for /account itself', () => {
  assert.equal(currentAccountNavItem('/account')?.label, 'Overview');
  assert.equal(currentAccountNavItem('/account/')?.label, 'Overview');
  assert.equal(currentAccountNavItem('/orders/801000000000001AAA')?.label, 'Orders');
  assert.equal(currentAccountNavItem('/account/addresses')?.label, 'Addresses');
  assert.equal(currentAccountNavItem('/account/lists/0wl000000000001AAA')?.label, 'Lists');
  assert.equal(currentAccountNavItem('/ordersx'), null);
  assert.equal(currentAccountNavItem('/cart'), null);
});
