import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AdminCategory } from '@store/core';
import { categoryProblems, movedOrder, possibleParents } from './category-form.ts';

const cat = (id: string, parentId: string | null): AdminCategory => ({
  id,
  name: id,
  urlName: id,
  parentId,
  path: id,
  depth: parentId ? 1 : 0,
  publishStatus: 'Live',
  sortOrder: 0,
});
// Menu order: a, its children a1 and a2 (a2 has a21), then b.
const tree = [cat('a', null), cat('a1', 'a'), cat('a2', 'a'), cat('a21', 'a2'), cat('b', null)];

describe('category form rules', () => {
  it('moves a category one step among its siblings only', () => {
    assert.deepEqual(movedOrder(tree, 'a2', -1), { parentId: 'a', categoryIds: ['a2', 'a1'] });
    assert.deepEqual(movedOrder(tree, 'a', 1), { parentId: null, categoryIds: ['b', 'a'] });
    assert.equal(movedOrder(tree, 'a1', -1), null, 'already first');
    assert.equal(movedOrder(tree, 'b', 1), null, 'already last');
  });

  it('offers every parent but the category and what is inside it', () => {
    assert.deepEqual(
      possibleParents(tree, 'a2').map((c) => c.id),
      ['a', 'a1', 'b'],
    );
    assert.equal(possibleParents(tree, null).length, tree.length);
  });

  it('says what the server would refuse: a blank name, a url name outside the slug rule', () => {
    assert.deepEqual(categoryProblems({ name: 'Vets' }, false), null);
    assert.equal(categoryProblems({ name: '' }, false)?.name, 'Complete this field');
    assert.match(categoryProblems({ name: 'Vets', urlName: 'Vets & Pets' }, false)!.urlName!, /lowercase letters/);
    assert.ok(categoryProblems({ name: 'Vets', urlName: '' }, true)?.urlName, 'an edit keeps a url name');
  });
});
