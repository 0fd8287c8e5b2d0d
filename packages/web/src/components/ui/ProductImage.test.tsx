// What the browser is given for a product image: a srcset with the spec's 640w, 960w and 1920w
// renditions (valid by the HTML rules), a sizes attribute for its layout, the alternative text, and
// the original as src; an image from elsewhere as it is, without candidates that would not exist.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToStaticMarkup } from 'react-dom/server';
import { parseSrcSet } from '@store/core';
import { ProductImage, PRODUCT_IMAGE_LAYOUTS, type ProductImageLayout } from './ProductImage.tsx';

/** The img tag's attributes, names in lower case as HTML reads them. */
function attrs(html: string): Record<string, string> {
  const tags = [...html.matchAll(/<img ([^>]*?)\/?>/g)];
  assert.equal(tags.length, 1, `one img tag: ${html}`);
  return Object.fromEntries(
    [...tags[0]![1]!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((m) => [
      m[1]!.toLowerCase(),
      m[2]!.replace(/&amp;/g, '&'),
    ]),
  );
}

const URL = '/media/products/DS-00001.svg?size=thumb&v=0123456789abcdef';

describe('a product image', () => {
  for (const layout of Object.keys(PRODUCT_IMAGE_LAYOUTS) as ProductImageLayout[])
    test(`${layout}: a valid srcset with 640w, 960w and 1920w renditions, never below 100w, and sizes`, () => {
      const a = attrs(
        renderToStaticMarkup(<ProductImage url={URL} alt="US Dentists" layout={layout} width={400} height={300} />),
      );
      const candidates = parseSrcSet(a.srcset ?? '');
      assert.ok(candidates, `valid srcset: ${a.srcset}`);
      const widths = candidates.map((c) => c.width!);
      for (const w of [640, 960, 1920]) assert.ok(widths.includes(w), `${w}w in ${a.srcset}`);
      assert.ok(Math.min(...widths) >= 100);
      for (const c of candidates)
        assert.equal(c.url, `/media/products/DS-00001/${c.width}.webp?size=thumb&v=0123456789abcdef`);
      assert.equal(a.sizes, PRODUCT_IMAGE_LAYOUTS[layout].sizes);
      assert.equal(a.alt, 'US Dentists');
      assert.equal(a.src, URL);
      assert.equal(a.width, '400');
      assert.equal(a.height, '300');
    });

  test('the main image loads at once, the others lazily', () => {
    const main = attrs(
      renderToStaticMarkup(<ProductImage url={URL} alt="x" layout="page" width={1} height={1} eager />),
    );
    const other = attrs(renderToStaticMarkup(<ProductImage url={URL} alt="x" layout="page" width={1} height={1} />));
    assert.equal(main.loading, 'eager');
    assert.equal(other.loading, 'lazy');
  });

  test('an image from elsewhere is shown as it is, with no srcset or sizes', () => {
    const a = attrs(
      renderToStaticMarkup(
        <ProductImage url="https://cdn.example.com/p.jpg" alt="Photo" layout="tile" width={400} height={300} />,
      ),
    );
    assert.equal(a.src, 'https://cdn.example.com/p.jpg');
    assert.equal(a.srcset, undefined);
    assert.equal(a.sizes, undefined);
    assert.equal(a.alt, 'Photo');
  });
});
