import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  HOME_BREADCRUMB_EXTRA,
  MAX_BREADCRUMB_ITEMS,
  buildBreadcrumbs,
  categoryHref,
  categoryPathToBreadcrumbs,
} from './breadcrumbs.ts';

const crumbs = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `L${i + 1}`, href: `/c/${i + 1}` }));

test('limits are 5 items plus 1 for home', () => {
  assert.equal(MAX_BREADCRUMB_ITEMS, 5);
  assert.equal(HOME_BREADCRUMB_EXTRA, 1);
});

test('with home: at most 6 items, keeping home and the 5 deepest', () => {
  const t = buildBreadcrumbs(crumbs(8), { showHome: true });
  assert.equal(t.items.length, 6);
  assert.deepEqual(
    t.items.map((i) => i.label),
    ['Home', 'L4', 'L5', 'L6', 'L7', 'L8'],
  );
  assert.equal(t.items[0]!.isHome, true);
  assert.equal(t.items[0]!.href, '/');
  assert.equal(t.truncated, true);
});

test('without home: at most 5 items, the deepest', () => {
  const t = buildBreadcrumbs(crumbs(6), { showHome: false });
  assert.deepEqual(
    t.items.map((i) => i.label),
    ['L2', 'L3', 'L4', 'L5', 'L6'],
  );
  assert.equal(t.truncated, true);
});

test('exactly 5 items are not cut', () => {
  const t = buildBreadcrumbs(crumbs(5), { showHome: true });
  assert.equal(t.items.length, 6);
  assert.equal(t.truncated, false);
  assert.equal(buildBreadcrumbs(crumbs(5), { showHome: false }).items.length, 5);
});

test('home is shown by default with its label', () => {
  const t = buildBreadcrumbs(crumbs(1));
  assert.deepEqual(
    t.items.map((i) => i.label),
    ['Home', 'L1'],
  );
  assert.equal(buildBreadcrumbs(crumbs(1), { homeLabel: 'Start', homeHref: '/s' }).items[0]!.href, '/s');
});

test('last item is plain text by default, or a link when asked', () => {
  const text = buildBreadcrumbs(crumbs(3), { showHome: false });
  assert.equal(text.items[2]!.href, null);
  assert.equal(text.items[2]!.isCurrent, true);
  assert.equal(text.items[1]!.href, '/c/2');
  assert.equal(text.items[1]!.isCurrent, false);
  const link = buildBreadcrumbs(crumbs(3), { showHome: false, lastItemAsLink: true });
  assert.equal(link.items[2]!.href, '/c/3');
  assert.equal(link.items[2]!.isCurrent, true);
});

test('divider is a slash or a greater-than sign', () => {
  assert.equal(buildBreadcrumbs(crumbs(2)).divider, '/');
  assert.equal(buildBreadcrumbs(crumbs(2), { divider: 'slash' }).divider, '/');
  assert.equal(buildBreadcrumbs(crumbs(2), { divider: 'greaterThan' }).divider, '>');
});

test('small screens: hidden entirely, or cut to a maximum depth', () => {
  assert.equal(buildBreadcrumbs(crumbs(4), { isSmallScreen: true, hideOnSmallScreen: true }).visible, false);
  assert.equal(buildBreadcrumbs(crumbs(4), { isSmallScreen: false, hideOnSmallScreen: true }).visible, true);
  const cut = buildBreadcrumbs(crumbs(5), { showHome: false, isSmallScreen: true, maxDepthOnSmallScreen: 3 });
  assert.deepEqual(
    cut.items.map((i) => i.label),
    ['L3', 'L4', 'L5'],
  );
  assert.equal(cut.truncated, true);
  // Depth does not apply on large screens.
  assert.equal(buildBreadcrumbs(crumbs(5), { showHome: false, maxDepthOnSmallScreen: 3 }).items.length, 5);
  // Home stays on top of the cut trail.
  const withHome = buildBreadcrumbs(crumbs(5), { showHome: true, isSmallScreen: true, maxDepthOnSmallScreen: 2 });
  assert.deepEqual(
    withHome.items.map((i) => i.label),
    ['Home', 'L4', 'L5'],
  );
});

test('dataset page settings: slash, no home, last not a link, depth 3 on mobile', () => {
  const opts = {
    divider: 'slash' as const,
    showHome: false,
    lastItemAsLink: false,
    maxDepthOnSmallScreen: 3,
    isSmallScreen: true,
  };
  const t = buildBreadcrumbs(
    [
      ...categoryPathToBreadcrumbs([
        { id: '0ZG000000000001AAA', name: 'Data', urlName: 'data' },
        { id: '0ZG000000000002AAA', name: 'B2B', urlName: null },
        { id: '0ZG000000000003AAA', name: 'Retail', urlName: 'retail' },
      ]),
      { label: 'Retail Contacts' },
    ],
    opts,
  );
  assert.deepEqual(
    t.items.map((i) => [i.label, i.href]),
    [
      ['B2B', '/category/0ZG000000000002AAA'],
      ['Retail', '/category/retail'],
      ['Retail Contacts', null],
    ],
  );
});

test('category links use the url name, else the record id', () => {
  assert.equal(categoryHref({ id: '0ZG000000000001AAA', urlName: 'office-supplies' }), '/category/office-supplies');
  assert.equal(categoryHref({ id: '0ZG000000000001AAA', urlName: null }), '/category/0ZG000000000001AAA');
  assert.equal(categoryHref({ id: '0ZG000000000001AAA', urlName: '  ' }), '/category/0ZG000000000001AAA');
  assert.equal(categoryHref({ id: 'x', urlName: 'a b/c' }), '/category/a%20b%2Fc');
});

test('empty trail without home is not visible', () => {
  assert.equal(buildBreadcrumbs([], { showHome: false }).visible, false);
});
