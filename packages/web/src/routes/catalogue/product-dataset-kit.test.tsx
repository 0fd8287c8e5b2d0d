// A dataset page with its file's list builder and evaluation kit, rendered as the server renders it for a URL
// that carries a selection: a reload or a shared link shows that selection, its count and price, and adds it.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ProductPage } from './ProductPage.tsx';
import type { ProductData } from '../types.ts';
import { getServerPurifier } from '../../lib/purify-server.ts';
import { sanitizeWith, type Purifier } from '../../lib/sanitize.ts';
import { datasetProduct, productPrice, taxes } from '../../test-support/fixtures.ts';
import { datasetKit, preview, texasWithEmailCounts } from '../../test-support/dataset-kit.ts';
import type { DatasetKitData } from '../../lib/list-builder/dataset-kit.ts';

let purifier: Purifier;
before(async () => {
  purifier = await getServerPurifier();
});

function render(url: string, kit: DatasetKitData | null): string {
  const product = datasetProduct();
  const data: ProductData = {
    product,
    pricing: productPrice('999.99', '999.99', '999.99'),
    taxes,
    promotions: null,
    availableQuantity: null,
    defaultCurrency: 'USD',
    description: sanitizeWith(purifier, product.fields.B2B_Product_Description_Rich__c),
    origin: 'https://shop.example.com',
    datasetKit: kit,
  };
  return renderToString(
    <MemoryRouter initialEntries={[url]}>
      <ProductPage data={data} session={{ isGuest: true, userId: null }} />
    </MemoryRouter>,
  );
}

const plain = (html: string) => html.replace(/<!-- -->/g, '');
const jsonLd = (html: string) =>
  JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!) as {
    '@graph': { '@type': string }[];
  };

describe('dataset page with a file', () => {
  test('the URL’s selection: its values ticked, its count and price, the add button for it, its preview', () => {
    const kit = datasetKit({ counts: texasWithEmailCounts(), preview: preview() });
    const html = plain(render('/product/01t000000000001AAA?region=TX&email=1', kit));
    assert.match(html, /<h2 id="list-builder-title"[^>]*>Build your list<\/h2>/);
    assert.match(html, /data-records="36">36 records<\/span>/);
    assert.match(html, /class="list-builder__price" data-amount="99.99">\$99.99<\/span>/);
    assert.match(html, /<input type="checkbox" name="region" checked="" value="TX"\/>/);
    assert.match(html, /<input type="checkbox" name="email" checked="" value="1"\/>/);
    assert.match(html, /<input type="checkbox" name="region" value="CA"\/>/);
    assert.match(html, /Add 36 records to cart<\/button>/);
    assert.match(html, /<button type="button" class="btn btn--secondary list-builder__clear">Clear/);
    assert.match(html, /Preview of the records/);
    assert.match(html, /<td>j\*\*\*@d\*\*\*\.com<\/td>/);
    assert.match(html, /Data dictionary/);
    assert.match(html, /Freshness and licence/);
    // Order: the builder (with add to cart) above the preview, the file's facts further down.
    const at = (s: string) => html.indexOf(s);
    assert.ok(at('Build your list') < at('Add 36 records') && at('Add 36 records') < at('Preview of the records'));
    assert.ok(at('Preview of the records') < at('Data dictionary') && at('Data dictionary') < at('DOWNLOAD SAMPLE'));
    assert.deepEqual(
      jsonLd(html)['@graph'].map((n) => n['@type']),
      ['Product', 'BreadcrumbList', 'Dataset'],
    );
  });

  test('no selection: the whole list, nothing ticked, the usual Add to Cart', () => {
    const html = plain(render('/product/01t000000000001AAA', datasetKit()));
    assert.match(html, /data-records="983">983 records<\/span>/);
    assert.doesNotMatch(html, /checked=""/);
    assert.match(html, />Add to Cart<\/button>/);
    assert.match(html, /<button type="button" class="btn btn--secondary list-builder__clear" disabled=""/);
  });

  test('no preview (the call failed) and no dictionary yet: those sections are left out, the rest stays', () => {
    const html = plain(render('/product/01t000000000001AAA', datasetKit({ preview: null })));
    const bare = plain(
      render(
        '/product/01t000000000001AAA',
        datasetKit({ preview: null, evaluation: { ...datasetKit().evaluation, dictionary: [] } }),
      ),
    );
    assert.doesNotMatch(html, /Preview of the records/);
    assert.match(html, /Data dictionary/);
    assert.doesNotMatch(bare, /Data dictionary/);
    assert.match(bare, /Build your list/);
    assert.match(bare, /Freshness and licence/);
  });

  test('no counts (the call failed): no builder, and the page adds what it shows, the whole dataset', () => {
    const html = plain(render('/product/01t000000000001AAA?region=TX', datasetKit({ counts: null })));
    assert.doesNotMatch(html, /Build your list/);
    assert.match(html, />Add to Cart<\/button>/);
  });

  test('a product without a file: none of it, and the Product alone in the structured data', () => {
    const html = plain(render('/product/01t000000000001AAA?region=TX', null));
    assert.doesNotMatch(html, /Build your list|Preview of the records|Data dictionary|Freshness and licence/);
    assert.match(html, />Add to Cart<\/button>/);
    assert.deepEqual(
      jsonLd(html)['@graph'].map((n) => n['@type']),
      ['Product', 'BreadcrumbList'],
    );
  });
});
