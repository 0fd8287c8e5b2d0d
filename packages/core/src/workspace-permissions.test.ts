import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mayDo, WORKSPACE_ACTIONS, workspaceRole } from './workspace-permissions.ts';

test('the administrator may take every workspace action', () => {
  for (const a of WORKSPACE_ACTIONS) assert.equal(mayDo('admin', a), true, a);
});

test('the catalogue manager changes the catalogue, promotions and content and reads insights, never settings, refunds or the audit log', () => {
  const allowed = WORKSPACE_ACTIONS.filter((a) => mayDo('catalogue_manager', a));
  assert.deepEqual(allowed, [
    'catalogue.read',
    'catalogue.write',
    'promotions.read',
    'promotions.write',
    'content.read',
    'content.write',
    'insights.read',
  ]);
});

test('shoppers, buyers and guests have no workspace role and may do nothing', () => {
  assert.equal(workspaceRole(null), null);
  assert.equal(workspaceRole({ id: '005000000000002AAA', role: 'shopper' }), null);
  assert.equal(workspaceRole({ id: '005000000000003AAA', role: 'buyer' }), null);
  for (const a of WORKSPACE_ACTIONS) assert.equal(mayDo(null, a), false, a);
});

test('userId 1 is the administrator whatever its stored role; roles are read from the user', () => {
  assert.equal(workspaceRole({ id: '1', role: 'buyer' }), 'admin');
  assert.equal(workspaceRole({ id: '005000000000009AAA', role: 'admin' }), 'admin');
  assert.equal(workspaceRole({ id: '005000000000009AAA', role: 'catalogue_manager' }), 'catalogue_manager');
});
