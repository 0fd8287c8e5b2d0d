import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import { ProductPage } from './ProductPage.tsx';
import { formatCount, splitList } from '../../lib/catalogue/product-view.ts';
import type { ProductData, SessionInfo } from '../types.ts';
import { getServerPurifier } from '../../lib/purify-server.ts';
import { sanitizeWith, type Purifier } from '../../lib/sanitize.ts';
import { datasetProduct, productPrice, taxes } from '../../test-support/fixtures.ts';

let purifier: Purifier;
before(async () => {
  purifier = await getServerPurifier();
});

const GUEST: SessionInfo = { isGuest: true, userId: null };

function page(
  opts: {
    overrides?: Record<string, string | null>;
    price?: ReturnType<typeof productPrice> | null;
    session?: SessionInfo | null;
    promotions?: ProductData['promotions'];
    product?: ProductData['product'];
  } = {},
): string {
  const product = opts.product ?? datasetProduct(opts.overrides);
  const data: ProductData = {
    product,
    pricing: opts.price === undefined ? productPrice('499.00', '399.00', '349.00') : opts.price,
    taxes,
    promotions: opts.promotions ?? null,
    availableQuantity: null,
    defaultCurrency: 'USD',
    description: sanitizeWith(purifier, product.fields.B2B_Product_Description_Rich__c),
    origin: 'https://shop.example.com',
  };
  return renderToString(<ProductPage data={data} session={opts.session === undefined ? GUEST : opts.session} />);
}

/** Text a shopper sees (tags removed, hidden elements kept: callers check `hidden` separately). */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('dataset product page', () => {
  test('shows the parts of spec 03 §2.2 in order', () => {
    const out = page();
    const order = [
      'aria-label="Breadcrumbs"',
      '<h1 id="product-title"',
      'class="price__main"',
      'Add to Cart',
      'class="rich-text pdp__description"',
      'Here&#x27;s what you get:',
      'List Status',
      'Record Count',
      'DOWNLOAD SAMPLE',
      'Related Datasets',
      'href="/store/product/',
      'application/ld+json',
    ];
    let at = -1;
    for (const marker of order) {
      const i = out.indexOf(marker);
      assert.ok(i > at, `${marker} should come after the previous part`);
      at = i;
    }
  });

  test('breadcrumbs: category path then the product as plain text, slash dividers, no home link', () => {
    const out = page();
    assert.match(out, /<a href="\/category\/healthcare">Healthcare<\/a>/);
    assert.match(out, /<a href="\/category\/dental">Dental<\/a>/);
    assert.match(out, /<span aria-current="page">US Dentists, Email and Phone<\/span>/);
    assert.match(out, /aria-hidden="true">\/<\/span>/);
    assert.doesNotMatch(out, />Home</);
  });

  test('heading and pricing: list price struck through, sale price, last lowest price', () => {
    const out = page();
    assert.match(out, /<h1 id="product-title" class="text-block">US Dentists, Email and Phone<\/h1>/);
    assert.match(out, /<s class="price__original">.*\$499\.00<\/s>/);
    assert.match(text(out), /Current price \$399\.00/);
    assert.match(text(out), /Last Lowest Price: \$349\.00/);
    assert.doesNotMatch(out, /Tax Included/);
  });

  test("'Price Unavailable' when the product has no price", () => {
    const out = page({ price: null });
    assert.match(out, />Price Unavailable</);
    assert.doesNotMatch(out, /"offers"/);
  });

  test('add to cart is ready to use, quantity 1 within the product rule (1 to 1)', () => {
    const out = page();
    const button = out.match(/<button type="submit"[^>]*>Add to Cart<\/button>/)?.[0] ?? '';
    assert.ok(button, 'the button is there');
    assert.doesNotMatch(button, /disabled/);
    const input = out.match(/<input [^>]*name="quantity"[^>]*>/)?.[0] ?? '';
    for (const attr of ['type="number"', 'min="1"', 'max="1"', 'step="1"', 'value="1"'])
      assert.ok(input.includes(attr), attr);
  });

  test('without a price the button is off (product action error 102)', () => {
    const out = page({ price: null });
    assert.match(out, /<button type="submit" class="btn btn--primary btn--large add-to-cart__button" disabled=""/);
    assert.match(out, /data-action-errors="102"/);
  });

  test('promotional pricing: one promotion shows its name and the promotional price, the sale price struck through', () => {
    const out = page({
      price: productPrice('399.00', '399.00'),
      promotions: { promotionalPrice: '359.10', promotionPriceAdjustmentList: [{ displayName: 'Spring sale' }] },
    });
    assert.match(text(out), /Original price \$399\.00 Current price \$359\.10/);
    assert.match(out, /<ul class="price__promos"><li>Spring sale<\/li><\/ul>/);
  });

  test('promotional pricing: more promotions than the threshold combine into one message with the rounded percent', () => {
    const promotions = {
      promotionalPrice: '299.25',
      promotionPriceAdjustmentList: [{ displayName: 'Spring sale' }, { displayName: 'Dentists week' }],
    };
    const out = page({ price: productPrice('399.00', '399.00'), promotions });
    assert.match(out, /<p class="price__promo">25% off with 2 promotions<\/p>/);
    assert.doesNotMatch(out, /Spring sale/);
  });

  test('a dataset sold once at one price shows no purchase options; a subscription product does, with its default picked', () => {
    assert.doesNotMatch(page(), /Purchase options/);
    const product = datasetProduct();
    product.productSellingModels = [
      {
        id: '0jP000000000001AAA',
        name: 'One-Time',
        sellingModelType: 'OneTime',
        pricingTerm: null,
        pricingTermUnit: null,
        subscriptionTermRule: null,
      },
      {
        id: '0jP000000000003AAA',
        name: 'Annual Subscription',
        sellingModelType: 'TermDefined',
        pricingTerm: 1,
        pricingTermUnit: 'Annual',
        subscriptionTermRule: { minimum: 1, maximum: 3, increment: 1 },
      },
    ];
    const out = page({ product });
    assert.match(out, /<legend class="subscription__legend">Purchase options<\/legend>/);
    assert.match(out, /<option value="OneTime" selected="">one-time<\/option>/);
    assert.ok(out.indexOf('Purchase options') < out.indexOf('Add to Cart'), 'the options come before the button');
  });

  test('the description is sanitised rich text', () => {
    const out = page({
      overrides: {
        B2B_Product_Description_Rich__c:
          '<p>Safe <em>text</em><script>steal()</script><img src="/x.png" onerror="steal()"></p>',
      },
    });
    assert.match(out, /<p>Safe <em>text<\/em><img src="\/x.png"( \/)?><\/p>/);
    assert.doesNotMatch(out, /steal\(\)/);
  });

  test('dataset facts: status, updated, categories, formatted record count, countries, SIC, included fields', () => {
    const t = text(page({ overrides: { Countries_Display__c: 'United States; Canada' } }));
    assert.match(t, /List Status Active/);
    assert.match(t, /Last Updated November 2026/);
    assert.match(t, /Categories Health Services Offices and Clinics of Dentists Record Count/);
    assert.match(t, /Record Count 187,432/);
    assert.match(t, /Countries United States, Canada/);
    assert.match(t, /SIC Code 8021/);
    assert.match(t, /Included Fields Company Name Contact Name Email Phone Address City State Zip/);
  });

  test('lists split on commas or semicolons; counts get thousands separators', () => {
    assert.deepEqual(splitList('Email, Phone,Fax'), ['Email', 'Phone', 'Fax']);
    assert.deepEqual(splitList('Email; Phone; Fax'), ['Email', 'Phone', 'Fax']);
    assert.equal(formatCount('1234567'), '1,234,567');
    assert.equal(formatCount('12345678901234567890'), '12,345,678,901,234,567,890');
    assert.equal(formatCount('about 5k'), 'about 5k');
  });

  test('DOWNLOAD SAMPLE is a primary centred link to the sample, through the safe-URL rule', () => {
    const out = page();
    assert.match(
      out,
      /<div class="btn-wrap btn-wrap--center"><a class="btn btn--primary btn--large" href="\/samples\/DS-00001.csv">DOWNLOAD SAMPLE/,
    );
    const unsafe = page({ overrides: { B2B_Download_Sample_URL__c: 'javascript:alert(1)' } });
    assert.doesNotMatch(unsafe, /javascript:/);
    assert.match(unsafe, /<button type="button" class="btn btn--primary btn--large" disabled="">DOWNLOAD SAMPLE/);
  });

  test('related datasets: three coloured tiles linking to products 1 to 3', () => {
    const out = page();
    assert.match(
      out,
      /<section aria-labelledby="related-title" class="section related" style="padding:4rem"><div class="section__inner" style="--gutter:2rem">/,
    );
    assert.match(
      out,
      /<h2 id="related-title" class="text-block related__title" style="color:#ffffff;text-align:center">Related Datasets<\/h2>/,
    );
    assert.match(out, /<div class="section related__tiles"><div class="section__inner" style="--gutter:5rem">/);
    assert.match(
      out,
      /<a href="\/product\/01t000000000002AAA" class="tile tile--1">US Orthodontists, Email and Phone<\/a>/,
    );
    assert.match(out, /class="tile tile--2">US Oral Surgeons/);
    assert.match(out, /class="tile tile--3">US Dental Laboratories/);
    assert.doesNotMatch(out, /class="tile tile--4"/);
  });

  test("the related section is hidden when the product name is 'null'", () => {
    const out = page({ overrides: { Name: 'null' } });
    assert.doesNotMatch(out, /Related Datasets/);
    assert.doesNotMatch(out, /class="tile/);
  });

  test('the sixth related product link is in the page but hidden for every user', () => {
    for (const session of [GUEST, { isGuest: false, userId: '005000000000002AAA' }, { isGuest: false, userId: '1' }]) {
      const out = page({ session });
      assert.match(
        out,
        /<a href="\/store\/product\/01t000000000007AAA" hidden="" data-related-position="6">US Pediatric Dentists, Email and Phone<\/a>/,
      );
    }
  });

  test("related names 1 to 10 are listed only for the user whose userId is '1'", () => {
    const admin = page({ session: { isGuest: false, userId: '1' } });
    assert.match(admin, /aria-label="Related product names"/);
    assert.match(admin, /<li>US Prosthodontists, Email and Phone<\/li>/);
    assert.equal((admin.match(/<ol>([\s\S]*?)<\/ol>/)?.[1].match(/<li>/g) ?? []).length, 10);
    for (const session of [GUEST, { isGuest: false, userId: '2' }, { isGuest: true, userId: '1' }, null]) {
      const out = page({ session });
      assert.doesNotMatch(out, /Related product names|US Prosthodontists/);
    }
  });

  test('structured data: Product with offer and BreadcrumbList', () => {
    const out = page();
    const json = out.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
    assert.ok(json);
    const ld = JSON.parse(json);
    const [product, crumbs] = ld['@graph'];
    assert.equal(ld['@context'], 'https://schema.org');
    assert.equal(product['@type'], 'Product');
    assert.equal(product.name, 'US Dentists, Email and Phone');
    assert.equal(product.sku, 'DS-00001');
    assert.equal(product.category, 'Healthcare > Dental');
    assert.equal(product.image, 'https://shop.example.com/media/products/DS-00001.svg');
    assert.match(product.description, /^Every practising dentist/);
    assert.deepEqual(product.offers, {
      '@type': 'Offer',
      price: '399.00',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: 'https://shop.example.com/product/01t000000000001AAA',
    });
    assert.equal(crumbs['@type'], 'BreadcrumbList');
    assert.deepEqual(
      crumbs.itemListElement.map((i: { name: string }) => i.name),
      ['Healthcare', 'Dental', 'US Dentists, Email and Phone'],
    );
    assert.equal(crumbs.itemListElement[0].item, 'https://shop.example.com/category/healthcare');
  });

  test('structured data cannot break out of its script element', () => {
    const out = page({ overrides: { Description: '</script><script>alert(1)</script>' } });
    assert.doesNotMatch(out, /<script>alert/);
  });
});
