// The recommendation strip once hydrated (jsdom): shown, it reports viewReco once per answer; a card opened
// reports clickReco with its place. The sender is the page's activity sender context, recorded here.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ShopperActivity } from '@store/core';
import { installDom } from '../../test-support/dom.ts';
import { recoList, summary } from '../../test-support/recommendations.ts';
import type { RecommendationStrip as Strip } from '../../lib/signals/recommendations.ts';

installDom();
const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { ActivitySenderContext } = await import('../../lib/signals/activity-context.tsx');
const { RecommendationStrip } = await import('./RecommendationStrip.tsx');

const products = [
  summary('01t000000000060AAA', 'US Orthodontists', 'DS-00060', { unitPrice: '349.00', listPrice: '499.00' }),
  summary('01t000000000070AAA', 'UK Dentists', 'DS-00070', { unitPrice: '199.00', listPrice: '199.00' }),
];
const strip = (id: string): Strip => ({
  list: { ...recoList('CompleteTheCart', products), recommendationId: id },
  cards: products.map((p) => ({
    id: p.id,
    name: p.name,
    sku: null,
    href: `/product/${p.id}`,
    imageUrl: null,
    imageAlt: p.name,
    price: `$${p.prices!.unitPrice}`,
    originalPrice: null,
    recordCount: null,
    countries: null,
    listStatus: null,
  })),
});

const container = document.createElement('div');
document.body.append(container);
const root = createRoot(container);
after(() => act(() => root.unmount()));

describe('RecommendationStrip', () => {
  test('shows the cards under its heading, sends viewReco once per answer and clickReco on a card', async () => {
    const sent: Array<{ activity: ShopperActivity; payload: unknown }> = [];
    const sender = { send: (activity: ShopperActivity, payload: unknown) => void sent.push({ activity, payload }) };
    const render = (s: Strip) =>
      act(() =>
        root.render(
          createElement(
            ActivitySenderContext.Provider,
            { value: sender },
            createElement(RecommendationStrip, { strip: s, title: 'Complete your purchase' }),
          ),
        ),
      );
    await render(strip('answer-1'));
    const section = container.querySelector('section.reco-strip')!;
    assert.equal(section.querySelector('h2')?.textContent, 'Complete your purchase');
    assert.deepEqual(
      [...section.querySelectorAll('.card__title a')].map((a) => a.textContent),
      ['US Orthodontists', 'UK Dentists'],
    );
    assert.deepEqual(
      sent.map((s) => s.activity),
      ['viewReco'],
    );
    // The same answer rendered again (a revalidation) is not reported again; a new answer is.
    await render(strip('answer-1'));
    assert.equal(sent.length, 1);
    const second = section.querySelectorAll<HTMLAnchorElement>('.card__title a')[1]!;
    second.addEventListener('click', (e) => e.preventDefault());
    await act(async () => second.click());
    assert.deepEqual(sent[1], {
      activity: 'clickReco',
      payload: {
        recommender: 'CompleteTheCart',
        recommendationId: 'answer-1',
        anchorValues: [],
        product: { id: '01t000000000070AAA', sku: 'DS-00070', unitPrice: '199.00', listPrice: '199.00' },
        position: 2,
      },
    });
    await render(strip('answer-2'));
    assert.deepEqual(
      sent.map((s) => s.activity),
      ['viewReco', 'clickReco', 'viewReco'],
    );
  });
});
