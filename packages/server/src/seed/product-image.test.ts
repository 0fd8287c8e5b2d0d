import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { productImageSvg, wrapText } from '../datasets/product-image.ts';

describe('product image', () => {
  const product = {
    sku: 'DS-00001',
    name: 'US Bars & Taverns <Full> "Contact" – a very long product name that has to wrap',
    sicDivision: 'Retail Trade',
  };

  it('is a small, deterministic, well-formed SVG', () => {
    for (const size of ['full', 'thumb'] as const) {
      const svg = productImageSvg(product, size);
      assert.equal(svg, productImageSvg(product, size));
      assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'));
      assert.ok(svg.endsWith('</svg>'));
      assert.ok(Buffer.byteLength(svg) < 2_048, `${size} is ${Buffer.byteLength(svg)} bytes`);
      assert.ok(svg.includes('#c0392b'), 'retail trade colour');
    }
    assert.ok(productImageSvg(product, 'full').includes('width="600"'));
    assert.ok(productImageSvg(product, 'thumb').includes('width="200"'));
  });

  it('escapes XML in the name', () => {
    const svg = productImageSvg(product, 'full');
    assert.ok(svg.includes('&amp;') && svg.includes('&lt;Full&gt;') && svg.includes('&quot;Contact&quot;'));
    assert.doesNotMatch(svg.replace(/<\/?[a-z][^<>]*>/g, ''), /[<>]/);
  });

  it('falls back to a neutral tile without a division', () => {
    assert.ok(productImageSvg({ sku: 'XX-1', name: 'Something' }).includes('#3d4b5c'));
  });

  it('wraps words and marks cut text', () => {
    assert.deepEqual(wrapText('one two three four', 9, 5), ['one two', 'three', 'four']);
    const cut = wrapText('aaaa bbbb cccc dddd eeee', 9, 2);
    assert.equal(cut.length, 2);
    assert.ok(cut[1].endsWith('…'));
  });
});

describe('category image', () => {
  it('draws a division tile or a neutral one', async () => {
    const { categoryImageSvg } = await import('../datasets/product-image.ts');
    const svg = categoryImageSvg({ name: 'Health & Services', urlName: 'services', sicDivision: 'I' });
    assert.ok(svg.includes('#0f5a8a') && svg.includes('Health &amp; Services') && svg.includes('SIC Division I'));
    assert.ok(
      Buffer.byteLength(categoryImageSvg({ name: 'Printed Directories', urlName: 'printed-directories' }, 'thumb')) <
        2_048,
    );
  });
});
