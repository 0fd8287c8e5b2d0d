// The responsive wrapper in a document (jsdom): it shows its children only at the sizes it names and tells
// the page with a bubbling `responsivechange` event when the window changes size. jsdom lays nothing out,
// so the window's width is given here through a small matchMedia that reads min-/max-width in em (16px),
// the only media features the wrapper asks about; the real browser is exercised by e2e/content-pages.test.ts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { installDom } from '../../test-support/dom.ts';

const window = installDom();
let width = 375;
const lists: Array<{ media: string; matches: boolean; listeners: Set<(e: { matches: boolean }) => void> }> = [];
const evaluate = (media: string) =>
  [...media.matchAll(/\((min|max)-width:\s*([\d.]+)em\)/g)].every(([, kind, em]) =>
    kind === 'min' ? width >= Number(em) * 16 : width <= Number(em) * 16,
  );
window.matchMedia = ((media: string) => {
  const list = { media, matches: evaluate(media), listeners: new Set<(e: { matches: boolean }) => void>() };
  lists.push(list);
  return {
    media,
    get matches() {
      return evaluate(media);
    },
    addEventListener: (_: string, l: (e: { matches: boolean }) => void) => list.listeners.add(l),
    removeEventListener: (_: string, l: (e: { matches: boolean }) => void) => list.listeners.delete(l),
  };
}) as unknown as typeof window.matchMedia;
/** The window takes a new width: every query whose answer changes tells its listeners, as browsers do. */
function resize(to: number) {
  width = to;
  for (const list of lists) {
    const now = evaluate(list.media);
    if (now === list.matches) continue;
    list.matches = now;
    for (const l of list.listeners) l({ matches: now });
  }
}

const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { ResponsiveWrapper } = await import('./ResponsiveWrapper.tsx');

let container: HTMLElement;
before(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
});
after(() => container.remove());

describe('ResponsiveWrapper in the browser', () => {
  test('shows only at its sizes and fires responsivechange on each size change', async () => {
    const events: unknown[] = [];
    container.addEventListener('responsivechange', (e) => events.push((e as CustomEvent).detail));
    width = 375;
    const root = createRoot(container);
    await act(async () =>
      root.render(createElement(ResponsiveWrapper, { sizes: 'small, large' }, createElement('p', null, 'Call us'))),
    );
    const wrapper = () => container.querySelector<HTMLElement>('.rw')!;
    assert.equal(wrapper().textContent, 'Call us');
    assert.equal(wrapper().className, 'rw', 'decided: the CSS fallback classes are gone');
    assert.deepEqual(events, [{ action: 'show', media: '(max-width: 47.9375em)', size: 'small' }]);

    await act(async () => resize(800));
    assert.equal(wrapper().textContent, '');
    assert.equal(wrapper().hidden, true);
    assert.deepEqual(events.at(-1), {
      action: 'hide',
      media: '(min-width: 48em) and (max-width: 64em)',
      size: 'medium',
    });

    await act(async () => resize(1280));
    assert.equal(wrapper().textContent, 'Call us');
    assert.deepEqual(events.at(-1), { action: 'show', media: '(min-width: 64.0625em)', size: 'large' });
    assert.equal(events.length, 3);
    await act(async () => root.unmount());
  });
});
