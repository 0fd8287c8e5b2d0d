import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sharedSnapshotId, sharesGuestCatalogue } from './catalogue-scope.ts';

test('guest catalogue data is shared only with one entitlement policy and guest browsing on', () => {
  assert.equal(sharesGuestCatalogue({ usesSingleEntitlementPolicy: true, guestBrowsingEnabled: true }), true);
  assert.equal(sharesGuestCatalogue({ usesSingleEntitlementPolicy: false, guestBrowsingEnabled: true }), false);
  assert.equal(sharesGuestCatalogue({ usesSingleEntitlementPolicy: true, guestBrowsingEnabled: false }), false);
  assert.equal(sharesGuestCatalogue({}), false);
  assert.equal(sharesGuestCatalogue(null), false);
});

test('the shared snapshot is used outside preview and only when the store publishes one', () => {
  const app = {
    usesSingleEntitlementPolicy: true,
    guestBrowsingEnabled: true,
    catalogSnapshotVersionId: '0cv000000000001AAA',
  };
  assert.equal(sharedSnapshotId(app, false), '0cv000000000001AAA');
  assert.equal(sharedSnapshotId(app, true), null);
  assert.equal(sharedSnapshotId({ ...app, catalogSnapshotVersionId: null as unknown as string }, false), null);
  assert.equal(sharedSnapshotId({ ...app, usesSingleEntitlementPolicy: false }, false), null);
});
